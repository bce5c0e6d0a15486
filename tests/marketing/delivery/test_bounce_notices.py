"""Bounces and complaints: a corpus of real-world report shapes read right, and each
recorded once against the delivery its VERP address names, through the inbound SMTP
endpoint."""

import smtplib
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.core.cache import cache
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.delivery.bounces import NoticeKind, notice_read, verp_read
from marketing.delivery.inbound import InboundHandler, inbound_record
from marketing.delivery.models import (
    Delivery,
    DeliveryReport,
    DeliveryState,
    Send,
    SendKind,
    Suppression,
)
from marketing.delivery.services.breaker import CHECK_KEY, sending_stopped_reason
from marketing.delivery.tokens import verp_token
from marketing.tracking.models import EmailEvent, EventType
from tests.support.smtp_sink import _free_port
from tests.support.tenants import in_schema

NOTICES = Path(__file__).parent / "notices"


def _raw(name: str, delivery_id: int = 1, token: str = "0" * 12) -> bytes:
    raw = (NOTICES / name).read_bytes()  # CRLF kept, as on the wire
    return raw.replace(b"{d}", str(delivery_id).encode()).replace(b"{t}", token.encode())


@pytest.mark.parametrize(
    ("name", "kind", "status", "recipient"),
    [
        ("postfix_hard.eml", NoticeKind.HARD_BOUNCE, "5.1.1", "gone@mail.example"),
        # 5.0.0 says nothing; the text says the mailbox does not exist.
        ("generic_user_unknown.eml", NoticeKind.HARD_BOUNCE, "5.0.0", "gone@mail.example"),
        # The receiver blocks the sender: not the address's fault.
        ("postfix_blocked.eml", NoticeKind.SOFT_BOUNCE, "5.7.1", "kept@mail.example"),
        ("exim_hard.eml", NoticeKind.HARD_BOUNCE, "5.1.1", "nobody@mail.example"),
        ("outlook_hard.eml", NoticeKind.HARD_BOUNCE, "5.1.10", "nope@outlook.example"),
        ("gmail_mailbox_full.eml", NoticeKind.SOFT_BOUNCE, "5.2.2", "full@gmail.example"),
        ("postfix_delayed.eml", NoticeKind.SOFT_BOUNCE, "4.4.1", "gone@mail.example"),
        ("success.eml", NoticeKind.DELIVERED, "2.0.0", "gone@mail.example"),
        ("arf_complaint.eml", NoticeKind.COMPLAINT, "", "annoyed@hotmail.example"),
        ("autoreply.eml", NoticeKind.UNKNOWN, "", "ann@mail.example"),
        ("malformed.eml", NoticeKind.UNKNOWN, "", ""),
    ],
)
def test_the_corpus_is_read_right(name, kind, status, recipient):
    report = notice_read(_raw(name, 7))
    assert (report.kind, report.status, report.recipient) == (kind, status, recipient)
    if kind in (NoticeKind.HARD_BOUNCE, NoticeKind.SOFT_BOUNCE, NoticeKind.COMPLAINT):
        assert report.message_id == "7.7.abc@bounces.mailcraft.localhost"


def test_a_sender_problem_suppresses_no_one_and_counts_toward_the_breaker(
    alpha, settings, django_capture_on_commit_callbacks
):
    """A receiver that blocks the client's IP says nothing about the address: no
    suppression, no soft bounce against the profile; the reason is kept on the report
    and the breaker counts it (here 1 block in 20 messages trips a 4 % limit)."""
    settings.DELIVERY_BREAKER_MIN_SENT = 20
    settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE = 0.04
    blocked = _delivery(alpha, "kept@mail.example")
    with in_schema(alpha):
        cache.delete(CHECK_KEY)  # the client's own key
        Delivery.objects.bulk_create(
            Delivery(
                send=blocked.send,
                profile_id=1000 + i,
                email=f"p{i}@mail.example",
                state=DeliveryState.SENT,
                sent_at=timezone.now(),
            )
            for i in range(19)
        )
    address, token = _verp(blocked.pk)
    raw = _raw("postfix_blocked.eml", blocked.pk, token)
    with in_schema(alpha), django_capture_on_commit_callbacks(execute=True):
        assert inbound_record([address], raw) == 1
    with in_schema(alpha):
        assert not Suppression.objects.filter(email="kept@mail.example").exists()
        assert Profile.objects.get(pk=blocked.profile_id).soft_bounce_streak == 0
        report = DeliveryReport.objects.get(delivery=blocked)
        assert (report.kind, report.reason) == ("softBounce", "blocked")
        assert "1 refusals of the sender in 20 messages" in sending_stopped_reason()
        cache.delete(CHECK_KEY)


def test_each_report_keeps_its_reason(alpha):
    gone = _delivery(alpha, "gone@mail.example")
    address, token = _verp(gone.pk)
    assert inbound_record([address], _raw("generic_user_unknown.eml", gone.pk, token)) == 1
    with in_schema(alpha):
        report = DeliveryReport.objects.get(delivery=gone)
        assert (report.kind, report.reason, report.status) == ("hardBounce", "userUnknown", "5.0.0")
        assert Suppression.objects.get(email="gone@mail.example").reason == "hardBounce"


