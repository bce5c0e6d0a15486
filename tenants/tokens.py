"""Opaque bearer tokens for browsers that block third-party cookies inside the parent
suite's iframe, and single-use download tokens for links a browser follows without a
header.

A token is 256 random bits; only its SHA-256 is stored, with its client, person, purpose,
expiry and the server-side session it belongs to. Nothing in it can be read, and nothing a
holder sees can be turned into a session cookie. When the session goes (sign-out, expiry,
an operator deleting it), every token made from it stops working.

An API token expires after API_TOKEN_MAX_AGE of disuse: each use moves its expiry forward
(at most once a minute), like a session's last activity; it never outlives its session."""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.db.models.functions import Now
from django.utils import timezone

from tenants.models import ApiToken, TokenPurpose

_SLIDE_STEP = timedelta(seconds=60)


@dataclass(frozen=True)
class TokenClaims:
    session_key: str
    client_id: int
    user_id: int


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _issue(*, purpose: str, session_key: str, client_id: int, user_id: int, ttl: int, path=""):
    token = secrets.token_urlsafe(32)
    ApiToken.objects.create(
        key_hash=_hash(token),
        purpose=purpose,
        client_id=client_id,
        user_id=user_id,
        session_key=session_key,
        path=path,
        expires_at=timezone.now() + timedelta(seconds=ttl),
    )
    return token


def api_token_issue(*, session_key: str, client_id: int, user_id: int) -> str:
    return _issue(
        purpose=TokenPurpose.API,
        session_key=session_key,
        client_id=client_id,
        user_id=user_id,
        ttl=settings.API_TOKEN_MAX_AGE,
    )


def download_token_issue(*, session_key: str, client_id: int, user_id: int, path: str) -> str:
    """A token for one GET of `path`, within DOWNLOAD_TOKEN_MAX_AGE seconds."""
    return _issue(
        purpose=TokenPurpose.DOWNLOAD,
        session_key=session_key,
        client_id=client_id,
        user_id=user_id,
        ttl=settings.DOWNLOAD_TOKEN_MAX_AGE,
        path=path,
    )


def _session_alive() -> Exists:
    """The token's session still exists and has not expired (one query with the token)."""
    return Exists(
        Session.objects.filter(session_key=OuterRef("session_key"), expire_date__gt=Now())
    )


def api_token_read(token: str) -> TokenClaims | None:
    """The claims of a live API token, or None when it is unknown, expired or its session
    has ended."""
    if not token or len(token) > 200:
        return None
    now = timezone.now()
    row = (
        ApiToken.objects.filter(
            _session_alive(), key_hash=_hash(token), purpose=TokenPurpose.API, expires_at__gt=now
        )
        .values("pk", "session_key", "client_id", "user_id", "expires_at")
        .first()
    )
    if row is None:
        return None
    renewed = now + timedelta(seconds=settings.API_TOKEN_MAX_AGE)
    if renewed - row["expires_at"] > _SLIDE_STEP:
        ApiToken.objects.filter(pk=row["pk"]).update(expires_at=renewed)
    return TokenClaims(row["session_key"], row["client_id"], row["user_id"])


def download_token_redeem(token: str, *, path: str) -> TokenClaims | None:
    """Consume a download token for `path`: it works once, for that path only."""
    if not token or len(token) > 200:
        return None
    with transaction.atomic():
        row = (
            ApiToken.objects.select_for_update()
            .filter(
                key_hash=_hash(token),
                purpose=TokenPurpose.DOWNLOAD,
                path=path,
                expires_at__gt=timezone.now(),
            )
            .first()
        )
        if row is None:
            return None
        row.delete()
    if not Session.objects.filter(session_key=row.session_key, expire_date__gt=Now()).exists():
        return None
    return TokenClaims(row.session_key, row.client_id, row.user_id)


def session_tokens_revoke(session_key: str) -> None:
    ApiToken.objects.filter(session_key=session_key).delete()


def expired_tokens_purge() -> int:
    deleted, _ = ApiToken.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted
