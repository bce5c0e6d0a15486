"""Counting windows in Redis: how many of something a person, an address or a client may
have per window (an hour by default), for limits that refuse rather than delay (test
sends, the mail the platform sends for a person: core/person_mail.py).

`windows_take` counts `count` against every window named, all or nothing, in one Redis
script: Redis runs a script alone, so however many requests ask at once, no window gives
out more than its limit, and a refusal by one window counts nothing in the others. A
window starts at its first count and ends `seconds` later (the key's expiry), then counts
afresh. Keys: `<p>:limits:<window key>`, where `<p>` is the deployment's prefix and the
window key names its scope (a client's windows carry the client's schema)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.errors import TooManyRequests
from core.redis_store import key_prefix, redis_connection

_TAKE = """
local count = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i * 2])
  local used = tonumber(redis.call('GET', key) or '0')
  if used + count > limit then
    local ttl = redis.call('TTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[i * 2 + 1]) end
    return {i, ttl}
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCRBY', key, count) == count then
    redis.call('EXPIRE', key, tonumber(ARGV[i * 2 + 1]))
  end
end
return {0, 0}
"""


@dataclass(frozen=True)
class Window:
    key: str  # what is counted, e.g. "test-send:user:12" or "person-mail:alpha:client"
    limit: int  # at most this many per window; 0: no limit
    seconds: int = 3600


@dataclass(frozen=True)
class Refused:
    window: Window  # the first window without room
    retry_after: int  # seconds until it counts afresh


class LimitReached(TooManyRequests):
    """A 429 with the catalogue's message and when to try again (the Retry-After header)."""

    def __init__(self, message: str, *, retry_after: int, errors=None):
        super().__init__(message, errors=errors)
        self.retry_after = retry_after


def windows_key(key: str) -> str:
    return f"{key_prefix()}:limits:{key}"


_registered: dict[int, object] = {}


def _script():
    client = redis_connection()
    script = _registered.get(id(client))
    if script is None:
        script = _registered[id(client)] = client.register_script(_TAKE)
    return script


def windows_take(windows: Sequence[Window], *, count: int = 1) -> Refused | None:
    """Count `count` in every window, or in none when one has no room for them: None
    when counted, else the window that refused and when it has room again."""
    counted = [window for window in windows if window.limit > 0]
    if not counted:
        return None
    args: list[int] = [count]
    for window in counted:
        args += [window.limit, window.seconds]
    index, ttl = _script()(keys=[windows_key(w.key) for w in counted], args=args)
    if not index:
        return None
    return Refused(counted[int(index) - 1], max(1, int(ttl)))
