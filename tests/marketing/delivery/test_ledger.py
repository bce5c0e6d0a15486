"""The send ledger end to end against the fault-switch SMTP sink: who is frozen in, what
each receiver answer does to a row, leases, suppression at claim time, DKIM on the wire."""

import time
from datetime import timedelta

import dkim
import pytest
from django.utils import timezone

from marketing.audience.models import Profile, VerificationStatus
from marketing.delivery.dkim import key_pair_generate
from marketing.delivery.messages import SUPPRESSED_AT_CLAIM
from marketing.delivery.models import (
    Delivery,
    DeliveryState,
    Send,
    SendKind,
    SendStatus,
    Suppression,
)
from marketing.delivery.services.attempts import delivery_outcome_record
from marketing.delivery.services.batch_sending import RunResult, message_id, send_batch_run
from marketing.delivery.services.dkim_keys import dkim_key_store
from marketing.delivery.services.ledger import ADDRESS_ROW_BASE, deliveries_claim, send_freeze
from marketing.delivery.smtp import Outcome, Reply
from marketing.tracking.models import EmailEvent, EventType
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema

KEY = key_pair_generate("rsa")


@pytest.fixture
def sink(settings):
    with SmtpSink() as running:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = running.host, running.port
        settings.DELIVERY_RETRY_FIRST_SECONDS = 60
        yield running


@pytest.fixture
def client_schema(alpha):
    with in_schema(alpha):
        yield alpha


def _profiles(*emails, **fields) -> list[int]:
    return [Profile.objects.create(email=email, **fields).pk for email in emails]


def _send(**fields) -> Send:
    values = dict(
        kind=SendKind.CAMPAIGN,
        source_id=42,
        subject="Hello <% firstName || friend %>",
        html='<p>Hi <% firstName || there %></p><a href="https://shop.example/sale">Sale</a>',
        text="Hi <% firstName || there %>",
        from_name="Shop",
        from_address="news@shop.example",
        list_name="Newsletter",
    )
    values.update(fields)
    return Send.objects.create(**values)


def _freeze_ids(send, ids):
    return send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[ids])


def _states(send):
    return {d.email: DeliveryState(d.state) for d in Delivery.objects.filter(send=send)}


def _dns(name, timeout=5):
    return KEY.dns_txt.encode()


def test_freeze_takes_only_mailable_profiles_and_is_idempotent(client_schema):
    ok = _profiles("ok@mail.example", "ann@mail.example")
    unmailable = [
        *_profiles("unsub@mail.example", unsubscribed_at=timezone.now()),
        *_profiles("dne@mail.example", do_not_email=True),
        *_profiles("bad@mail.example", verification_status=VerificationStatus.INVALID),
        *_profiles("csb@mail.example", soft_bounce_streak=5),
        *_profiles("gone@mail.example", deleted_at=timezone.now()),
        *_profiles("bounced@mail.example"),
    ]
    Suppression.objects.create(email="bounced@mail.example", reason="hardBounce")
    send = _send()
    assert _freeze_ids(send, ok + unmailable) == 2
    assert _freeze_ids(send, ok + unmailable) == 0  # starting twice sends once
    assert set(_states(send)) == {"ok@mail.example", "ann@mail.example"}


def test_a_send_delivers_signed_personalised_mail_and_finishes(client_schema, sink):
    dkim_key_store(domain="shop.example", selector="s1", algorithm="rsa", pair=KEY)
    [ann] = _profiles("ann@mail.example", first_name="Ann")
    [bob] = _profiles("bob@mail.example")
    send = _send()
    _freeze_ids(send, [ann, bob])
    assert send_batch_run(send.pk) == RunResult.FINISHED
    assert set(_states(send).values()) == {DeliveryState.SENT}
    [to_ann] = sink.handler.for_recipient("ann@mail.example")
    assert dkim.verify(to_ann.data, dnsfunc=_dns)
    message = to_ann.message
    assert message["Subject"] == "Hello Ann"
    assert message["List-Id"] == f"Newsletter <campaign.{send.pk}.bounces.mailcraft.localhost>"
    assert to_ann.mail_from.startswith("bounces+alpha.")
    [to_bob] = sink.handler.for_recipient("bob@mail.example")
    assert to_bob.message["Subject"] == "Hello friend"
    assert "Hi there" in to_bob.message.get_body(("plain",)).get_content()
    sent_events = EmailEvent.objects.filter(campaign_id=42, event_type=EventType.SENT)
    assert sorted(sent_events.values_list("profile_id", flat=True)) == sorted([ann, bob])
    send.refresh_from_db()
    assert send.status == SendStatus.FINISHED and send.finished_at is not None


