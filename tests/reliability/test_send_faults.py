"""Faults the send pipeline must survive (issue 12), with real workers, a real broker and
database, and the aiosmtpd sink with its fault switches (conftest.py). None of these
restarts a shared service: they run in `make test` too (test_service_restarts.py holds the
ones that restart PostgreSQL or RabbitMQ); the one marked `slow` runs under `make
reliability` only."""

from __future__ import annotations

import random
import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.delivery.messages import ATTEMPTS_EXHAUSTED, MESSAGE_UNBUILDABLE
from marketing.delivery.models import Delivery, DeliveryState, Send, Suppression
from marketing.delivery.services.attempts import ATTEMPTS_APPLICATION
from marketing.delivery.services.ledger import deliveries_claim, send_freeze
from marketing.delivery.services.opt_out import ONE_CLICK_SOURCE, opt_out
from marketing.delivery.services.send_control import send_resume
from marketing.delivery.tokens import UNSUBSCRIBE, recipient_token
from marketing.tracking.models import EmailEvent, EventType
from tests.support.celery_worker import celery_queue_idle
from tests.support.delivery_pipeline import CONTENT, LEASE
from tests.support.tenants import in_schema
from tests.support.waiting import wait_until


def test_a_worker_killed_mid_send_loses_nobody_and_duplicates_only_the_ambiguous(pipeline):
    pipeline.profiles(1_200)
    send_id = pipeline.start(880_001)
    pipeline.wait(lambda: len(pipeline.received()) >= 200, "the send got going", 60)
    victim = pipeline.workers[0]
    pipeline.worker_kill(victim)  # mid-batch: rows claimed, maybe a message on the wire
    killed_at = len(pipeline.received())
    pipeline.worker_start()  # the replacement a supervisor would start
    pipeline.finished(send_id, timeout=120)
    copies = pipeline.assert_everyone_once_or_same_message(send_id)
    assert killed_at < 1_200, "the send was over before the kill: this proved nothing"
    # At most the one message on the wire when the worker died can arrive twice.
    assert sum(n - 1 for n in copies.elements()) <= 1, copies


def test_attempts_connections_cut_mid_send_lose_nobody(pipeline):
    """The workers' attempts connections (services/attempts.py) are cut twice mid-send:
    the runs fail and are retried, new connections replace the dead ones, and at most the
    messages whose outcome was cut off arrive twice, with the same Message-ID: per worker
    and cut, the outcome sent but not yet read and the message handed over after it."""
    pipeline.profiles(600)
    send_id = pipeline.start(880_009)
    for after in (100, 300):
        pipeline.wait(lambda n=after: len(pipeline.received()) >= n, f"{after} sent", 60)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND application_name = %s",
                [ATTEMPTS_APPLICATION],
            )
            assert cursor.fetchone()[0] >= 1
    pipeline.finished(send_id, timeout=120)
    copies = pipeline.assert_everyone_once_or_same_message(send_id)
    assert sum(n - 1 for n in copies.elements()) <= 8, copies  # 2 cuts x 2 workers x 2


def test_ten_starts_at_once_send_once(pipeline):
    pipeline.profiles(300)
    barrier = threading.Barrier(10)
    send_ids, errors = [], []

    def start():
        try:
            barrier.wait(10)
            send_ids.append(pipeline.start(880_002))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=start) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors and len(send_ids) == 10
    assert len(set(send_ids)) == 1
    [send_id] = set(send_ids)
    pipeline.finished(send_id, timeout=60)
    # Any stray run has sent what it would: none is left in the queue or in a worker.
    wait_until(
        lambda: celery_queue_idle(pipeline.queue, len(pipeline.workers)),
        timeout=30,
        message="the workers have run every task of the queue",
        interval=0.2,
    )
    copies = pipeline.assert_everyone_once_or_same_message(send_id)
    assert set(copies) == {1}, copies
    connection.set_tenant(pipeline.tenant.client)
    assert Send.objects.filter(source_id=880_002).count() == 1
    assert EmailEvent.objects.filter(campaign_id=880_002, event_type=EventType.SENT).count() == 300


