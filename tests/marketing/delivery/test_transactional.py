"""The transactional lane: test sends to typed addresses (spec 5.2's limit and wording),
transactional sends to profiles, and, with real workers, a test send delivered while a big
broadcast keeps the `send` queue's worker busy."""

import time
import uuid

import pytest
from django.db import connection

from core.errors import ValidationFailed
from marketing.audience.models import Profile
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind, Suppression
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.transactional import test_send as start_test_send
from marketing.delivery.services.transactional import transactional_send
from marketing.tracking.models import EmailEvent
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    worker_database_url,
)
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema
from tests.support.waiting import wait_until

CONTENT = dict(
    subject="Hello <% firstName || friend %>",
    html="<p>Hi <% firstName || there %></p>",
    text="Hi <% firstName || there %>",
    from_name="Shop",
    from_address="news@shop.example",
)


@pytest.fixture
def client_schema(alpha, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with in_schema(alpha):
        yield alpha


def _refusal(addresses) -> ValidationFailed:
    with pytest.raises(ValidationFailed) as refused:
        start_test_send(addresses=addresses, **CONTENT)
    return refused.value


def test_test_recipients_are_checked_in_the_specs_words(client_schema, settings):
    settings.TEST_SEND_MAX_RECIPIENTS = 3
    assert _refusal("ann@mail.example, not-an-address").errors == {
        "emails": ["Please enter valid Email ID"]
    }
    assert _refusal(" , ;").errors == {"emails": ["Please enter valid Email ID"]}
    too_many = _refusal([f"p{i}@mail.example" for i in range(4)])
    assert too_many.message == "A test can be sent to at most 3 recipients."
    with pytest.raises(ValidationFailed) as sender:
        start_test_send(addresses="ann@mail.example", **{**CONTENT, "from_address": "nope"})
    assert sender.value.errors == {"fromAddress": ["Please enter valid Email ID"]}
    assert not Send.objects.exists()
    # the same address twice (any case) counts once
    send = start_test_send(addresses="A@mail.example; a@mail.example b@mail.example", **CONTENT)
    assert sorted(Delivery.objects.filter(send=send).values_list("email", flat=True)) == [
        "a@mail.example",
        "b@mail.example",
    ]


def test_a_test_send_reaches_typed_addresses_and_leaves_no_trace(client_schema, sink):
    Profile.objects.create(
        email="ann@mail.example", first_name="Ann", unsubscribed_at="2026-01-01T00:00Z"
    )
    Suppression.objects.create(email="bounced@mail.example", reason="hardBounce")
    send = start_test_send(
        addresses=["ann@mail.example", "colleague@shop.example", "bounced@mail.example"],
        **CONTENT,
    )
    assert send.kind == SendKind.TEST and send.transactional
    assert send_batch_run(send.pk) == RunResult.FINISHED
    states = {d.email: d.state for d in Delivery.objects.filter(send=send)}
    assert states == {
        # a typed address is not its profile: a test goes even to an unsubscribed one
        "ann@mail.example": DeliveryState.SENT,
        "colleague@shop.example": DeliveryState.SENT,
        # the suppression list holds for tests too
        "bounced@mail.example": DeliveryState.SUPPRESSED,
    }
    [message] = sink.handler.for_recipient("colleague@shop.example")
    assert message.message["Subject"] == "Hello friend"  # merge tags at their fallbacks
    assert "Feedback-ID" not in message.message
    assert sink.handler.for_recipient("bounced@mail.example") == []
    assert not EmailEvent.objects.exists()


def test_a_transactional_send_goes_to_mailable_profiles(client_schema, sink):
    ann = Profile.objects.create(email="ann@mail.example", first_name="Ann").pk
    gone = Profile.objects.create(email="out@mail.example", unsubscribed_at="2026-01-01T00:00Z").pk
    send = transactional_send(profile_ids=[ann, gone], **CONTENT)
    assert send.kind == SendKind.TRANSACTIONAL and send.transactional
    assert send_batch_run(send.pk) == RunResult.FINISHED
    assert list(Delivery.objects.filter(send=send).values_list("email", "state")) == [
        ("ann@mail.example", DeliveryState.SENT)
    ]
    [message] = sink.handler.for_recipient("ann@mail.example")
    assert message.message["Subject"] == "Hello Ann"


# --- the lanes, with real workers -------------------------------------------------------------
# A worker on the `send` queue is busy with a broadcast of BROADCAST recipients (several runs
# of DELIVERY_TASK_SECONDS each queued behind each other); a test send started afterwards is
# delivered by the worker on `transactional` within DEADLINE, while the broadcast is still
# going. Real workers are other processes: the data is committed, and removed afterwards.

BROADCAST = 15_000
DEADLINE = 30  # seconds from the test send's start (worker start-up included)
SOURCE = 990_001


def test_a_test_send_never_waits_behind_a_broadcast(tenants, django_db_blocker, _media_root):
    from config.celery import app

    alpha = tenants["alpha"]
    run = uuid.uuid4().hex
    queues = {"send": f"test-send-{run}", "transactional": f"test-tx-{run}"}
    workers = []
    with django_db_blocker.unblock(), SmtpSink() as sink:
        env = {
            "DATABASE_URL": worker_database_url(),
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "DELIVERY_SMTP_HOST": sink.host,
            "DELIVERY_SMTP_PORT": str(sink.port),
            "DELIVERY_TASK_SECONDS": "10",
            "MEDIA_ROOT": str(_media_root),
            "DB_CONN_MAX_AGE": "0",
        }
        previous = {"task_routes": app.conf.task_routes}
        app.conf.update(
            task_routes={
                "delivery.send_run": {"queue": queues["send"]},
                "delivery.send_run_transactional": {"queue": queues["transactional"]},
            }
        )
        connection.set_tenant(alpha.client)
        try:
            Profile.objects.bulk_create(
                Profile(email=f"lane{i}@bulk.example") for i in range(BROADCAST)
            )
            broadcast = Send.objects.create(kind=SendKind.CAMPAIGN, source_id=SOURCE, **CONTENT)
            send_freeze(
                broadcast,
                audience_sql=f"SELECT id FROM {Profile._meta.db_table} WHERE email LIKE %s",
                params=["lane%@bulk.example"],
            )
            for queue in queues.values():
                workers.append(
                    celery_worker_start(
                        queue, node=queue, CACHE_KEY_PREFIX=f"worker-{queue}", **env
                    )
                )
            from core.tasks import enqueue_on_commit

            for _ in range(5):  # a backlog on `send`
                enqueue_on_commit("delivery.send_run", send_id=broadcast.pk)
            wait_until(
                lambda: sink.handler.received, timeout=DEADLINE, message="the broadcast starts"
            )
            started = time.monotonic()
            test = start_test_send(addresses="tester@shop.example", **CONTENT)
            wait_until(
                lambda: sink.handler.for_recipient("tester@shop.example"),
                timeout=DEADLINE,
                message="the test send reaches the sink",
            )
            took = time.monotonic() - started
            still_open = Delivery.objects.filter(
                send=broadcast, state__in=[DeliveryState.PENDING, DeliveryState.CLAIMED]
            ).count()
            assert still_open > 0, "the broadcast was over: this proved nothing"
            # The worker writes the outcome once the sink has answered DATA: a moment later.
            sent = Delivery.objects.filter(send=test, state=DeliveryState.SENT)
            wait_until(sent.exists, timeout=DEADLINE, message="the test send's row is Sent")
            print(f"test send delivered in {took:.2f} s with {still_open} broadcast rows open")
        finally:
            for worker in workers:
                celery_worker_stop(worker)
            for queue in queues.values():
                celery_queue_delete(queue)
            app.conf.update(**previous)
            connection.set_tenant(alpha.client)
            Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=SOURCE).delete()
            Send.objects.filter(
                kind=SendKind.TEST, deliveries__email="tester@shop.example"
            ).delete()
            EmailEvent.objects.filter(campaign_id=SOURCE).delete()
            Profile.objects.filter(email__endswith="@bulk.example").delete()
            connection.set_schema_to_public()