def test_receiver_answers_end_in_the_right_state(client_schema, sink):
    faults = sink.handler.faults
    faults.hard_bounce.add("gone@mail.example")
    faults.temp_fail_ratio, faults.temp_fail_until = 1.0, time.monotonic() + 300
    ids = _profiles("gone@mail.example", "later@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    assert send_batch_run(send.pk) == RunResult.WAITING  # deferred rows are due later
    states = _states(send)
    assert states == {
        "gone@mail.example": DeliveryState.FAILED,
        "later@mail.example": DeliveryState.DEFERRED,
    }
    assert Suppression.objects.filter(email="gone@mail.example", reason="hardBounce").exists()
    assert EmailEvent.objects.filter(profile_id=ids[0], event_type=EventType.BOUNCED).exists()
    later = Delivery.objects.get(send=send, email="later@mail.example")
    assert later.next_attempt_at > timezone.now() + timedelta(seconds=40)
    assert "451" in later.last_reply
    # the receiver recovers; the retry comes due
    faults.temp_fail_until = 0
    Delivery.objects.filter(pk=later.pk).update(next_attempt_at=timezone.now() - timedelta(1))
    assert send_batch_run(send.pk) == RunResult.FINISHED
    assert _states(send)["later@mail.example"] == DeliveryState.SENT
    assert len(sink.handler.for_recipient("later@mail.example")) == 1


def test_a_policy_block_pauses_the_send_and_spares_the_recipient(client_schema, sink):
    sink.handler.faults.policy_block.add("strict@mail.example")
    ids = _profiles("strict@mail.example", "next@mail.example")
    send = _send()
    _freeze_ids(send, ids[:1])  # frozen first, so claimed first
    _freeze_ids(send, ids[1:])
    assert send_batch_run(send.pk) == RunResult.STOPPED
    send.refresh_from_db()
    assert send.status == SendStatus.PAUSED and "5.7.1" in send.status_message
    assert not Suppression.objects.exists()
    assert sink.handler.received == []  # nothing more went out after the refusal
    assert _states(send)["next@mail.example"] == DeliveryState.PENDING


def test_lost_connection_after_data_is_retried_with_the_same_message_id(client_schema, sink):
    sink.handler.faults.drop_after_data.add("flaky@mail.example")
    ids = _profiles("flaky@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    assert send_batch_run(send.pk) == RunResult.WAITING
    row = Delivery.objects.get(send=send)
    assert row.state == DeliveryState.UNKNOWN
    Delivery.objects.filter(pk=row.pk).update(next_attempt_at=timezone.now() - timedelta(1))
    assert send_batch_run(send.pk) == RunResult.FINISHED
    [received] = sink.handler.for_recipient("flaky@mail.example")
    # the Message-ID is the delivery's, whatever the attempt
    assert received.message["Message-ID"].strip("<>").startswith(f"{send.pk}.{row.pk}.")
    assert Delivery.objects.get(pk=row.pk).attempts == 2


def test_unsubscribed_after_the_freeze_gets_nothing(client_schema, sink):
    ids = _profiles("a@mail.example", "b@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    Profile.objects.filter(pk=ids[0]).update(unsubscribed_at=timezone.now())
    send_batch_run(send.pk)
    assert _states(send) == {
        "a@mail.example": DeliveryState.SUPPRESSED,
        "b@mail.example": DeliveryState.SENT,
    }
    assert sink.handler.for_recipient("a@mail.example") == []


def test_a_claim_hands_out_only_who_may_still_be_mailed(client_schema):
    gone, moved, suppressed, kept = _profiles(*(f"{n}@mail.example" for n in "abcd"))
    send = _send()
    _freeze_ids(send, [gone, moved, suppressed, kept])
    due = timezone.now() - timedelta(minutes=1)  # before the test's transaction began
    for n, email in enumerate(("x@typed.example", "y@typed.example"), 1):  # a test send's
        Delivery.objects.create(
            send=send, profile_id=ADDRESS_ROW_BASE + n, email=email, next_attempt_at=due
        )
    Profile.objects.filter(pk=gone).update(unsubscribed_at=timezone.now())
    Profile.objects.filter(pk=moved).update(email="b.new@mail.example")
    for email in ("c@mail.example", "x@typed.example"):
        Suppression.objects.create(email=email, reason="complaint")
    claimed = deliveries_claim(send.pk, limit=10, lease_seconds=300)
    assert [c.email for c in claimed] == ["d@mail.example", "y@typed.example"]
    rows = {
        d.email: (DeliveryState(d.state), d.last_reply) for d in Delivery.objects.filter(send=send)
    }
    stopped = (DeliveryState.SUPPRESSED, SUPPRESSED_AT_CLAIM)
    assert rows == {
        "a@mail.example": stopped,
        "b@mail.example": stopped,
        "c@mail.example": stopped,
        "x@typed.example": stopped,
        "d@mail.example": (DeliveryState.CLAIMED, ""),
        "y@typed.example": (DeliveryState.CLAIMED, ""),
    }


def test_a_lease_keeps_others_out_until_it_expires_and_a_stale_outcome_is_ignored(
    client_schema,
):
    ids = _profiles("a@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    [first] = deliveries_claim(send.pk, limit=10, lease_seconds=300)
    assert deliveries_claim(send.pk, limit=10, lease_seconds=300) == []  # held
    Delivery.objects.filter(pk=first.id).update(
        lease_expires_at=timezone.now() - timedelta(hours=1)
    )
    [second] = deliveries_claim(send.pk, limit=10, lease_seconds=300)
    assert second.id == first.id and second.attempts == first.attempts + 1
    # the first worker comes back from the dead and reports: ignored
    delivery_outcome_record(send, first, Reply(Outcome.HARD_BOUNCE, 550, "5.1.1 gone"))
    assert Delivery.objects.get(pk=first.id).state == DeliveryState.CLAIMED
    assert not Suppression.objects.exists()
    delivery_outcome_record(send, second, Reply(Outcome.SENT, 250, "ok"))
    assert Delivery.objects.get(pk=first.id).state == DeliveryState.SENT


def test_too_many_deferrals_fail_and_count_a_soft_bounce(client_schema):
    ids = _profiles("a@mail.example")
    send = _send(max_attempts=2)
    _freeze_ids(send, ids)
    for _ in range(2):
        Delivery.objects.filter(send=send).update(next_attempt_at=timezone.now() - timedelta(1))
        [row] = deliveries_claim(send.pk, limit=1, lease_seconds=300)
        delivery_outcome_record(send, row, Reply(Outcome.DEFERRED, 451, "4.3.0 later"))
    assert Delivery.objects.get(send=send).state == DeliveryState.FAILED
    assert Profile.objects.get(pk=ids[0]).soft_bounce_streak == 1


def test_message_id_is_stable_per_delivery(client_schema):
    ids = _profiles("a@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    [row] = deliveries_claim(send.pk, limit=1, lease_seconds=300)
    assert message_id(send, row) == message_id(send, row)
    assert message_id(send, row).startswith(f"{send.pk}.{row.id}.")


def test_a_pause_made_elsewhere_stops_the_run(client_schema, sink):
    ids = _profiles("a@mail.example")
    send = _send()
    _freeze_ids(send, ids)
    Send.objects.filter(pk=send.pk).update(status=SendStatus.PAUSED)  # a person paused it
    assert send_batch_run(send.pk) == RunResult.STOPPED
    assert sink.handler.received == []
    assert _states(send) == {"a@mail.example": DeliveryState.PENDING}
