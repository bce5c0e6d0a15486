"""Version tokens for cached reads. A writer replaces a name's token once its transaction
commits; a reader puts the tokens, read before the data, in its cache key. A figure
cached under a token is then never served after a write it did not see: the write's
token replaces the old one only after the rows are visible, and a reader that saw the
old token keyed what it read under the old token. Keys carry the tenant's schema (the
cache's key function)."""

import uuid

from django.core.cache import cache
from django.db import transaction


def _key(name: str) -> str:
    return f"version:{name}"


def versions_bump_on_commit(names: set[str]) -> None:
    """Give each name a new token when the current transaction commits (at once outside
    one)."""
    if not names:
        return
    keys = [_key(name) for name in sorted(names)]
    transaction.on_commit(
        lambda: cache.set_many({key: uuid.uuid4().hex for key in keys}, timeout=None)
    )


def versions_read(names: list[str]) -> list[str]:
    """The names' tokens, in order; a name without one gets one (a token lost from the
    cache is a new token, never an old one, so nothing cached under it is reused)."""
    keys = [_key(name) for name in names]
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            cache.add(key, uuid.uuid4().hex, timeout=None)
            found[key] = cache.get(key)
    return [found[key] for key in keys]
