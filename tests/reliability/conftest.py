"""The fault tests' pipeline: real Celery workers (solo, two by default, on a queue of the
session's own) running `delivery.send_run` against the test database and an aiosmtpd sink
with fault switches (tests/support/smtp_sink.py); a sweeper thread in this process calls
the real `delivery.sweep` every second, as beat would every minute.

Workers are other processes, so a test's data is committed (in client alpha, under an
email domain of the test's own) and removed afterwards. Leases and retries are short here
(LEASE seconds, first retry after 1 s), so a lost worker's rows come back within seconds."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import pytest
from django.db import close_old_connections, connection

from marketing.audience.models import Profile
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind, Suppression
from marketing.delivery.services.send_control import send_start
from marketing.tracking.models import EmailEvent
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_database_url,
)
from tests.support.delivery_pipeline import CONTENT, LEASE, TASK_SECONDS
from tests.support.smtp_sink import Faults, SmtpSink
from tests.support.waiting import wait_until

_worker_numbers = itertools.count()


@dataclass
class Pipeline:
    sink: SmtpSink
    queue: str
    env: dict[str, str]
    tenant: object
    workers: list[subprocess.Popen] = field(default_factory=list)
    domain: str = ""  # this test's recipients' email domain
    _sources: list[int] = field(default_factory=list)

    # --- workers ---------------------------------------------------------------------
    def worker_start(self) -> subprocess.Popen:
        n = next(_worker_numbers)
        process = celery_worker_start(
            self.queue,
            node=f"{self.queue}-{n}",
            CACHE_KEY_PREFIX=f"worker-{self.queue}",
            **self.env,
        )
        self.workers.append(process)
        return process

    def worker_kill(self, process: subprocess.Popen) -> None:
        """SIGKILL: no warm shutdown, no ack, open transactions cut."""
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)

    # --- data ------------------------------------------------------------------------
    def profiles(self, count: int, **fields) -> list[int]:
        connection.set_tenant(self.tenant.client)
        made = Profile.objects.bulk_create(
            Profile(email=f"r{i}@{self.domain}", first_name=f"R{i}", **fields) for i in range(count)
        )
        return [p.pk for p in made]

    def start(self, source_id: int, **content) -> int:
        """delivery's send_start for this test's profiles (the run is published now)."""
        connection.set_tenant(self.tenant.client)
        self._sources.append(source_id)
        started = send_start(
            kind=SendKind.CAMPAIGN,
            source_id=source_id,
            **(CONTENT | content),
            audience_sql=f"SELECT id FROM {Profile._meta.db_table} WHERE email LIKE %s",
            params=[f"%{self.domain}"],
        )
        return started.send_id

    def rows(self, send_id: int) -> dict[str, Delivery]:
        connection.set_tenant(self.tenant.client)
        return {d.email: d for d in Delivery.objects.filter(send_id=send_id)}

    def rows_in(self, send_id: int, state: DeliveryState) -> int:
        connection.set_tenant(self.tenant.client)
        return Delivery.objects.filter(send_id=send_id, state=state).count()

    def status(self, send_id: int) -> str:
        connection.set_tenant(self.tenant.client)
        return Send.objects.get(pk=send_id).status

    def wait(self, predicate, what: str, timeout: float) -> float:
        """Poll `predicate()` (database errors count as not yet) until true; the seconds it
        took. Fails the test after `timeout`."""
        started = time.monotonic()

        def holds() -> bool:
            try:
                return bool(predicate())
            except Exception:  # noqa: BLE001 - e.g. the database is restarting
                connection.close()
                return False

        wait_until(holds, timeout=timeout, message=what, interval=0.2)
        return time.monotonic() - started

    def finished(self, send_id: int, timeout: float) -> float:
        return self.wait(lambda: self.status(send_id) == "finished", "send finished", timeout)

    # --- what the sink got ------------------------------------------------------------
    def received(self) -> dict[str, list]:
        """Recipient -> the messages the sink accepted for them, in this test's domain."""
        by_recipient: dict[str, list] = {}
        for message in list(self.sink.handler.received):
            for rcpt in message.rcpt_to:
                if rcpt.endswith("@" + self.domain):
                    by_recipient.setdefault(rcpt, []).append(message)
        return by_recipient

    def assert_everyone_once_or_same_message(self, send_id: int) -> Counter:
        """Every recipient got the message; anyone who got it more than once got the same
        Message-ID each time, and their row shows a retried (ambiguous) attempt."""
        rows, received = self.rows(send_id), self.received()
        assert set(received) == set(rows), (
            f"missing: {sorted(set(rows) - set(received))[:5]}, "
            f"unexpected: {sorted(set(received) - set(rows))[:5]}"
        )
        assert {r.state for r in rows.values()} == {DeliveryState.SENT}
        copies = Counter(len(messages) for messages in received.values())
        for email, messages in received.items():
            if len(messages) > 1:
                assert len({m.message["Message-ID"] for m in messages}) == 1, email
                assert rows[email].attempts > 1, email
        return copies

    def cleanup(self) -> None:
        close_old_connections()
        connection.close()
        connection.set_tenant(self.tenant.client)
        Send.objects.filter(kind=SendKind.CAMPAIGN, source_id__in=self._sources).delete()
        EmailEvent.objects.filter(campaign_id__in=self._sources).delete()
        Suppression.objects.filter(email__endswith=self.domain).delete()
        Profile.objects.filter(email__endswith=self.domain).delete()
        connection.set_schema_to_public()


