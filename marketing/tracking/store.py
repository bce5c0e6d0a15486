"""The tracking endpoints' Redis: the link cache and the event queue (no database here).

Keys start with the deployment's cache prefix (CACHE_KEY_PREFIX) and "tracking":

- `<p>:tracking:<client id>:links:<send id>`: a hash of link index -> recorded URL, filled
  when the send starts (services.send_tracking_start), expiring after
  TRACKING_LINK_CACHE_SECONDS; a miss falls back to the database once and refills it.
- `<p>:tracking:events`: the queue, one entry per request,
  `kind|client|send|profile|link|milliseconds|machine` (each entry names its client).
- `<p>:tracking:batch:<id>` and the set `<p>:tracking:batches`: a batch the writer took
  off the queue (atomically, one Lua script) and has not yet confirmed written. A writer
  that dies between taking and confirming leaves the batch there; the next run writes it
  again, and each schema's FlushedBatch row makes that second write a no-op where the
  first had committed. Nothing is lost and nothing is written twice.
- `<p>:tracking:failures:<batch>`: a hash of client id -> failed writes of that client's
  part of the batch (services._batch_write sets a part aside after a few).
- `<p>:tracking:flushed_at` (Unix ms the last writer run ended) and the hash
  `<p>:tracking:failing` (client id -> Unix ms of the first failed write of events still
  waiting for it): how current each client's figures are (selectors.tracking_freshness).
"""

from __future__ import annotations

import uuid
from typing import NamedTuple

import redis
from django.conf import settings

from core.redis_store import key_prefix, redis_connection

_TAKE = """
local items = redis.call('LPOP', KEYS[1], ARGV[1])
if not items then return 0 end
redis.call('RPUSH', KEYS[3], unpack(items))
redis.call('SADD', KEYS[2], ARGV[2])
return #items
"""


class Event(NamedTuple):
    kind: str  # "o" open, "c" click
    client_id: int
    send_id: int
    profile_id: int
    link: int
    at_ms: int
    machine: bool


def connection() -> redis.Redis:
    return redis_connection()


def _prefix() -> str:
    return f"{key_prefix()}:tracking"


def links_key(client_id: int, send_id: int) -> str:
    return f"{_prefix()}:{client_id}:links:{send_id}"


def queue_key() -> str:
    return f"{_prefix()}:events"


def _batches_key() -> str:
    return f"{_prefix()}:batches"


def _batch_key(batch: str) -> str:
    return f"{_prefix()}:batch:{batch}"


def links_cache(client_id: int, send_id: int, links: dict[int, str]) -> None:
    if not links:
        return
    key = links_key(client_id, send_id)
    pipe = connection().pipeline(transaction=False)
    pipe.hset(key, mapping={str(index): url for index, url in links.items()})
    pipe.expire(key, settings.TRACKING_LINK_CACHE_SECONDS)
    pipe.execute()


def entry(event: Event) -> bytes:
    return (
        f"{event.kind}|{event.client_id}|{event.send_id}|{event.profile_id}|{event.link}|"
        f"{event.at_ms}|{int(event.machine)}"
    ).encode()


def event_parse(raw: bytes) -> Event | None:
    try:
        kind, client, send, profile, link, at_ms, machine = raw.decode().split("|")
        return Event(
            kind, int(client), int(send), int(profile), int(link), int(at_ms), machine == "1"
        )
    except (ValueError, UnicodeDecodeError):
        return None


def queue_length() -> int:
    return connection().llen(queue_key())


def batch_take(size: int) -> str | None:
    """Move up to `size` queued events into a new pending batch; its id, or None."""
    batch = uuid.uuid4().hex
    keys = [queue_key(), _batches_key(), _batch_key(batch)]
    taken = connection().eval(_TAKE, 3, *keys, size, batch)
    return batch if taken else None


def batches_pending() -> list[str]:
    return sorted(b.decode() for b in connection().smembers(_batches_key()))


def batch_events(batch: str) -> list[Event]:
    raws = connection().lrange(_batch_key(batch), 0, -1)
    return [event for raw in raws if (event := event_parse(raw)) is not None]


def batch_raw(batch: str) -> list[bytes]:
    return connection().lrange(_batch_key(batch), 0, -1)


def batch_done(batch: str) -> None:
    pipe = connection().pipeline(transaction=True)
    pipe.delete(_batch_key(batch))
    pipe.delete(_failures_key(batch))
    pipe.srem(_batches_key(), batch)
    pipe.execute()


def _failures_key(batch: str) -> str:
    return f"{_prefix()}:failures:{batch}"


def _failing_key() -> str:
    return f"{_prefix()}:failing"


def _flushed_at_key() -> str:
    return f"{_prefix()}:flushed_at"


def batch_failure_count(batch: str, client_id: int, at_ms: int) -> int:
    """One more failed write of the client's part of the batch; the count now. The client
    is failing since `at_ms` unless it was already."""
    pipe = connection().pipeline(transaction=True)
    pipe.hincrby(_failures_key(batch), str(client_id), 1)
    pipe.hsetnx(_failing_key(), str(client_id), at_ms)
    return pipe.execute()[0]


def client_caught_up(client_ids) -> None:
    """Nothing of these clients is waiting on a failed write any more."""
    if client_ids:
        connection().hdel(_failing_key(), *[str(client) for client in client_ids])


def flushed_at_set(at_ms: int) -> None:
    connection().set(_flushed_at_key(), at_ms)


def flush_state(client_id: int) -> tuple[int | None, int | None, bool]:
    """(Unix ms the last writer run ended, Unix ms since which the client's events fail to
    be written or None, whether any client's events are queued or taken and not written)."""
    pipe = connection().pipeline(transaction=False)
    pipe.get(_flushed_at_key())
    pipe.hget(_failing_key(), str(client_id))
    pipe.llen(queue_key())
    pipe.scard(_batches_key())
    flushed_at, failing, queued, pending = pipe.execute()
    return (
        int(flushed_at) if flushed_at else None,
        int(failing) if failing else None,
        bool(queued or pending),
    )
