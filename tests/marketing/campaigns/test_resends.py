"""Resends against the real database: scheduled at the start (days after, at the chosen
time of the client's zone, status 1), sent once when due and the campaign is Sent, to
non-openers and to openers who did not click by human events only, with their own
subject; delivered (2) when their send finishes, failed (3) when the campaign failed."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.campaigns.models import Campaign, CampaignStatus, ResendStatus
from marketing.campaigns.services.campaign_launch import (
    campaign_send,
    campaign_start,
    campaign_statuses_follow,
)
from marketing.campaigns.services.resends import (
    resend_send,
    resend_statuses_follow,
    resends_due,
)
from marketing.delivery.models import Delivery, Send, SendKind
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.tracking.services import Event, events_record
from tests.support.campaign_world import campaign_make, world_make

EMAILS = ("clicker@r.example", "opener@r.example", "proxy@r.example", "silent@r.example")


def _resending(world, **changes):
    values = dict(
        resend_unopened=True,
        resend_unopened_days=2,
        resend_unopened_time=time(9, 0),
        resend_unopened_subject="Did you miss it?",
        resend_unclicked=True,
        resend_unclicked_days=3,
        resend_unclicked_time=time(17, 30),
        resend_unclicked_subject="Still thinking?",
    )
    values.update(changes)
    campaign = campaign_make(world, **values)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    return campaign


def _send(campaign, part) -> Send:
    return Send.objects.get(kind=SendKind.CAMPAIGN, source_id=campaign.pk, part=part)


def _emails(send) -> set[str]:
    return set(Delivery.objects.filter(send=send).values_list("email", flat=True))


def test_resends_go_once_to_whom_human_events_say(in_alpha, sent_tasks, sink):
    world = world_make(emails=EMAILS)
    campaign = _resending(world)
    assert campaign_start(campaign_id=campaign.pk) == "started"
    started = Campaign.objects.get(pk=campaign.pk)
    zone = ZoneInfo(connection.tenant.time_zone)
    day = started.scheduled_at.astimezone(zone).date()
    assert started.resend_unopened_status == ResendStatus.SCHEDULED
    assert started.resend_unopened_scheduled_at == datetime.combine(
        day + timedelta(days=2), time(9, 0), tzinfo=zone
    )
    assert started.resend_unclicked_scheduled_at == datetime.combine(
        day + timedelta(days=3), time(17, 30), tzinfo=zone
    )
    assert send_batch_run(started.send_id) == RunResult.FINISHED
    ids = dict(Profile.objects.filter(email__in=EMAILS).values_list("email", "pk"))
    events_record(
        [
            Event(ids["clicker@r.example"], "opened", campaign_id=campaign.pk),
            Event(ids["clicker@r.example"], "clicked", campaign_id=campaign.pk),
            Event(ids["opener@r.example"], "opened", campaign_id=campaign.pk),
            # a proxy's open and a scanner's click: neither an open nor a click
            Event(ids["proxy@r.example"], "opened", campaign_id=campaign.pk, machine=True),
            Event(ids["proxy@r.example"], "clicked", campaign_id=campaign.pk, machine=True),
            # another campaign's open says nothing about this one
            Event(ids["silent@r.example"], "opened", campaign_id=campaign.pk + 1000),
        ]
    )
    past = timezone.now() - timedelta(minutes=1)
    Campaign.objects.filter(pk=campaign.pk).update(
        resend_unopened_scheduled_at=past, resend_unclicked_scheduled_at=past
    )
    assert resends_due() == []  # the campaign is not Sent yet
    assert campaign_statuses_follow() == 1
    assert sorted(resends_due()) == sorted(
        [(campaign.pk, "resendUnopened"), (campaign.pk, "resendUnclicked")]
    )
    assert resend_send(campaign_id=campaign.pk, part="resendUnopened") == "started"
    assert resend_send(campaign_id=campaign.pk, part="resendUnopened") == "notDue"
    assert resend_send(campaign_id=campaign.pk, part="resendUnclicked") == "started"
    assert resends_due() == []
    unopened, unclicked = _send(campaign, "resendUnopened"), _send(campaign, "resendUnclicked")
    assert _emails(unopened) == {"proxy@r.example", "silent@r.example"}
    assert _emails(unclicked) == {"opener@r.example"}
    assert (unopened.subject, unclicked.subject) == ("Did you miss it?", "Still thinking?")
    assert "Hi <% firstName" in unopened.html
    processed = Campaign.objects.get(pk=campaign.pk)
    assert processed.resend_unopened_processed_at is not None
    assert processed.resend_unopened_status == ResendStatus.SCHEDULED  # under way
    assert send_batch_run(unopened.pk) == RunResult.FINISHED
    assert send_batch_run(unclicked.pk) == RunResult.FINISHED
    assert resend_statuses_follow() == 2
    done = Campaign.objects.get(pk=campaign.pk)
    assert done.resend_unopened_status == done.resend_unclicked_status == ResendStatus.DELIVERED
    assert done.status == CampaignStatus.SENT and campaign_statuses_follow() == 0
    subjects = [m.message["Subject"] for m in sink.handler.for_recipient("silent@r.example")]
    assert subjects == ["Autumn sale", "Did you miss it?"]


def test_a_resend_of_a_failed_campaign_fails_and_one_without_people_is_delivered(
    in_alpha, sent_tasks, sink
):
    world = world_make(emails=("gone@r.example",))
    failing = _resending(world, name="Failing", resend_unclicked=False)
    campaign_start(campaign_id=failing.pk)
    past = timezone.now() - timedelta(minutes=1)
    Campaign.objects.filter(pk=failing.pk).update(
        status=CampaignStatus.FAILED, resend_unopened_scheduled_at=past
    )
    assert resends_due() == [(failing.pk, "resendUnopened")]
    assert resend_send(campaign_id=failing.pk, part="resendUnopened") == "failed"
    assert Campaign.objects.get(pk=failing.pk).resend_unopened_status == ResendStatus.FAILED

    everyone_clicked = _resending(world, name="Clicked", resend_unopened=False)
    campaign_start(campaign_id=everyone_clicked.pk)
    send_batch_run(Campaign.objects.get(pk=everyone_clicked.pk).send_id)
    campaign_statuses_follow()
    events_record([Event(world.profile_ids[0], "clicked", campaign_id=everyone_clicked.pk)])
    Campaign.objects.filter(pk=everyone_clicked.pk).update(resend_unclicked_scheduled_at=past)
    assert resend_send(campaign_id=everyone_clicked.pk, part="resendUnclicked") == "started"
    done = Campaign.objects.get(pk=everyone_clicked.pk)
    assert done.resend_unclicked_status == ResendStatus.DELIVERED
    assert not Delivery.objects.filter(send=_send(everyone_clicked, "resendUnclicked")).exists()


def test_no_resend_is_scheduled_unless_chosen(in_alpha, sent_tasks):
    world = world_make(emails=("plain@r.example",))
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    campaign_start(campaign_id=campaign.pk)
    started = Campaign.objects.get(pk=campaign.pk)
    assert started.resend_unopened_status == started.resend_unclicked_status == 0
    assert started.resend_unopened_scheduled_at is None
