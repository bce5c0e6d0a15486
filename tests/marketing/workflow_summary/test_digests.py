"""The sweep: a due schedule sends one digest with the client's own figures through the
transactional lane to the SMTP sink; a second run (or a second sweep at once) sends
nothing more; the CRM fields come from the adapter and are never made up."""

from datetime import time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

from marketing.delivery.models import Delivery, Send, SendKind
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.tracking.models import TrackedSend
from marketing.workflows.summary import crm
from marketing.workflows.summary.digests import CRM_MISSING, summary_digest_send
from marketing.workflows.summary.models import SummaryDigest
from marketing.workflows.summary.tasks import summary_notifications_tick
from tests.support.tenants import in_schema
from tests.support.workflow_summary import activity_make, summary_due_now, summary_make

NY = ZoneInfo("America/New_York")
FIGURES = {
    "campaignsSent": 0,
    "opens": 4,
    "clicks": 2,
    "newProfiles": 3,
    "formConversions": 0,
    "unsubscribes": 1,
}


def _tick() -> dict:
    return summary_notifications_tick.apply().get()


def test_a_due_schedule_sends_one_digest_with_the_clients_figures(alpha, beta, sink, settings):
    settings.DELIVERY_LINK_SCHEME, settings.DELIVERY_LINK_PORT = "http", "8000"
    with in_schema(beta):
        activity_make("beta")  # another client's activity is not alpha's
    with in_schema(alpha):
        activity_make()
        notification = summary_make()
        assert notification.next_due_at > timezone.now()
        assert _tick() == {}  # not due yet
        summary_due_now(notification)
    assert _tick() == {"alpha": 1}
    assert _tick() == {}  # the same period again: nothing
    with in_schema(alpha):
        [digest] = SummaryDigest.objects.all()
        assert digest.figures == FIGURES and digest.crm == {}
        assert digest.recipients == ["boss@agency.example", "owner@agency.example"]
        send = Send.objects.get(pk=digest.send_id)
        assert (send.kind, send.source_id, send.transactional) == (
            SendKind.TRANSACTIONAL, digest.pk, True,
        )  # fmt: skip
        assert send.from_address == settings.SUMMARY_NOTIFICATION_FROM_ADDRESS
        notification.refresh_from_db()
        # moved on to the next 09:00 in the client's zone
        assert notification.next_due_at > timezone.now()
        assert notification.next_due_at.astimezone(NY).time() == time(9, 0)
        assert notification.last_sent_at is not None
        # the transactional lane's run delivers it
        assert send_batch_run(send.pk) == RunResult.FINISHED
        assert Delivery.objects.filter(send=send).count() == 2
    [mail] = sink.handler.for_recipient("boss@agency.example")
    assert mail.message["Subject"] == "Alpha: your daily summary"
    html = mail.message.get_body(("html",)).get_content()
    for label, value in (("Opens", 4), ("Clicks", 2), ("New profiles", 3), ("Unsubscribes", 1)):
        assert f'{label}</td><td style="padding:6px 0"><strong>{value}</strong>' in html
    assert CRM_MISSING in html
    assert settings.SUMMARY_NOTIFICATION_COMPANY_ADDRESS in html
    # the link to the public page (behind the click redirect, which records no activity)
    assert "View this summary online</a>" in html
    with in_schema(alpha):
        link = "http://alpha.localhost:8000/external/summaryNotificationData?token="
        assert link in Send.objects.get(pk=digest.send_id).html
        assert not TrackedSend.objects.get(send_id=digest.send_id).record_events
    text = mail.message.get_body(("plain",)).get_content()
    assert "Opens: 4" in text and "Campaigns sent: 0" in text


def test_running_twice_for_the_same_period_sends_once(alpha):
    with in_schema(alpha):
        notification = summary_make()
        summary_due_now(notification)
        due = notification.next_due_at
        first = summary_digest_send(notification.pk)
        assert first is not None
        # the same occurrence again (a redelivered task that still saw it due)
        notification.refresh_from_db()
        notification.next_due_at = due
        notification.save(update_fields=["next_due_at"])
        assert summary_digest_send(notification.pk) == first
        assert SummaryDigest.objects.count() == 1
        assert Send.objects.filter(kind=SendKind.TRANSACTIONAL, source_id=first).count() == 1
        assert summary_digest_send(notification.pk) is None  # not due any more


def test_a_paused_schedule_is_not_due(alpha):
    with in_schema(alpha):
        notification = summary_make(active=False)
        assert notification.next_due_at is None
        notification.next_due_at = timezone.now() - timedelta(minutes=1)
        notification.save(update_fields=["next_due_at"])
        assert summary_digest_send(notification.pk) is None


class _Crm:
    def period_summary(self, *, start, end):
        return {"contracts": "3 signed ($12,400)", "meetings": 5, "unknown": "x", "proposals": ""}


def test_crm_fields_come_from_the_adapter(alpha, sink):
    previous = crm.crm_adapter_set(_Crm())
    try:
        with in_schema(alpha):
            notification = summary_make(period="week")
            summary_due_now(notification)
            digest = SummaryDigest.objects.get(pk=summary_digest_send(notification.pk))
            assert digest.crm == {"contracts": "3 signed ($12,400)", "meetings": "5"}
            assert send_batch_run(digest.send_id) == RunResult.FINISHED
    finally:
        crm.crm_adapter_set(previous)
    [mail] = sink.handler.for_recipient("boss@agency.example")
    html = mail.message.get_body(("html",)).get_content()
    assert "3 signed ($12,400)" in html and "Meetings" in html and "Proposals" not in html
    assert mail.message["Subject"] == "Alpha: your weekly summary"