class _Sweeper(threading.Thread):
    """Calls the real `delivery.sweep` every second (beat's job), through database and
    broker outages alike."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.stopped = threading.Event()

    def run(self) -> None:
        from marketing.delivery.tasks import delivery_sweep

        while not self.stopped.wait(1.0):
            try:
                delivery_sweep.apply(throw=True)
            except Exception:  # noqa: BLE001 - the service is down: next second
                connection.close()
        connection.close()


@pytest.fixture(scope="session")
def _workers_env(django_db_setup):
    return {
        "DATABASE_URL": worker_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DELIVERY_TASK_SECONDS": str(TASK_SECONDS),
        "DELIVERY_LEASE_SECONDS": str(LEASE),
        "DELIVERY_RETRY_FIRST_SECONDS": "1",
        "DELIVERY_BATCH_SIZE": "20",
        "DB_CONN_MAX_AGE": "0",
    }


@pytest.fixture(scope="session")
def _line(tenants, django_db_blocker, _workers_env):
    """The session's sink and two workers on a queue of its own (started once: a worker
    takes seconds to boot here)."""
    import logging

    # aiosmtpd logs every SMTP command at INFO: thousands of records a second in this
    # process, which also runs the sink.
    logging.getLogger("mail.log").setLevel(logging.WARNING)
    queue = f"rel-{uuid.uuid4().hex[:12]}"
    with django_db_blocker.unblock(), SmtpSink() as sink, tasks_routed_to(queue):
        env = _workers_env | {"DELIVERY_SMTP_HOST": sink.host, "DELIVERY_SMTP_PORT": str(sink.port)}
        line = Pipeline(sink, queue, env, tenants["alpha"])
        sweeper = _Sweeper()
        try:
            for _ in range(2):
                line.worker_start()
            sweeper.start()
            yield line
        finally:
            sweeper.stopped.set()
            sweeper.join(15)
            for process in line.workers:
                if process.poll() is None:
                    celery_worker_stop(process, timeout=3)  # its queue goes next anyway
            celery_queue_delete(queue)


@pytest.fixture
def pipeline(_line, django_db_blocker, settings):
    """The session's pipeline for one test: recipients under a domain of the test's own,
    the sink's switches reset, two live workers (a killed one is replaced)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    _line.domain = f"t{uuid.uuid4().hex[:10]}.example"
    _line._sources = []
    handler = _line.sink.handler
    handler.faults = Faults()
    handler._dropped.clear()
    with django_db_blocker.unblock():
        _line.workers = [w for w in _line.workers if w.poll() is None]
        while len(_line.workers) < 2:
            _line.worker_start()
        try:
            yield _line
        finally:
            _line.cleanup()
