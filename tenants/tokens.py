"""Short-lived bearer tokens for browsers that block third-party cookies inside the
parent suite's iframe. A token names a server-side session and its client; signing out
deletes the session and so kills every token made from it."""

import time
from dataclasses import dataclass

from django.conf import settings
from django.core import signing

_SALT = "mailcraft.api-token"


@dataclass(frozen=True)
class TokenClaims:
    session_key: str
    client_id: int
    issued_at: int


def api_token_issue(*, session_key: str, client_id: int) -> str:
    return signing.dumps({"s": session_key, "c": client_id, "t": int(time.time())}, salt=_SALT)


def api_token_read(token: str) -> TokenClaims | None:
    """The claims of a valid token, or None when it is forged, malformed or expired."""
    try:
        data = signing.loads(token, salt=_SALT, max_age=settings.API_TOKEN_MAX_AGE)
        return TokenClaims(
            session_key=str(data["s"]), client_id=int(data["c"]), issued_at=int(data["t"])
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def api_token_needs_refresh(claims: TokenClaims) -> bool:
    return time.time() - claims.issued_at > settings.API_TOKEN_REFRESH_AFTER
