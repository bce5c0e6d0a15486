"""The tracking endpoints' per-process outbox: events are queued in Redis in batches (one
RPUSH of up to TRACKING_PUSH_BATCH entries) instead of one round trip per request.

Measured (tests/bench/bench_tracking_endpoints.py, 2 sync gunicorn workers): the handler
spent ~110 us per request, ~80 us of it waiting on Redis for its own RPUSH; batched, the
Redis wait is shared by a batch.

An event waits here at most TRACKING_PUSH_SECONDS: a daemon thread (started with the
first event of each process, so after gunicorn's fork) pushes whatever is waiting, and the
process pushes the rest when it exits (gunicorn's graceful and quick shutdowns both run
`atexit`). What a SIGKILLed worker held is lost: at most one batch, a fraction of a
second of one worker's opens and clicks; the redirect and the pixel never wait for it.
With TRACKING_PUSH_BATCH of 1 every event is pushed at once (the tests' setting)."""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time

import redis
from django.conf import settings

from marketing.tracking import store

logger = logging.getLogger(__name__)


class Outbox:
    def __init__(self) -> None:
        self._entries: list[bytes] = []
        self._lock = threading.Lock()
        self._pid: int | None = None

    def add(self, entry: bytes) -> None:
        if settings.TRACKING_PUSH_BATCH <= 1:
            _push([entry])
            return
        if self._pid != os.getpid():
            self._start()
        with self._lock:
            self._entries.append(entry)
            if len(self._entries) < settings.TRACKING_PUSH_BATCH:
                return
            taken, self._entries = self._entries, []
        _push(taken)

    def flush(self) -> None:
        """Push everything waiting now."""
        with self._lock:
            taken, self._entries = self._entries, []
        if taken:
            _push(taken)

    def waiting(self) -> int:
        return len(self._entries)

    def _start(self) -> None:
        with self._lock:
            if self._pid == os.getpid():
                return
            # A forked child inherits its parent's list: those events are the parent's.
            self._entries = []
            self._pid = os.getpid()
        threading.Thread(target=self._run, name="tracking-outbox", daemon=True).start()
        atexit.register(self.flush)

    def _run(self) -> None:
        pid = self._pid
        while self._pid == pid:
            time.sleep(settings.TRACKING_PUSH_SECONDS)
            self.flush()


def _push(entries: list[bytes]) -> None:
    try:
        store.connection().rpush(store.queue_key(), *entries)
    except redis.RedisError:
        logger.exception("tracking: the event queue is unreachable; %d dropped", len(entries))


OUTBOX = Outbox()
