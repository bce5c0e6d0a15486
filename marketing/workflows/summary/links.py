"""The signed, expiring link of a digest's public page (/external/summaryNotificationData
?token=...): anyone holding it may read that digest's figures, without signing in, for
SUMMARY_LINK_DAYS. The token names the client's schema and the digest (django.core.signing,
its own salt); a forged, expired or another client's token is refused with one message."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.db import connection

from core.errors import ValidationFailed
from marketing.workflows.summary.messages import SUMMARY_LINK_INVALID
from marketing.workflows.summary.models import SummaryDigest

SUMMARY_LINK_DAYS = 30
SUMMARY_PATH = "/external/summaryNotificationData"
_SALT = "marketing.workflows.summary.data"
TOKEN_MAX = 500


def summary_token(digest: SummaryDigest) -> str:
    return signing.dumps({"s": connection.schema_name, "d": digest.pk}, salt=_SALT)


def summary_link(digest: SummaryDigest, client) -> str:
    """The absolute link, on the client's own host."""
    host = client.get_primary_domain().domain
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    base = f"{settings.DELIVERY_LINK_SCHEME}://{host}{port}"
    return f"{base}{SUMMARY_PATH}?token={summary_token(digest)}"


def summary_link_open(token: str) -> SummaryDigest:
    invalid = ValidationFailed(SUMMARY_LINK_INVALID)
    if not token or len(token) > TOKEN_MAX:
        raise invalid
    try:
        claims = signing.loads(token, salt=_SALT, max_age=timedelta(days=SUMMARY_LINK_DAYS))
    except signing.BadSignature as exc:  # SignatureExpired included
        raise invalid from exc
    if not isinstance(claims, dict) or claims.get("s") != connection.schema_name:
        raise invalid
    digest_id = claims.get("d")
    if not isinstance(digest_id, int):
        raise invalid
    digest = SummaryDigest.objects.select_related("notification__workflow").filter(pk=digest_id)
    found = digest.first()
    if found is None:
        raise invalid
    return found
