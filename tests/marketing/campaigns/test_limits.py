"""The sending limits a campaign meets (spec 5.2, 8): the monthly send limit at schedule
and at start, next month against next month's allowance; a warming-up domain's daily
allowance (its note on the schedule, never a minimum), a warm-up campaign's minimum
audience; the breaker refusing schedules and resumes."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from core import tasks
from core.errors import ValidationFailed
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.services.campaign_launch import (
    campaign_resume,
    campaign_send,
    campaign_start,
)
from marketing.delivery.buckets import redis_connection, warmup_key
from marketing.delivery.models import Delivery, DeliveryState, Send, SendingHealth
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.monthly import month_of, monthly_limit
from marketing.delivery.services.warmup import warmups_now
from tests.support.campaign_world import campaign_make, sender_ready, world_make
from tests.support.http_api import Api
from tests.support.tenants import in_schema


@pytest.fixture(autouse=True)
def sent_tasks(monkeypatch):
    sent = []
    monkeypatch.setattr(tasks, "task_send", lambda name, kwargs, _: sent.append((name, kwargs)))
    return sent


def _schedule(campaign, at=None):
    values = {"scheduled_at": at} if at is not None else {}
    return campaign_send(campaign_id=campaign.pk, values=values, when="schedule")


def _refusal(campaign, at=None) -> dict:
    with pytest.raises(ValidationFailed) as refused:
        _schedule(campaign, at)
    return refused.value.errors


def _soon():
    """An instant of this month, in the client's zone, that is not in the past."""
    now = timezone.now()
    month = month_of(now)
    return min(now + timedelta(minutes=5), month.end - timedelta(seconds=1))


def _next_month():
    return month_of(timezone.now()).end + timedelta(days=1)