def test_a_lane_send_reaching_the_send_queue_is_handed_over(
    client_schema, django_capture_on_commit_callbacks
):
    """A caller that sends `delivery.send_run` for a test send (a resume, say) does not put
    it behind a broadcast: the run moves it to the transactional lane untouched."""
    from marketing.delivery.tasks import send_run

    send = start_test_send(addresses="a@mail.example", **CONTENT)
    with django_capture_on_commit_callbacks() as published:
        assert (
            send_run.apply(kwargs={"send_id": send.pk}, headers={"_schema_name": "alpha"}).get()
            == "moved"
        )
    assert [callback.args[0] for callback in published] == ["delivery.send_run_transactional"]
    assert Delivery.objects.get(send=send).state == DeliveryState.PENDING


def test_the_sweeper_wakes_each_send_on_its_own_lane(
    client_schema, django_capture_on_commit_callbacks
):
    from marketing.delivery.tasks import delivery_sweep

    test = start_test_send(addresses="a@mail.example", **CONTENT)
    broadcast = Send.objects.create(kind=SendKind.CAMPAIGN, source_id=5, **CONTENT)
    send_freeze(
        broadcast,
        audience_sql="SELECT %s::bigint AS id",
        params=[Profile.objects.create(email="b@mail.example").pk],
    )
    with django_capture_on_commit_callbacks() as published:
        delivery_sweep.apply().get()
    woken = {callback.args[1]["send_id"]: callback.args[0] for callback in published}
    assert woken[test.pk] == "delivery.send_run_transactional"
    assert woken[broadcast.pk] == "delivery.send_run"
