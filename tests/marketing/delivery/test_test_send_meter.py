"""Test sends cannot stop the client's sending nor slip past its pace (issue 22.2): their
hard bounces and complaints suppress the address but stay out of the breaker's counts, as
their messages stay out of its sent count; and they meet the client's rates."""

import pytest
from django.core.cache import cache

from marketing.delivery import buckets
from marketing.delivery.bounces import Notice, NoticeKind, VerpAddress
from marketing.delivery.models import (
    Delivery,
    DeliveryPace,
    DeliveryState,
    PaceKind,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.bounce_notices import notice_record
from marketing.delivery.services.breaker import (
    CHECK_KEY,
    breaker_evaluate,
    health_read,
    window_count,
)
from marketing.delivery.services.transactional import test_send as start_test_send
from marketing.delivery.tokens import verp_token
from tests.marketing.delivery.test_breaker import _sent
from tests.support.tenants import in_schema

CONTENT = dict(
    subject="Test: Sale",
    html="<p>Hi</p>",
    text="Hi",
    from_name="Shop",
    from_address="news@shop.example",
)


@pytest.fixture
def breaker_small(settings):
    settings.DELIVERY_BREAKER_MIN_SENT = 20
    settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE = 0.05
    settings.DELIVERY_BREAKER_COMPLAINT_RATE = 0.003
    settings.TEST_SEND_HOURLY_PER_USER = settings.TEST_SEND_HOURLY_PER_CLIENT = 0
    cache.delete(CHECK_KEY)


@pytest.fixture
def paces_clean():
    client = buckets.redis_connection()
    pattern = f"{buckets.key_prefix()}:pace:*"
    for key in client.scan_iter(pattern):
        client.delete(key)
    yield
    for key in client.scan_iter(pattern):
        client.delete(key)


def test_a_user_cannot_trip_the_breaker_with_test_sends(alpha, sink, breaker_small):
    bad = [f"nobody{i}@outside.example" for i in range(10)]
    sink.handler.faults.hard_bounce.update(bad)
    with in_schema(alpha):
        _sent(40)  # the client's own mail: no bounce
        for start in (0, 5):  # two tests, every address unknown at the receiver
            send = start_test_send(addresses=bad[start : start + 5], **CONTENT)
            send_batch_run(send.pk)
        complained = start_test_send(addresses=["annoyed@outside.example"], **CONTENT)
        send_batch_run(complained.pk)
        row = Delivery.objects.get(send=complained)
        verp = VerpAddress("alpha", row.pk, verp_token("alpha", row.pk))
        assert notice_record(verp, Notice(NoticeKind.COMPLAINT, status=""))
        # Each address is suppressed all the same ...
        suppressed = Suppression.objects.filter(from_test_send=True)
        assert suppressed.filter(reason=SuppressionReason.HARD_BOUNCE).count() == 10
        assert suppressed.filter(reason=SuppressionReason.COMPLAINT).count() == 1
        # ... but neither counts: 0 of 40 sent, not 11 in 40 (27 %).
        window = window_count(health_read())
        assert (window.sent, window.hard_bounces, window.complaints) == (40, 0, 0)
        assert breaker_evaluate() is False
        # The client's own mail still trips it.
        Suppression.objects.create(email="gone1@inbox.example", reason="hardBounce")
        Suppression.objects.create(email="gone2@inbox.example", reason="hardBounce")
        Suppression.objects.create(email="gone3@inbox.example", reason="hardBounce")
        assert breaker_evaluate() is True


def test_test_sends_meet_the_clients_rates(alpha, sink, paces_clean, settings):
    settings.DELIVERY_PACE_BURST_SECONDS = 1
    with in_schema(alpha):
        DeliveryPace.objects.create(
            kind=PaceKind.RECIPIENT_DOMAIN, domain="paced.example", per_minute=60
        )
        send = start_test_send(addresses=[f"qa{i}@paced.example" for i in range(3)], **CONTENT)
        send_batch_run(send.pk)
        states = sorted(Delivery.objects.filter(send=send).values_list("state", flat=True))
    assert states == [DeliveryState.PENDING, DeliveryState.PENDING, DeliveryState.SENT]
