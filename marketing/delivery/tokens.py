"""Recipient tokens: what a link in a message carries to name its profile and send.

A token is `<payload>.<mac>`, both base64url without padding: the payload packs the
profile id and the send id (16 bytes); the MAC is HMAC-SHA256 truncated to 128 bits over
the action, the client's schema and the payload, under a key derived from SECRET_KEY for
this use only. So a token:

- names nothing readable beyond two ids, and cannot be altered or forged;
- serves one action (an unsubscribe token is no click token);
- is refused on another client's host (the schema is inside the MAC, not the token);
- outlives a key rotation: tokens are made under SECRET_KEY and read under it first, then
  under each of SECRET_KEY_FALLBACKS, so links in mail delivered before a rotation keep
  working (RFC 8058 one-click unsubscribe included) while the old key is kept as a fallback.
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
_RECIPIENT_MAC_BYTES = 16


class BadToken(ValueError):
    """Altered, forged, of another action, or of another client."""


@lru_cache(maxsize=8)  # SECRET_KEY and its fallbacks
def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"mailcraft recipient tokens v1", hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _digest(message: bytes, secret: str) -> bytes:
    return keyed_mac(_key(secret)).digest(message)


def _holds(message: bytes, given: bytes, cut: int) -> bool:
    """The MAC `given` (the digest's first `cut` bytes) holds under SECRET_KEY or, only
    when it does not (a token from before a rotation), under one of SECRET_KEY_FALLBACKS."""
    if hmac.compare_digest(given, _digest(message, settings.SECRET_KEY)[:cut]):
        return True
    return any(
        hmac.compare_digest(given, _digest(message, secret)[:cut])
        for secret in getattr(settings, "SECRET_KEY_FALLBACKS", ())
    )


def _recipient_message(action: str, schema: str, payload: bytes) -> bytes:
    return f"{action}\x00{schema}\x00".encode() + payload


def recipient_token(action: str, *, schema: str, profile_id: int, send_id: int) -> str:
    payload = _PACK.pack(profile_id, send_id)
    mac = _digest(_recipient_message(action, schema, payload), settings.SECRET_KEY)
    mac = mac[:_RECIPIENT_MAC_BYTES]
    return f"{_b64(payload)}.{_b64(mac)}"


def recipient_token_read(action: str, token: str, *, schema: str) -> tuple[int, int]:
    """(profile id, send id) of a good token; BadToken otherwise."""
    try:
        payload_text, mac_text = token.split(".")
        payload, mac = _unb64(payload_text), _unb64(mac_text)
    except (ValueError, binascii.Error) as error:
        raise BadToken from error
    if len(payload) != _PACK.size or len(mac) != _RECIPIENT_MAC_BYTES:
        raise BadToken
    if not _holds(_recipient_message(action, schema, payload), mac, _RECIPIENT_MAC_BYTES):
        raise BadToken
    return _PACK.unpack(payload)


_DELIVERY_MAC_BYTES = 6  # 12 hex digits


def _delivery_message(purpose: str, schema: str, delivery_id: int) -> bytes:
    return f"{purpose}\x00{schema}\x00{delivery_id}".encode()


def _delivery_mac(purpose: str, schema: str, delivery_id: int) -> str:
    message = _delivery_message(purpose, schema, delivery_id)
    return _digest(message, settings.SECRET_KEY)[:_DELIVERY_MAC_BYTES].hex()


def verp_token(schema: str, delivery_id: int) -> str:
    """The signature in a VERP return path (bounces+<schema>.<delivery>.<token>@...)."""
    return _delivery_mac("verp", schema, delivery_id)


def verp_token_holds(schema: str, delivery_id: int, token: str) -> bool:
    """`token` is the return path's signature for this delivery, under the current key or
    a fallback (a bounce of mail sent before a rotation still counts)."""
    try:
        given = bytes.fromhex(token)
    except ValueError:
        return False
    if len(given) != _DELIVERY_MAC_BYTES:
        return False
    return _holds(_delivery_message("verp", schema, delivery_id), given, _DELIVERY_MAC_BYTES)


def message_id_token(schema: str, delivery_id: int) -> str:
    """The signature in a delivery's Message-ID (<send>.<delivery>.<token>@...)."""
    return _delivery_mac("message-id", schema, delivery_id)
