"""Fixed-window counters in the shared cache (keys are tenant-prefixed by the cache's
key function)."""

from django.core.cache import cache


def rate_limit_exceeded(key: str, *, limit: int) -> bool:
    return (cache.get(key) or 0) >= limit


def rate_limit_hit(key: str, *, window: int) -> None:
    if cache.add(key, 1, timeout=window):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)


def rate_limit_reset(key: str) -> None:
    cache.delete(key)