@pytest.mark.slow  # about a minute here: make reliability
def test_nobody_gets_mail_after_their_unsubscribe_commits(pipeline):
    ids = pipeline.profiles(5_000)
    send_id = pipeline.start(880_003)
    rng = random.Random(3)
    leaving = rng.sample(ids, 1_000)
    connection.set_tenant(pipeline.tenant.client)
    emails = dict(Profile.objects.filter(pk__in=leaving).values_list("pk", "email"))
    schema = pipeline.tenant.client.schema_name
    tokens = {
        pk: recipient_token(UNSUBSCRIBE, schema=schema, profile_id=pk, send_id=send_id)
        for pk in leaving
    }
    pipeline.wait(lambda: len(pipeline.received()) >= 100, "the send got going", 60)
    committed = {}  # email -> wall clock once the one-click unsubscribe's commit returned
    connection.set_tenant(pipeline.tenant.client)
    for pk in leaving:
        opt_out(tokens[pk], source=ONE_CLICK_SOURCE)
        committed[emails[pk]] = time.time()
    pipeline.finished(send_id, timeout=180)
    received = pipeline.received()
    late = {
        email: [m.at - at for m in received.get(email, []) if m.at > at]
        for email, at in committed.items()
    }
    late = {email: after for email, after in late.items() if after}
    assert not late, f"{len(late)} got mail after unsubscribing, e.g. {list(late.items())[:3]}"
    rows = pipeline.rows(send_id)
    states = {rows[email].state for email in committed}
    # The unsubscribes overlapped the send: some had their mail first, some never got it.
    assert states == {DeliveryState.SENT, DeliveryState.SUPPRESSED}, states
    for email in committed:
        assert (rows[email].state == DeliveryState.SENT) == bool(received.get(email))
    assert all(len(m) == 1 for m in received.values())


def test_a_receiver_deferring_30_percent_for_a_while_gets_everyone_later_once(pipeline):
    pipeline.profiles(600)
    faults = pipeline.sink.handler.faults
    faults.temp_fail_ratio, faults.temp_fail_until = 0.3, time.monotonic() + 3600
    send_id = pipeline.start(880_004)
    pipeline.wait(  # everyone tried once: 30 % of them deferred
        lambda: not pipeline.rows_in(send_id, DeliveryState.PENDING), "first attempts", 60
    )
    window = 3.0  # the receiver recovers in a few seconds
    faults.temp_fail_until = time.monotonic() + window
    recovered_at = time.time() + window
    pipeline.finished(send_id, timeout=90)
    rows = pipeline.rows(send_id)
    deferred = {email for email, row in rows.items() if row.attempts > 1}
    assert 0.2 * len(rows) < len(deferred) < 0.4 * len(rows), len(deferred)
    connection.set_tenant(pipeline.tenant.client)
    finished_at = Send.objects.get(pk=send_id).finished_at.timestamp()
    assert finished_at > recovered_at  # not finished while some were still deferred
    copies = pipeline.assert_everyone_once_or_same_message(send_id)
    assert set(copies) == {1}, copies  # none twice
    for email in deferred:  # each deferred one arrived after the receiver recovered
        [message] = pipeline.received()[email]
        assert message.at >= recovered_at - 0.5


