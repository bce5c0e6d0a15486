"""Google reCAPTCHA, for a client that chose it over ALTCHA (client settings, spec 5.10):
the visitor's answer (`g-recaptcha-response`) is verified with the client's secret at
FORM_RECAPTCHA_VERIFY_URL (siteverify's wire format: a form-encoded POST of secret,
response and remoteip; JSON back with `success`). No answer, a refusal, or a verify
endpoint that cannot be reached or answers nonsense: the submission is refused (a captcha
that fails open is no captcha). The URL is the operators' setting, never a user's."""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from urllib.parse import urlencode

from django.conf import settings

from core.errors import ValidationFailed
from core.sealing import Unsealable, unseal
from marketing.forms import messages

logger = logging.getLogger(__name__)


def recaptcha_check(answer: str, *, sealed_secret: str, ip: str) -> None:
    refused = ValidationFailed(messages.NOT_A_ROBOT, errors={"recaptcha": [messages.NOT_A_ROBOT]})
    if not answer or len(answer) > 4000:
        raise refused
    try:
        secret = unseal(sealed_secret)
    except Unsealable:
        logger.error("recaptcha: the client's secret cannot be unsealed")
        raise refused from None
    body = urlencode({"secret": secret, "response": answer, "remoteip": ip}).encode()
    request = urllib.request.Request(
        settings.FORM_RECAPTCHA_VERIFY_URL,
        data=body,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(
            request, timeout=settings.FORM_RECAPTCHA_TIMEOUT_SECONDS
        ) as answered:
            verdict = json.loads(answered.read(65_536))
    except (OSError, ValueError):
        logger.warning("recaptcha: the verify endpoint did not answer usefully")
        raise refused from None
    if not isinstance(verdict, dict) or verdict.get("success") is not True:
        raise refused
