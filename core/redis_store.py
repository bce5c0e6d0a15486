"""The deployment's Redis (the default cache's), for what Django's cache API cannot do in
one step: scripts that read and write several keys at once (delivery's token buckets,
the hourly windows of core/hourly_limits.py)."""

from __future__ import annotations

from functools import lru_cache

import redis
from django.conf import settings


@lru_cache(maxsize=4)
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def redis_connection() -> redis.Redis:
    location = settings.CACHES["default"]["LOCATION"]
    return _client(location if isinstance(location, str) else location[0])


def key_prefix() -> str:
    """The deployment's (or test worker's) prefix: several share one Redis."""
    return settings.CACHES["default"].get("KEY_PREFIX", "")
