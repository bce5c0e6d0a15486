"""Sending campaigns: the start freezes the audience into the delivery ledger once however
often it is asked, a campaign without recipients fails with the spec's reason, pause and
resume, the campaign's status follows its send, content is a snapshot, and a campaign sent
in each recipient's time zone gets one due time per profile."""

import threading
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from core import tasks
from marketing.audience.models import Profile, ProfileGroup
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.services.campaign_launch import (
    RECIPIENT_ZONE_LEAD,
    campaign_pause,
    campaign_resume,
    campaign_send,
    campaign_start,
    campaign_statuses_follow,
    campaigns_due,
)
from marketing.content.associations import footer_campaigns, header_campaigns
from marketing.content.models import CampaignFooter, CampaignHeader, Template
from marketing.delivery.models import Delivery, Send, SendKind, SendStatus
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from tests.support.campaign_world import (
    campaign_make,
    sender_ready,
    world_committed_remove,
    world_make,
)


def _send_of(campaign) -> Send:
    return Send.objects.get(kind=SendKind.CAMPAIGN, source_id=campaign.pk)


def test_send_now_starts_on_commit_and_delivers(
    world, sent_tasks, sink, django_capture_on_commit_callbacks
):
    campaign = campaign_make(world)
    with django_capture_on_commit_callbacks(execute=True):
        sent = campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert sent.status == CampaignStatus.SCHEDULED
    assert sent_tasks == [("campaigns.campaign_start", {"campaign_id": campaign.pk})]
    with django_capture_on_commit_callbacks(execute=True):
        assert campaign_start(campaign_id=campaign.pk) == "started"
    send = _send_of(campaign)
    assert sent_tasks[-1] == ("delivery.send_run", {"send_id": send.pk})
    started = Campaign.objects.get(pk=campaign.pk)
    assert (started.status, started.send_id, started.recipient_count) == ("Sending", send.pk, 2)
    assert send_batch_run(send.pk) == RunResult.FINISHED
    [to_ann] = sink.handler.for_recipient("ann@mail.example")
    assert to_ann.message["Subject"] == "Autumn sale"
    assert to_ann.message["From"] == "Shop <news@shop.example>"
    assert campaign_statuses_follow() == 1
    done = Campaign.objects.get(pk=campaign.pk)
    assert done.status == CampaignStatus.SENT and done.sent_at is not None


def test_a_campaign_without_recipients_fails_with_the_reason(world, sent_tasks):
    Profile.objects.filter(pk__in=world.profile_ids).update(unsubscribed_at=timezone.now())
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "noRecipients"
    failed = Campaign.objects.get(pk=campaign.pk)
    assert failed.status == CampaignStatus.FAILED
    assert failed.status_message == (
        "The campaign failed as there were no recipients in the campaign"
    )
    assert not any(name == "delivery.send_run" for name, _ in sent_tasks)


def test_a_start_that_is_not_due_or_repeated_does_nothing(world, sent_tasks):
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="schedule")  # in an hour
    assert campaigns_due() == []
    assert campaign_start(campaign_id=campaign.pk) == "notDue"
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now())
    assert campaigns_due() == [campaign.pk]
    assert campaign_start(campaign_id=campaign.pk) == "started"
    assert campaign_start(campaign_id=campaign.pk) == "notDue"
    assert Send.objects.filter(source_id=campaign.pk).count() == 1
    assert Delivery.objects.filter(send=_send_of(campaign)).count() == 2


def test_content_is_a_snapshot_with_header_footer_and_preview_text(world, sent_tasks):
    header = CampaignHeader.objects.create(name="Logo", html="<p>LOGO</p>")
    footer = CampaignFooter.objects.create(
        name="Address", html="<p>1 Main St</p>", background_color="#000000", font_color="#ffffff"
    )
    campaign = campaign_make(
        world, header_id=header.pk, footer_id=footer.pk, preview_text="Up to 50% off"
    )
    assert header_campaigns(header.pk) == [("Autumn sale", "Draft")]
    assert footer_campaigns(footer.pk) == [("Autumn sale", "Draft")]
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    campaign_start(campaign_id=campaign.pk)
    Template.objects.filter(pk=world.template_id).update(html="<p>changed</p>")
    html = _send_of(campaign).html
    assert html.index("Up to 50% off") < html.index("LOGO") < html.index("Hi ")
    assert html.index("Hi ") < html.index("1 Main St") < html.index("</body>")
    assert "background-color:#000000;color:#ffffff" in html
    assert "changed" not in html


def test_pause_and_resume_a_scheduled_campaign(
    world, sent_tasks, django_capture_on_commit_callbacks
):
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="schedule")
    paused = campaign_pause(campaign_id=campaign.pk, member=None)
    assert paused.status == CampaignStatus.PAUSED and paused.paused_from == "Scheduled"
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now())
    assert campaigns_due() == []  # a paused campaign is not started by the tick
    with django_capture_on_commit_callbacks(execute=True):
        resumed = campaign_resume(campaign_id=campaign.pk)
    assert resumed.status == CampaignStatus.SCHEDULED
    assert ("campaigns.campaign_start", {"campaign_id": campaign.pk}) in sent_tasks


