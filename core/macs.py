"""HMAC-SHA256 under one key, for tokens made by the thousand (a message's links, its
recipient links, its Message-ID and return path).

RFC 2104: HMAC(K, m) = H(K ^ opad || H(K ^ ipad || m)). The two padded-key blocks are
hashed once per key; each MAC then copies those two states and hashes the message and the
inner digest: about half the time of `hmac.digest`, which sets the key up on every call.
The result is the same bytes (tests/core/test_macs.py holds it to `hmac`)."""

from __future__ import annotations

import hashlib
from functools import lru_cache

_BLOCK = 64  # SHA-256's block size


class KeyedMac:
    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_BLOCK, b"\0")
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def digest(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()


@lru_cache(maxsize=16)
def keyed_mac(key: bytes) -> KeyedMac:
    """The KeyedMac of `key`, made once per process (keys derive from SECRET_KEY and its
    fallbacks: a handful)."""
    return KeyedMac(key)
