"""Pacing against real Redis and the SMTP sink: token buckets per sending and receiving
domain (never more than their rate, even from two processes at once), a throttled domain's
mail is delayed and then delivered while other domains flow, a 421/4.7.x halves the
domain's rate, a warming-up domain stops at its day's allowance, clients do not share
buckets."""

import multiprocessing
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone

from core import redis_store
from marketing.audience.models import Profile
from marketing.delivery import buckets
from marketing.delivery.buckets import Refusal, slow_down, slow_factors, take
from marketing.delivery.models import Delivery, DeliveryPace, DeliveryState, PaceKind, Send
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.warmup import allowance_for, domain_warmup
from marketing.delivery.smtp import Outcome, classify
from marketing.senders.models import DomainStatus, SenderDomain
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema
from tests.support.waiting import poll, wait_until


@pytest.fixture(autouse=True)
def clean_buckets(settings):
    """No bucket, slow-down or warm-up day left over from another test."""
    client = buckets.redis_connection()
    pattern = f"{settings.CACHES['default'].get('KEY_PREFIX', '')}:pace:*"
    for key in client.scan_iter(pattern):
        client.delete(key)
    settings.DELIVERY_PACE_BURST_SECONDS = 1
    yield
    for key in client.scan_iter(pattern):
        client.delete(key)


@pytest.fixture
def sink(settings):
    with SmtpSink() as running:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = running.host, running.port
        settings.DELIVERY_TASK_SECONDS = 3
        yield running


@pytest.fixture
def client_schema(alpha):
    with in_schema(alpha):
        yield alpha


def _take(schema="alpha", domain="gmail.com", **rates):
    values = dict(sender_per_second=0, domain_per_second=0)
    values.update(rates)
    return take(schema=schema, sender_domain="shop.example", recipient_domain=domain, **values)


def _send_to(emails, *, source_id=1, from_address="news@shop.example") -> Send:
    ids = [Profile.objects.create(email=email).pk for email in emails]
    send = Send.objects.create(
        kind="campaign",
        source_id=source_id,
        subject="Hello",
        html="<p>Hi</p>",
        text="Hi",
        from_name="Shop",
        from_address=from_address,
    )
    send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[ids])
    return send


def _run_until_finished(send: Send, seconds: float) -> RunResult:
    """Run as the task and the sweeper would until the send is finished. The test's
    transaction keeps PostgreSQL's now() at its start, so rows that came due by the wall
    clock are moved before it."""
    result = send_batch_run(send.pk)
    if result == RunResult.FINISHED:
        return result

    def run_again():
        Delivery.objects.filter(send=send, next_attempt_at__lte=timezone.now()).update(
            next_attempt_at=timezone.now() - timedelta(days=1)
        )
        return send_batch_run(send.pk)

    return poll(
        run_again,
        lambda outcome: outcome == RunResult.FINISHED,
        timeout=seconds,
        message="the send finishes",
        interval=0.2,
    )


def test_a_bucket_gives_its_burst_then_refuses_with_the_wait():
    allowed = [_take(domain_per_second=5).allowed for _ in range(6)]
    assert allowed == [True] * 5 + [False]
    refused = _take(domain_per_second=5)
    assert refused.refusal == Refusal.DOMAIN and 0 < refused.wait_seconds <= 0.2 + 0.01
    # A token comes back (5 a second) by Redis's clock; a refused take costs none.
    wait_until(
        lambda: _take(domain_per_second=5).allowed,
        timeout=refused.wait_seconds + 2,
        message="a token back in the bucket",
    )


def test_the_sender_bucket_holds_for_every_receiving_domain():
    assert _take(domain="a.example", sender_per_second=2).allowed
    assert _take(domain="b.example", sender_per_second=2).allowed
    refused = _take(domain="c.example", sender_per_second=2)
    assert refused.refusal == Refusal.SENDER


def test_no_rate_means_no_limit():
    assert all(_take().allowed for _ in range(200))


def test_clients_have_their_own_buckets():
    assert _take(schema="alpha", domain_per_second=1).allowed
    assert not _take(schema="alpha", domain_per_second=1).allowed
    assert _take(schema="beta", domain_per_second=1).allowed  # beta's bucket is full


def _hammer(prefix: str, seconds: float, queue) -> None:
    """A second process taking tokens as fast as it can (a fresh Redis connection)."""
    redis_store._client.cache_clear()
    buckets._registered.clear()
    from django.conf import settings

    settings.CACHES["default"]["KEY_PREFIX"] = prefix
    settings.DELIVERY_PACE_BURST_SECONDS = 1
    allowed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        allowed += _take(domain="race.example", domain_per_second=20).allowed
    queue.put(allowed)