def test_pause_a_sending_campaign_and_follow_a_pipeline_pause(world, sent_tasks):
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    campaign_start(campaign_id=campaign.pk)
    send = _send_of(campaign)
    campaign_pause(campaign_id=campaign.pk, member=None)
    send.refresh_from_db()
    assert send.status == SendStatus.PAUSED
    assert send_batch_run(send.pk) == RunResult.STOPPED
    campaign_resume(campaign_id=campaign.pk)
    send.refresh_from_db()
    assert send.status == SendStatus.SENDING
    assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SENDING
    # the pipeline pauses it (a receiver refused the sender): the campaign says why
    Send.objects.filter(pk=send.pk).update(status=SendStatus.PAUSED, status_message="Refused.")
    assert campaign_statuses_follow() == 1
    paused = Campaign.objects.get(pk=campaign.pk)
    assert (paused.status, paused.status_message) == ("Paused", "Refused.")


def test_each_recipient_gets_the_wall_clock_time_of_their_zone(world, sent_tasks, alpha):
    client_zone = ZoneInfo(connection.tenant.time_zone)  # America/New_York
    people = {
        "tokyo@x.example": dict(custom={"timeZone": "Asia/Tokyo"}),
        "bogus@x.example": dict(custom={"timeZone": "Not/AZone"}, country="France"),
        "la@x.example": dict(country="US", state="CA"),
        "nowhere@x.example": dict(),
    }
    ids = [Profile.objects.create(email=e, **f).pk for e, f in people.items()]
    for pk in ids:
        ProfileGroup.objects.create(profile_id=pk, group_id=world.group_id)
    tomorrow = (timezone.now() + timedelta(days=2)).astimezone(client_zone).date()
    nine = datetime(tomorrow.year, tomorrow.month, tomorrow.day, 9, tzinfo=client_zone)
    campaign = campaign_make(world, scheduled_at=nine, send_in_recipient_zone=True)
    campaign_send(campaign_id=campaign.pk, values={}, when="schedule")
    assert campaigns_due() == []  # more than 26 hours ahead
    # The latest 09:00 whose lead has begun: a day earlier is not always enough (at 00:30
    # in New York, 09:00 tomorrow is 32.5 hours ahead, more than the lead).
    while nine > timezone.now() + RECIPIENT_ZONE_LEAD:
        nine -= timedelta(days=1)  # wall-clock arithmetic in client_zone: still 09:00
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=nine)
    assert campaigns_due() == [campaign.pk]
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send = _send_of(campaign)
    assert not any(name == "delivery.send_run" for name, _ in sent_tasks[:-1])
    due = dict(Delivery.objects.filter(send=send).values_list("email", "next_attempt_at"))

    def at_nine(email: str, zone: str) -> bool:
        """Due at 09:00 in `zone`, or now when that has passed already."""
        wall = datetime.combine(nine.date(), nine.time(), tzinfo=ZoneInfo(zone))
        return due[email] == wall or (wall < timezone.now() and due[email] <= timezone.now())

    assert at_nine("tokyo@x.example", "Asia/Tokyo")
    assert at_nine("bogus@x.example", "Europe/Paris")  # no such zone: its country's
    assert at_nine("la@x.example", "America/Los_Angeles")
    assert at_nine("nowhere@x.example", "America/New_York")  # the client's
    assert due["la@x.example"] - due["nowhere@x.example"] == timedelta(hours=3)


def test_ten_starts_at_once_send_once(tenants, django_db_blocker):
    """Committed data (each thread has its own connection); removed at the end."""
    alpha = tenants["alpha"]
    with django_db_blocker.unblock():
        connection.set_tenant(alpha.client)
        world = world_make(emails=("race1@x.example", "race2@x.example"))
        campaign = campaign_make(world, name="Race", scheduled_at=timezone.now())
        Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.SCHEDULED)
        results, barrier = [], threading.Barrier(10)

        def start():
            from django.db import connection as own

            own.set_tenant(alpha.client)
            try:
                barrier.wait(10)
                results.append(campaign_start(campaign_id=campaign.pk))
            finally:
                own.close()

        original = tasks.task_send
        tasks.task_send = lambda *a: None
        try:
            threads = [threading.Thread(target=start) for _ in range(10)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            connection.set_tenant(alpha.client)
            assert sorted(results) == ["notDue"] * 9 + ["started"]
            sends = Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=campaign.pk)
            assert sends.count() == 1
            assert Delivery.objects.filter(send__in=sends).count() == 2
        finally:
            tasks.task_send = original
            world_committed_remove(alpha, campaign, world)


def test_a_campaign_with_a_sender_goes_out_from_the_senders_address(world, sent_tasks):
    sender = sender_ready("hello@shop.example", name="Hello team", reply_to="help@shop.example")
    campaign = campaign_make(world, sender_id=sender.pk, from_name="", from_address="")
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send = _send_of(campaign)
    assert (send.from_name, send.from_address, send.reply_to) == (
        "Hello team", "hello@shop.example", "help@shop.example",
    )  # fmt: skip
