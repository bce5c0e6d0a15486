"""PostgreSQL and RabbitMQ restarted in the middle of a send (issue 12): every recipient
gets the message, and the only duplicates are messages whose outcome was ambiguous, with
the same Message-ID. These restart shared services of the machine (tests/reliability/
services.py), so they are marked `service_restart`: deselected by default (pyproject.toml)
and run by `make reliability`."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from tests.reliability.services import postgres_restart, rabbitmq_restart

pytestmark = pytest.mark.service_restart


# Enough that the send is still going when the service goes away (two runs per send take
# a few hundred messages a second here).
AUDIENCE = 10_000


def _restart_mid_send(pipeline, source_id: int, restart) -> tuple[float, int]:
    pipeline.profiles(AUDIENCE)
    send_id = pipeline.start(source_id)
    pipeline.wait(lambda: len(pipeline.received()) >= 300, "the send got going", 60)
    connection.close()  # ours would be cut anyway
    at_restart = len(pipeline.received())
    took = restart()
    pipeline.finished(send_id, timeout=240)
    copies = pipeline.assert_everyone_once_or_same_message(send_id)
    assert at_restart < AUDIENCE, "the send was over before the restart: this proved nothing"
    # At most the messages on the wire when the service went away (one per worker).
    assert sum(n - 1 for n in copies.elements()) <= len(pipeline.workers), copies
    for process in pipeline.workers:
        assert process.poll() is None, "a worker died instead of reconnecting"
    return took, at_restart


def test_postgresql_restart_mid_send(pipeline):
    took, at = _restart_mid_send(pipeline, 880_101, postgres_restart)
    print(f"PostgreSQL back in {took:.1f} s; {at} messages out at the restart")


def test_rabbitmq_restart_mid_send(pipeline):
    started = time.monotonic()
    took, at = _restart_mid_send(pipeline, 880_102, rabbitmq_restart)
    print(f"RabbitMQ back in {took:.1f} s; {at} out; {time.monotonic() - started:.0f} s in all")
