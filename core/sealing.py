"""Secrets kept in the database (a client's ESP API keys, webhook passwords), sealed with
Fernet (AES-128-CBC + HMAC-SHA256) under keys derived from SECRET_KEY for this use only.

`seal(text)` gives a token to store; `unseal(token)` the text back. SECRET_KEY_FALLBACKS
keep opening what older keys sealed, so the key can be rotated (re-seal on the next save).
A token that no key opens raises `Unsealable`."""

from __future__ import annotations

import base64
import hashlib
import hmac
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

_PURPOSE = b"mailcraft sealed secrets v1"


class Unsealable(ValueError):
    """Altered, or sealed under a key this deployment no longer has."""


@lru_cache(maxsize=4)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    derived = [hmac.new(key.encode(), _PURPOSE, hashlib.sha256).digest() for key in keys]
    return MultiFernet([Fernet(base64.urlsafe_b64encode(key)) for key in derived])


def _current() -> MultiFernet:
    fallbacks = tuple(getattr(settings, "SECRET_KEY_FALLBACKS", ()) or ())
    return _fernet((settings.SECRET_KEY, *fallbacks))


def seal(text: str) -> str:
    return _current().encrypt(text.encode()).decode("ascii") if text else ""


def unseal(token: str) -> str:
    if not token:
        return ""
    try:
        return _current().decrypt(token.encode("ascii")).decode()
    except (InvalidToken, UnicodeError) as error:
        raise Unsealable from error
