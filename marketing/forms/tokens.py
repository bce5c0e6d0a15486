"""The public side's signed tokens (django.core.signing, SECRET_KEY and its fallbacks):

- a form page's token: the page was fetched from us (a bot posting straight to the submit
  endpoint has none), for this form, within FORM_TOKEN_MAX_AGE_SECONDS;
- a confirmation link's token: names one submission, within FORM_CONFIRM_MAX_AGE_DAYS.
Both are signed over the client's schema: a token of one client is nothing on another's
host."""

from __future__ import annotations

from django.conf import settings
from django.core import signing


class BadToken(ValueError):
    """Altered, expired, of another form or of another client."""


def _salt(kind: str, schema: str) -> str:
    return f"mailcraft.forms.{kind}:{schema}"


def form_token(*, form_key: str, schema: str) -> str:
    return signing.dumps(str(form_key), salt=_salt("page", schema), compress=False)


def form_token_check(token: str, *, form_key: str, schema: str) -> None:
    try:
        named = signing.loads(
            token, salt=_salt("page", schema), max_age=settings.FORM_TOKEN_MAX_AGE_SECONDS
        )
    except signing.BadSignature:
        raise BadToken(token) from None
    if named != str(form_key):
        raise BadToken(token)


def confirm_token(*, submission_id: int, schema: str) -> str:
    return signing.dumps(submission_id, salt=_salt("confirm", schema))


def confirm_token_read(token: str, *, schema: str) -> int:
    """The submission id of a good confirmation token."""
    try:
        value = signing.loads(
            token,
            salt=_salt("confirm", schema),
            max_age=settings.FORM_CONFIRM_MAX_AGE_DAYS * 86_400,
        )
    except signing.BadSignature:
        raise BadToken(token) from None
    if not isinstance(value, int):
        raise BadToken(token)
    return value
