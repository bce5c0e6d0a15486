"""Sign-in from the parent suite (spec 7, getStatus `clnt`). The parent encrypts and signs
a JSON payload with the client's shared secret (Fernet: AES-128-CBC + HMAC-SHA256, key
derived with HKDF). The payload names the client, the person, their role and website,
expires within minutes and carries a single-use id."""

import base64
import json
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings
from django.db import IntegrityError, transaction

from tenants.models import Client, Role, SsoNonce

# What a client's secret can grant: a role in that client, never platform-wide power.
PAYLOAD_ROLES = (Role.ADMIN, Role.USER)


class SsoRejected(Exception):
    """Why a payload was refused, for the log; the user only ever sees SSO_FAILED."""


@dataclass(frozen=True)
class SsoClaims:
    email: str
    first_name: str
    last_name: str
    role: Role
    website_id: int | None
    has_mkm_access: bool


def _fernet(client: Client) -> Fernet:
    key = HKDF(
        algorithm=hashes.SHA256(),
        length=32,
        salt=b"mailcraft-sso",
        info=client.schema_name.encode(),
    ).derive(client.sso_secret.encode())
    return Fernet(base64.urlsafe_b64encode(key))


def sso_payload_mint(
    *,
    client: Client,
    email: str,
    role: str = Role.ADMIN,
    first_name: str = "",
    last_name: str = "",
    website_id: int | None = None,
    has_mkm_access: bool = True,
    ttl_seconds: int = 120,
    now: float | None = None,
) -> str:
    """What the parent suite does: used by `manage.py mint_sso`, tests and demos."""
    issued = int(now if now is not None else time.time())
    claims = {
        "client": client.schema_name,
        "email": email,
        "firstName": first_name,
        "lastName": last_name,
        "role": role,
        "websiteId": website_id,
        "mkm": has_mkm_access,
        "iat": issued,
        "exp": issued + ttl_seconds,
        "jti": uuid.uuid4().hex,
    }
    return _fernet(client).encrypt_at_time(json.dumps(claims).encode(), issued).decode()


def _parse(client: Client, payload: str) -> dict:
    try:
        raw = _fernet(client).decrypt(payload.encode(), ttl=settings.SSO_MAX_AGE)
        claims = json.loads(raw)
    except (InvalidToken, ValueError, UnicodeError) as exc:
        raise SsoRejected("undecryptable, tampered or older than SSO_MAX_AGE") from exc
    if not isinstance(claims, dict):
        raise SsoRejected("claims are not an object")
    return claims


def sso_payload_redeem(*, client: Client, payload: str) -> SsoClaims:
    """Verify and consume a payload for `client` (the client of the host it arrived on)."""
    claims = _parse(client, payload)
    now = time.time()
    try:
        exp = int(claims["exp"])
        iat = int(claims["iat"])
        jti = str(claims["jti"])
        email = str(claims["email"]).strip().lower()
        role = Role(claims["role"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SsoRejected("missing or malformed claim") from exc
    if role not in PAYLOAD_ROLES:
        raise SsoRejected("a payload grants ADMIN or USER only")
    if claims.get("client") != client.schema_name:
        raise SsoRejected("payload names another client")
    if exp < now or exp - iat > settings.SSO_MAX_AGE:
        raise SsoRejected("expired or lifetime too long")
    if not email or "@" not in email or not jti:
        raise SsoRejected("no person or no single-use id")
    website_id = claims.get("websiteId")
    if website_id is not None and type(website_id) is not int:
        raise SsoRejected("websiteId is not an integer")
    try:
        with transaction.atomic():
            SsoNonce.objects.create(
                jti=jti, client=client, expires_at=datetime.fromtimestamp(exp, tz=UTC)
            )
    except IntegrityError as exc:
        raise SsoRejected("replayed payload") from exc
    return SsoClaims(
        email=email,
        first_name=str(claims.get("firstName") or ""),
        last_name=str(claims.get("lastName") or ""),
        role=role,
        website_id=website_id,
        has_mkm_access=bool(claims.get("mkm", True)),
    )
