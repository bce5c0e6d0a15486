"""The public form's self-hosted captcha: an ALTCHA proof of work (the `altcha` package's
challenge format, v1: SHA-256 over salt + a number the visitor's browser finds). No
outside request, no cookie, nothing about the visitor kept.

The page carries a fresh challenge for its form (the salt names the form and expires
with the page's token); the form page's script (static/forms/form.js) searches the number
and sends the solution as the `altcha` field. The submit checks it: the signature is ours
(FORM_ALTCHA_HMAC_KEY), the salt names this form and this client and has not expired, the
number solves it, and it was not used before (each solution is marked spent in Redis until
its challenge expires, so one solved page is one submission)."""

from __future__ import annotations

import base64
import hashlib
import json
from datetime import timedelta

from altcha import create_challenge_v1, extract_params_v1, verify_solution_v1
from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.errors import ValidationFailed
from core.redis_store import key_prefix, redis_connection
from marketing.forms import messages


def _hmac_key() -> str:
    return (
        settings.FORM_ALTCHA_HMAC_KEY
        or hashlib.sha256(f"mailcraft.forms.altcha:{settings.SECRET_KEY}".encode()).hexdigest()
    )


def altcha_challenge(*, form_key: str) -> dict:
    """A challenge for one view of the form's page (the widget's JSON shape)."""
    seconds = settings.FORM_TOKEN_MAX_AGE_SECONDS
    challenge = create_challenge_v1(
        hmac_key=_hmac_key(),
        max_number=settings.FORM_ALTCHA_MAX_NUMBER,
        expires=timezone.now() + timedelta(seconds=seconds),
        params={"form": str(form_key), "client": connection.schema_name},
    )
    return challenge.to_dict()


def _payload(encoded: str) -> dict | None:
    try:
        payload = json.loads(base64.b64decode(encoded, validate=True))
    except (ValueError, TypeError):
        return None
    return payload if isinstance(payload, dict) else None


def altcha_check(encoded: str, *, form_key: str) -> None:
    """ValidationFailed (NOT_A_ROBOT) unless `encoded` is an unspent solution of a
    challenge this client's page of this form gave out."""
    refused = ValidationFailed(messages.NOT_A_ROBOT, errors={"altcha": [messages.NOT_A_ROBOT]})
    payload = _payload(encoded or "")
    if payload is None or not isinstance(payload.get("salt"), str):
        raise refused
    try:
        ok, _ = verify_solution_v1(payload, _hmac_key(), check_expires=True)
        params = extract_params_v1(payload)
    except (ValueError, TypeError):
        raise refused from None
    if not ok:
        raise refused
    if params.get("form") != [str(form_key)] or params.get("client") != [connection.schema_name]:
        raise refused
    spent = f"{key_prefix()}:altcha:spent:{payload['signature']}"
    seconds = settings.FORM_TOKEN_MAX_AGE_SECONDS
    if not redis_connection().set(spent, 1, nx=True, ex=seconds):
        raise refused