def test_two_processes_never_take_more_than_the_bucket_gives(settings):
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    started = time.monotonic()
    workers = [context.Process(target=_hammer, args=(prefix, 1.5, queue)) for _ in range(2)]
    for worker in workers:
        worker.start()
    counts = [queue.get(timeout=30) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    elapsed = time.monotonic() - started
    # A burst of 20 (1 s of the rate) and then 20 a second, shared by both processes.
    assert sum(counts) <= 20 + 20 * elapsed + 1
    assert sum(counts) >= 20 + 20 * 1.0  # and the bucket kept giving
    assert all(count > 0 for count in counts)


def test_slow_down_halves_once_per_step_and_the_rate_follows(settings):
    settings.DELIVERY_SLOW_DOWN_STEP_SECONDS = 10
    assert slow_down(schema="alpha", recipient_domain="gmail.com") == 0.5
    assert slow_down(schema="alpha", recipient_domain="gmail.com") == 0.5  # same step
    assert slow_factors(schema="alpha") == {"gmail.com": 0.5}
    assert slow_factors(schema="beta") == {}
    # 10 a second halved: a bucket of 5.
    assert [_take(domain_per_second=10).allowed for _ in range(6)] == [True] * 5 + [False]
    settings.DELIVERY_SLOW_DOWN_STEP_SECONDS = 0
    assert slow_down(schema="alpha", recipient_domain="gmail.com") == 0.25


def test_a_slow_down_limits_a_domain_without_a_rate(settings):
    settings.DELIVERY_SLOW_DOWN_START_PER_MINUTE = 240  # 4 a second, halved: 2
    assert all(_take(domain="free.example").allowed for _ in range(50))
    slow_down(schema="alpha", recipient_domain="free.example")
    results = [_take(domain="free.example").allowed for _ in range(3)]
    assert results == [True, True, False]


@pytest.mark.parametrize(
    ("code", "text"),
    [(421, "4.7.0 Try again later"), (451, "4.7.28 Our system has detected an unusual rate")],
)
def test_slow_down_replies(code, text):
    assert classify(code, text) == Outcome.SLOW_DOWN
    assert classify(421, "Service not available") == Outcome.SLOW_DOWN
    assert classify(554, "5.7.1 Blocked") == Outcome.SENDER_PROBLEM


def test_a_throttled_domain_is_delayed_not_lost_while_others_flow(client_schema, sink, settings):
    settings.DELIVERY_DOMAIN_RATES = {"slowmail.example": 120}  # 2 a second, a bucket of 2
    slow = [f"p{i}@slowmail.example" for i in range(6)]
    fast = [f"p{i}@fastmail.example" for i in range(10)]
    send = _send_to(slow + fast)
    started, started_at = time.monotonic(), timezone.now()
    send_batch_run(send.pk)
    # The first run: every fast one and the slow domain's bucket went; the rest wait.
    assert all(sink.handler.for_recipient(email) for email in fast)
    early = [email for email in slow if sink.handler.for_recipient(email)]
    assert 2 <= len(early) < 6
    waiting = Delivery.objects.filter(send=send, state=DeliveryState.PENDING)
    assert waiting.count() >= 1
    assert all(row.attempts == 0 and row.next_attempt_at > started_at for row in waiting)
    assert _run_until_finished(send, 20) == RunResult.FINISHED
    assert all(len(sink.handler.for_recipient(email)) == 1 for email in slow + fast)
    assert time.monotonic() - started >= (6 - 2) / 2 - 0.5  # paced at 2 a second
    assert set(Delivery.objects.filter(send=send).values_list("attempts", flat=True)) == {1}


def test_a_clients_own_rate_replaces_the_default(client_schema, beta, sink, settings):
    settings.DELIVERY_DOMAIN_RATES = {}
    DeliveryPace.objects.create(kind=PaceKind.RECIPIENT_DOMAIN, domain="own.example", per_minute=60)
    send = _send_to([f"p{i}@own.example" for i in range(3)])
    send_batch_run(send.pk)
    assert Delivery.objects.filter(send=send, state=DeliveryState.SENT).count() == 1
    with in_schema(beta):
        beta_send = _send_to([f"p{i}@own.example" for i in range(3)])
        send_batch_run(beta_send.pk)  # beta has no such rate: all go
        assert Delivery.objects.filter(send=beta_send, state=DeliveryState.SENT).count() == 3


def test_a_421_defers_the_row_and_halves_the_domain(client_schema, sink):
    sink.handler.faults.slow_down.add("busy.example")
    send = _send_to(["a@busy.example", "b@calm.example"])
    send_batch_run(send.pk)
    row = Delivery.objects.get(send=send, email="a@busy.example")
    assert row.state == DeliveryState.DEFERRED and row.attempts == 1
    assert "4.7.0" in row.last_reply
    assert slow_factors(schema="alpha") == {"busy.example": 0.5}
    assert Delivery.objects.get(send=send, email="b@calm.example").state == DeliveryState.SENT
    assert Send.objects.get(pk=send.pk).status == "sending"  # not paused: slowed


def test_warmup_allowance_grows_by_day(settings):
    settings.DELIVERY_WARMUP_FIRST_DAY, settings.DELIVERY_WARMUP_GROWTH = 500, 2.0
    settings.DELIVERY_WARMUP_DAYS = 10
    assert [allowance_for(day) for day in (1, 2, 3, 10)] == [500, 1000, 2000, 256000]
    assert allowance_for(11) is None


def test_a_warming_domain_stops_at_its_day_and_waits_for_tomorrow(client_schema, sink, settings):
    settings.DELIVERY_WARMUP_FIRST_DAY = 3
    SenderDomain.objects.create(
        name="fresh.example",
        verification_token="t" * 32,
        status=DomainStatus.VERIFIED,
        verified_at=timezone.now(),
    )
    warmup = domain_warmup("fresh.example")
    zone = ZoneInfo(connection.tenant.time_zone)
    tomorrow = (timezone.now().astimezone(zone) + timedelta(days=1)).date()
    assert warmup.allowance == 3 and warmup.next_day_at == datetime.combine(
        tomorrow, datetime.min.time(), tzinfo=zone
    )
    send = _send_to([f"p{i}@inbox.example" for i in range(5)], from_address="n@fresh.example")
    assert send_batch_run(send.pk) == RunResult.WAITING
    assert Delivery.objects.filter(send=send, state=DeliveryState.SENT).count() == 3
    waiting = Delivery.objects.filter(send=send, state=DeliveryState.PENDING)
    assert waiting.count() == 2
    assert {row.next_attempt_at for row in waiting} == {warmup.next_day_at}
    assert {row.attempts for row in waiting} == {0}
    assert warmup.remaining() == 0
    # A domain verified long ago has no warm-up.
    SenderDomain.objects.filter(name="fresh.example").update(
        verified_at=timezone.now() - timedelta(days=settings.DELIVERY_WARMUP_DAYS + 1)
    )
    assert domain_warmup("fresh.example") is None


def test_a_rep_senders_warming_domain_holds_back_only_its_own_rows(client_schema, sink, settings):
    # Rep as Sender: the three rows claimed first (lowest ids: the freeze's order is the
    # planner's, not the audience's) go out from a rep's address on a domain verified today
    # (2 a day), the others from the send's own domain, which has no warm-up. Two rows a
    # batch, so the send's own rows are still unclaimed when the rep's domain runs out.
    settings.DELIVERY_WARMUP_FIRST_DAY, settings.DELIVERY_BATCH_SIZE = 2, 2
    SenderDomain.objects.create(
        name="fresh.example",
        verification_token="t" * 32,
        status=DomainStatus.VERIFIED,
        verified_at=timezone.now(),
    )
    send = _send_to([f"p{i}@inbox.example" for i in range(6)], from_address="news@shop.example")
    emails = list(Delivery.objects.filter(send=send).order_by("id").values_list("email", flat=True))
    Delivery.objects.filter(send=send, email__in=emails[:3]).update(
        from_address="rep@fresh.example", from_name="Rep"
    )
    assert send_batch_run(send.pk) == RunResult.WAITING
    states = dict(Delivery.objects.filter(send=send).values_list("email", "state"))
    assert [states[email] for email in emails] == [
        DeliveryState.SENT,
        DeliveryState.SENT,
        DeliveryState.PENDING,
        *[DeliveryState.SENT] * 3,
    ]
    held = Delivery.objects.get(send=send, email=emails[2])
    assert held.next_attempt_at == domain_warmup("fresh.example").next_day_at
    assert held.attempts == 0
    (rep,) = sink.handler.for_recipient(emails[0])
    (own,) = sink.handler.for_recipient(emails[5])
    assert "rep@fresh.example" in rep.message["From"]
    assert "news@shop.example" in own.message["From"]


def test_a_slow_down_wears_off(settings):
    settings.DELIVERY_SLOW_DOWN_SECONDS = 1
    slow_down(schema="alpha", recipient_domain="gmail.com")
    assert [_take(domain_per_second=4).allowed for _ in range(3)] == [True, True, False]
    # Held DELIVERY_SLOW_DOWN_SECONDS (1) after the halving, by Redis's clock; once it is
    # over, at least a second has passed since the takes, so the bucket of 4 is full again.
    wait_until(
        lambda: slow_factors(schema="alpha") == {},
        timeout=5,
        message="the slow-down wears off",
    )
    # The whole rate again: a bucket of 4 (refilled meanwhile).
    assert [_take(domain_per_second=4).allowed for _ in range(5)] == [True] * 4 + [False]
    assert slow_down(schema="alpha", recipient_domain="gmail.com") == 0.5  # from the top
