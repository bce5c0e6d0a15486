"""Tracking tokens: what an open pixel's or a tracked link's URL carries.

A token is 34 bytes in base64url without padding (46 characters): a 22-byte payload (the
client's id, the send's id, the profile's id, the link's index, the second the message was
built) and HMAC-SHA256 truncated to 96 bits over the purpose ("open" or "click") and the
payload, under a key derived from SECRET_KEY for this use only. So the endpoints answer
from the token alone (no database read), a token cannot be altered into another client's,
message's or link's, an open token is no click token, and "clicked within seconds of
sending" is judged from the token's own time. (send, profile) names the message: a send
has one delivery per profile.

Honeypot (bot-trap) links have indexes from HONEYPOT_BASE up, so a click on one is known
to be a machine's from the token alone.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from functools import lru_cache
from typing import NamedTuple

from django.conf import settings

from core.macs import keyed_mac

OPEN = b"open"
CLICK = b"click"
HONEYPOT_BASE = 0x8000  # link indexes of bot traps: HONEYPOT_BASE + 0, + 1, ...
_PACK = struct.Struct(">IIQHI")  # client, send, profile, link, sent (Unix seconds)
_MAC_BYTES = 12
TOKEN_BYTES = _PACK.size + _MAC_BYTES
TOKEN_CHARS = (TOKEN_BYTES * 4 + 2) // 3


class BadToken(ValueError):
    """Altered, forged, truncated, or of the other purpose."""


class TrackingToken(NamedTuple):
    client_id: int
    send_id: int
    profile_id: int
    link: int  # 0 for an open
    sent_at: int  # Unix seconds when the message was built

    @property
    def honeypot(self) -> bool:
        return self.link >= HONEYPOT_BASE


@lru_cache(maxsize=4)
def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), b"mailcraft tracking tokens v1", hashlib.sha256).digest()


def _mac(purpose: bytes, payload: bytes, secret: str) -> bytes:
    # The key's padded blocks hashed once (core.macs): a send makes ~10 tokens a message.
    return keyed_mac(_key(secret)).digest(purpose + payload)[:_MAC_BYTES]


def tracking_token(purpose: bytes, token: TrackingToken) -> str:
    payload = _PACK.pack(*token)
    raw = payload + _mac(purpose, payload, settings.SECRET_KEY)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def tracking_token_read(purpose: bytes, text: str) -> TrackingToken:
    """The token's fields when its MAC holds under SECRET_KEY (or a fallback key being
    rotated out); BadToken otherwise."""
    if len(text) != TOKEN_CHARS:
        raise BadToken
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, binascii.Error) as error:
        raise BadToken from error
    payload, mac = raw[: _PACK.size], raw[_PACK.size :]
    for secret in (settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", ())):
        if hmac.compare_digest(mac, _mac(purpose, payload, secret)):
            return TrackingToken(*_PACK.unpack(payload))
    raise BadToken


def tracking_token_client(text: str) -> int | None:
    """The client id a token's payload names, its MAC not checked (None when it cannot be
    read): what the host check (config/recipient_links.py) compares with the host's
    client at almost no cost. The endpoint then checks the MAC, so a token that names this
    host's client falsely still gets no redirect and no event."""
    if len(text) != TOKEN_CHARS:
        return None
    try:
        return int.from_bytes(base64.urlsafe_b64decode(text[:8])[:4], "big")
    except (ValueError, binascii.Error):
        return None