def test_garbage_is_unknown_not_an_error():
    for raw in (b"", b"\x00\xff" * 100, b"Content-Type: multipart/report\r\n\r\n--"):
        assert notice_read(raw).kind == NoticeKind.UNKNOWN


def test_verp_addresses():
    verp = verp_read("<bounces+alpha.12.0123456789ab@bounces.mailcraft.localhost>")
    assert (verp.schema, verp.delivery_id, verp.token) == ("alpha", 12, "0123456789ab")
    assert verp_read("ann@mail.example") is None


@pytest.fixture
def inbound():
    controller = Controller(InboundHandler(), hostname="127.0.0.1", port=_free_port("127.0.0.1"))
    controller.start()
    yield controller
    controller.stop()


def _delivery(tenant, email) -> Delivery:
    with in_schema(tenant):
        profile = Profile.objects.create(email=email)
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=None,  # one send per delivery here
            subject="s",
            from_name="S",
            from_address="news@shop.example",
        )
        return Delivery.objects.create(
            send=send,
            profile_id=profile.pk,
            email=email,
            state=DeliveryState.SENT,
            sent_at=timezone.now(),
        )


def _mail(controller, rcpt: str, raw: bytes) -> None:
    with smtplib.SMTP(controller.hostname, controller.port, timeout=10) as client:
        client.sendmail("MAILER-DAEMON@mx.mail.example", [rcpt], raw)


def _verp(delivery_id: int, schema: str = "alpha") -> tuple[str, str]:
    token = verp_token(schema, delivery_id)
    return f"bounces+{schema}.{delivery_id}.{token}@bounces.mailcraft.localhost", token


def test_a_hard_bounce_suppresses_once(alpha):
    delivery = _delivery(alpha, "gone@mail.example")
    address, token = _verp(delivery.pk)
    recorded = [
        inbound_record([address], _raw("postfix_hard.eml", delivery.pk, token))
        for _ in range(2)  # the same DSN twice counts once
    ]
    assert recorded == [1, 0]
    with in_schema(alpha):
        assert Suppression.objects.get(email="gone@mail.example").reason == "hardBounce"
        assert Delivery.objects.get(pk=delivery.pk).state == DeliveryState.FAILED
        assert DeliveryReport.objects.filter(delivery=delivery).count() == 1
        assert EmailEvent.objects.filter(event_type=EventType.BOUNCED).count() == 1


def test_soft_bounces_count_toward_csb_and_complaints_unsubscribe(alpha):
    full = _delivery(alpha, "full@gmail.example")
    address, token = _verp(full.pk)
    assert inbound_record([address], _raw("gmail_mailbox_full.eml", full.pk, token)) == 1
    annoyed = _delivery(alpha, "annoyed@hotmail.example")
    _, token = _verp(annoyed.pk)
    complaint = _raw("arf_complaint.eml", annoyed.pk, token)
    assert inbound_record(["abuse@bounces.mailcraft.localhost"], complaint) == 1
    with in_schema(alpha):
        assert Profile.objects.get(pk=full.profile_id).soft_bounce_streak == 1
        assert not Suppression.objects.filter(email="full@gmail.example").exists()
        complained = Profile.objects.get(pk=annoyed.profile_id)
        assert complained.unsubscribed_at is not None
        assert complained.unsubscribe_source == "complaint"
        assert Suppression.objects.get(email="annoyed@hotmail.example").reason == "complaint"
        assert EmailEvent.objects.filter(event_type=EventType.COMPLAINED).count() == 1


def test_forged_or_foreign_return_paths_change_nothing(alpha, beta):
    delivery = _delivery(alpha, "target@mail.example")
    forged = f"bounces+alpha.{delivery.pk}.{'f' * 12}@bounces.mailcraft.localhost"
    assert inbound_record([forged], _raw("postfix_hard.eml", delivery.pk, "f" * 12)) == 0
    # alpha's delivery id under beta's name, signed for beta: no such delivery in beta
    address, token = _verp(delivery.pk, "beta")
    assert inbound_record([address], _raw("postfix_hard.eml", delivery.pk, token)) == 0
    assert inbound_record(["bounces+public.1.000000000000@x"], b"") == 0
    for tenant in (alpha, beta):
        with in_schema(tenant):
            assert not Suppression.objects.exists()
            assert not DeliveryReport.objects.exists()


def test_the_inbound_endpoint_takes_only_its_domain(inbound):
    """What reaches the endpoint: its own domain's addresses, any content accepted (a
    report we cannot read is dropped, never bounced back); others refused at RCPT."""
    _mail(inbound, "abuse@bounces.mailcraft.localhost", b"Subject: hello\r\n\r\nnot a report")
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        _mail(inbound, "someone@elsewhere.example", b"Subject: x\r\n\r\nx")
