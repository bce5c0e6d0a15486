"""Recipient tokens: what a link in a message carries to name its profile and send.

A token is `<payload>.<mac>`, both base64url without padding: the payload packs the
profile id and the send id (16 bytes); the MAC is HMAC-SHA256 truncated to 128 bits over
the action, the client's schema and the payload, under a key derived from SECRET_KEY for
this use only. So a token:

- names nothing readable beyond two ids, and cannot be altered or forged;
- serves one action (an unsubscribe token is no click token);
- is refused on another client's host (the schema is inside the MAC, not the token).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from functools import lru_cache

from django.conf import settings

from core.macs import keyed_mac

UNSUBSCRIBE = "unsubscribe"
PREFERENCES = "preferences"  # the update-preferences page of a message
WEB_VIEW = "web-view"  # the message's copy in the browser (services/web_view.py)
_PACK = struct.Struct(">QQ")


class BadToken(ValueError):
    """Altered, forged, of another action, or of another client."""


@lru_cache(maxsize=4)
def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"mailcraft recipient tokens v1", hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _mac(action: str, schema: str, payload: bytes) -> bytes:
    message = f"{action}\x00{schema}\x00".encode() + payload
    return keyed_mac(_key(settings.SECRET_KEY)).digest(message)[:16]


def recipient_token(action: str, *, schema: str, profile_id: int, send_id: int) -> str:
    payload = _PACK.pack(profile_id, send_id)
    return f"{_b64(payload)}.{_b64(_mac(action, schema, payload))}"


def recipient_token_read(action: str, token: str, *, schema: str) -> tuple[int, int]:
    """(profile id, send id) of a good token; BadToken otherwise."""
    try:
        payload_text, mac_text = token.split(".")
        payload, mac = _unb64(payload_text), _unb64(mac_text)
    except (ValueError, binascii.Error) as error:
        raise BadToken from error
    if len(payload) != _PACK.size or not hmac.compare_digest(mac, _mac(action, schema, payload)):
        raise BadToken
    return _PACK.unpack(payload)


def _delivery_mac(purpose: str, schema: str, delivery_id: int) -> str:
    message = f"{purpose}\x00{schema}\x00{delivery_id}".encode()
    return keyed_mac(_key(settings.SECRET_KEY)).digest(message).hex()[:12]


def verp_token(schema: str, delivery_id: int) -> str:
    """The signature in a VERP return path (bounces+<schema>.<delivery>.<token>@...)."""
    return _delivery_mac("verp", schema, delivery_id)


def message_id_token(schema: str, delivery_id: int) -> str:
    """The signature in a delivery's Message-ID (<send>.<delivery>.<token>@...)."""
    return _delivery_mac("message-id", schema, delivery_id)