def test_hard_bounce_temporary_failure_and_policy_block_end_in_their_states(pipeline):
    pipeline.profiles(40)
    domain = pipeline.domain
    faults = pipeline.sink.handler.faults
    gone, later = f"r1@{domain}", f"r2@{domain}"
    faults.hard_bounce.add(gone)
    faults.defer_always.add(later)
    connection.set_tenant(pipeline.tenant.client)
    send_id = pipeline.start(880_005)
    Send.objects.filter(pk=send_id).update(max_attempts=3)
    pipeline.finished(send_id, timeout=90)
    rows = pipeline.rows(send_id)
    assert rows[gone].state == DeliveryState.FAILED and "5.1.1" in rows[gone].last_reply
    assert Suppression.objects.filter(email=gone, reason="hardBounce").exists()
    assert rows[later].state == DeliveryState.FAILED and rows[later].attempts == 3
    assert "451" in rows[later].last_reply
    assert not Suppression.objects.filter(email=later).exists()
    assert Profile.objects.get(email=later).soft_bounce_streak == 1  # one soft bounce counted
    others = [row for email, row in rows.items() if email not in (gone, later)]
    assert {row.state for row in others} == {DeliveryState.SENT}

    # A policy block (5.7.1) is the sender's problem: the send pauses, nobody is suppressed,
    # the refused row waits; once the receiver takes us again, a resume delivers the rest.
    strict = f"r3@{domain}"
    faults.defer_always.clear()
    faults.policy_block.add(strict)
    connection.set_tenant(pipeline.tenant.client)
    second = pipeline.start(880_006)
    pipeline.wait(lambda: pipeline.status(second) == "paused", "the send paused", 60)
    send = Send.objects.get(pk=second)
    assert "5.7.1" in send.status_message
    row = Delivery.objects.get(send_id=second, email=strict)
    assert row.state == DeliveryState.DEFERRED
    assert not Suppression.objects.filter(email=strict).exists()
    faults.policy_block.clear()
    Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now())
    connection.set_tenant(pipeline.tenant.client)
    assert send_resume(second)
    pipeline.finished(second, timeout=60)
    assert Delivery.objects.get(pk=row.pk).state == DeliveryState.SENT


def test_poison_messages_end_failed_instead_of_looping(pipeline):
    pipeline.profiles(60)
    domain = pipeline.domain
    connection.set_tenant(pipeline.tenant.client)
    # An address no encoder takes (an IDNA label over 63 characters): building its message
    # raises, every time.
    poison = Profile.objects.create(email="x@" + "é" * 70 + f".{domain}")
    dropper = f"r5@{domain}"  # the receiver drops the connection after every DATA
    pipeline.sink.handler.faults.drop_always.add(dropper)
    send_id = pipeline.start(880_007)
    Send.objects.filter(pk=send_id).update(max_attempts=3)
    pipeline.finished(send_id, timeout=120)
    rows = pipeline.rows(send_id)
    bad = rows[poison.email]
    assert bad.state == DeliveryState.FAILED and bad.attempts == 1
    assert MESSAGE_UNBUILDABLE.split("(")[0] in bad.last_reply
    assert rows[dropper].state == DeliveryState.FAILED and rows[dropper].attempts == 3
    assert "No reply after the message" in rows[dropper].last_reply
    others = [row for email, row in rows.items() if email not in (poison.email, dropper)]
    assert len(others) == 59 and {row.state for row in others} == {DeliveryState.SENT}


def test_a_row_whose_every_run_died_is_given_up(alpha):
    """A message that kills its worker each time (the lease expires with no outcome) is
    claimed at most max_attempts times, then failed by the claim. (In the test's rolled-back
    transaction: the claims play the dying runs; this also makes pytest-django set up the
    test database when this folder runs alone.)"""
    with in_schema(alpha):
        profile = Profile.objects.create(email="dies@every.example")
        send = Send.objects.create(kind="campaign", source_id=880_008, max_attempts=2, **CONTENT)
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
        for _ in range(2):
            assert len(deliveries_claim(send.pk, limit=5, lease_seconds=0)) == 1
            Delivery.objects.filter(send=send).update(  # the lease ran out: its run died
                lease_expires_at=timezone.now() - timedelta(seconds=1)
            )
        assert deliveries_claim(send.pk, limit=5, lease_seconds=LEASE) == []
        row = Delivery.objects.get(send=send)
        assert row.state == DeliveryState.FAILED and row.last_reply == ATTEMPTS_EXHAUSTED