def test_the_monthly_limit_refuses_a_schedule_this_month_and_next(world, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 3  # the world's audience is 2 people
    month, following = month_of(timezone.now()), month_of(_next_month())
    first = campaign_make(world, name="First")
    assert _schedule(first, _soon()).status == CampaignStatus.SCHEDULED
    second = campaign_make(world, name="Second")
    assert _refusal(second, _soon()) == {
        "audience": [
            f"Monthly send limit exceeded: {month.label} allows 3 messages; 2 are already "
            "sent or scheduled and this campaign adds 2."
        ]
    }
    # Next month has its own allowance ...
    assert _schedule(second, _next_month()).status == CampaignStatus.SCHEDULED
    # ... which the next one of that month then exceeds.
    third = campaign_make(world, name="Third")
    errors = _refusal(third, _next_month())
    assert errors["audience"][0].startswith(f"Monthly send limit exceeded: {following.label}")
    assert Campaign.objects.get(pk=third.pk).status == CampaignStatus.DRAFT
    # Rescheduling the first within its month does not count it twice.
    assert _schedule(first, _soon()).status == CampaignStatus.SCHEDULED


def test_the_ledger_counts_what_was_sent_this_month(world, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 4
    send = Send.objects.create(
        kind="campaign", source_id=999, subject="s", from_name="S", from_address="a@b.example"
    )
    Delivery.objects.bulk_create(
        Delivery(send=send, profile_id=i, email=f"x{i}@b.example", state=state, sent_at=sent_at)
        for i, (state, sent_at) in enumerate(
            [
                (DeliveryState.SENT, timezone.now()),
                (DeliveryState.FAILED, timezone.now()),  # bounced after it was sent
                (DeliveryState.PENDING, None),  # still to go this month
                (DeliveryState.FAILED, None),  # never sent: not counted
            ]
        )
    )
    errors = _refusal(campaign_make(world), _soon())
    assert "3 are already sent or scheduled" in errors["audience"][0]
    settings.DELIVERY_MONTHLY_LIMIT = 5
    assert _schedule(Campaign.objects.get(name="Autumn sale"), _soon()).status == "Scheduled"


def test_the_plan_names_the_limit(world, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 0
    assert monthly_limit() is None
    plan = connection.tenant.plan
    plan.limits = {**plan.limits, "MonthlySends": 1}
    plan.save()
    assert monthly_limit() == 1
    assert "audience" in _refusal(campaign_make(world), _soon())


def test_the_start_refuses_a_campaign_over_the_limit(world, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 10
    campaign = campaign_make(world)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    settings.DELIVERY_MONTHLY_LIMIT = 1  # the plan changed since the schedule
    assert campaign_start(campaign_id=campaign.pk) == "failed"
    failed = Campaign.objects.get(pk=campaign.pk)
    assert failed.status == CampaignStatus.FAILED
    assert failed.status_message.startswith("Monthly send limit exceeded")
    assert not Send.objects.filter(source_id=campaign.pk).exists()


def test_a_warming_up_domain_sends_small_campaigns_and_spreads_large_ones(world, settings):
    sender_ready("news@fresh.com", name="Fresh", warming_up=True)
    settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS = 3
    small = campaign_make(world, from_address="news@fresh.com", from_name="Fresh")
    # Two recipients from a domain verified today: no minimum for a regular campaign.
    scheduled = _schedule(small, _soon())
    assert (scheduled.status, scheduled.status_message) == (CampaignStatus.SCHEDULED, "")
    # More than the day allows: scheduled, with a note on the schedule.
    settings.DELIVERY_WARMUP_FIRST_DAY = 1
    large = campaign_make(world, name="Large", from_address="news@fresh.com", from_name="Fresh")
    scheduled = _schedule(large, _soon())
    assert scheduled.status == CampaignStatus.SCHEDULED
    assert scheduled.status_message.startswith(
        "The sending domain fresh.com is warming up: it sends at most 1 messages today"
    )


def test_a_warm_up_campaign_needs_a_minimum_audience(world, settings):
    settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS = 3
    campaign = campaign_make(world, is_warmup=True)
    assert _refusal(campaign, _soon()) == {
        "audience": [
            "A warm-up campaign needs at least 3 recipients; this one has 2. "
            "Add recipients, or send it as a regular campaign."
        ]
    }
    settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS = 2
    assert _schedule(campaign, _soon()).status == CampaignStatus.SCHEDULED


def test_fourteen_recipients_from_a_domain_verified_today_go_out_within_its_cap(
    in_alpha, sink, settings
):
    settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS = 50
    emails = [f"reader{n}@mail.example" for n in range(14)]
    world = world_make(emails=emails)
    sender_ready("news@fresh.com", name="Fresh", warming_up=True)
    campaign = campaign_make(world, from_address="news@fresh.com", from_name="Fresh")
    [warmup] = warmups_now()
    # The day's counter lives in Redis and outlives the test's rollback.
    redis_connection().delete(warmup_key(connection.schema_name, "fresh.com", warmup.day))
    assert campaign_send(campaign_id=campaign.pk, values={}, when="now").status_message == ""
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send = Send.objects.get(source_id=campaign.pk)
    send_batch_run(send.pk)
    assert sorted(r for m in sink.handler.received for r in m.rcpt_to) == sorted(emails)
    [warmup] = warmups_now()
    assert (warmup.domain, warmup.day_number, warmup.allowance) == ("fresh.com", 1, 500)
    assert warmup.remaining() == 500 - 14


def test_the_breaker_refuses_schedules_and_resumes(world):
    campaign = campaign_make(world)
    _schedule(campaign, _soon())
    Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.PAUSED)
    reason = "Sending is stopped: the hard-bounce or spam threshold was exceeded (x)."
    SendingHealth.objects.create(tripped_at=timezone.now(), reason=reason)
    other = campaign_make(world, name="Other")
    assert _refusal(other, _soon()) == {"status": [reason]}
    with pytest.raises(ValidationFailed) as refused:
        campaign_resume(campaign_id=campaign.pk)
    assert refused.value.errors == {"status": [reason]}
    SendingHealth.objects.update(tripped_at=None, reason="")
    assert campaign_resume(campaign_id=campaign.pk).status == CampaignStatus.SCHEDULED


def test_the_api_answers_the_monthly_limit_as_a_field_error(alpha, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 1
    admin_api = Api(alpha, alpha.admin.email)
    with in_schema(alpha):
        world = world_make()
        campaign = campaign_make(world)
    answer = admin_api.post(f"/api/mm/campaigns/{campaign.pk}/send", {"when": "now"})
    assert answer.status_code == 400
    assert answer.json()["errors"]["audience"][0].startswith("Monthly send limit exceeded")
    with in_schema(alpha):
        assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.DRAFT
