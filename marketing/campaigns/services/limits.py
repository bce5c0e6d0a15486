"""The sending limits a campaign meets at schedule and at start (spec 5.2, 8): the
monthly send limit (including next month's), the warm-up of a new sending domain, and
the breaker (a hard-bounce or spam threshold exceeded). Delivery keeps the figures; this
module adds what the client's scheduled campaigns will send.

Warm-up limits how much a new domain sends per day, never how little: a send larger than
today's allowance goes out over the following days (the campaign's note says so). Only a
campaign marked as a warm-up campaign needs CAMPAIGN_WARMUP_MIN_RECIPIENTS recipients
(spec 5.2, "Warm-up campaigns need a minimum recipient count")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection

from core.errors import NotFound
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.selectors import audience_mailable_count, campaign_audience_sql
from marketing.delivery.services.breaker import sending_stopped_reason
from marketing.delivery.services.monthly import (
    Month,
    ledger_month_usage,
    month_of,
    monthly_limit,
)
from marketing.delivery.services.warmup import domain_warmup


@dataclass(frozen=True)
class LimitProblems:
    monthly: str = ""  # '' when the month has room for the campaign
    warmup: str = ""  # '' unless a warm-up campaign's audience is too small
    stopped: str = ""  # the breaker's reason, '' when the client may send
    warmup_note: str = ""  # shown on a scheduled campaign whose domain warms up


def _audience_count(campaign: Campaign) -> int:
    try:
        sql, params = campaign_audience_sql(campaign, time_zone=connection.tenant.time_zone)
    except NotFound:  # a segment deleted since: the start will fail it anyway
        return 0
    return audience_mailable_count(sql, params)


def scheduled_in_month(month: Month, *, except_id: int | None) -> int:
    """What the client's other scheduled campaigns of the month will send."""
    campaigns = Campaign.objects.filter(
        status=CampaignStatus.SCHEDULED,
        scheduled_at__gte=month.start,
        scheduled_at__lt=month.end,
    ).exclude(pk=except_id)
    return sum(_audience_count(c) for c in campaigns)


def monthly_problem(campaign: Campaign, *, count: int, now: datetime) -> str:
    limit = monthly_limit()
    if limit is None:
        return ""
    month = month_of(campaign.scheduled_at or now)
    used = ledger_month_usage(month, now=now) + scheduled_in_month(month, except_id=campaign.pk)
    if used + count <= limit:
        return ""
    return messages.MONTHLY_LIMIT_EXCEEDED.format(
        month=month.label, limit=limit, used=used, count=count
    )


def campaign_limits(
    campaign: Campaign, *, sender_address: str, count: int, now: datetime
) -> LimitProblems:
    domain = sender_address.rpartition("@")[2].lower()
    warmup = domain_warmup(domain, now=now) if domain else None
    too_few = note = ""
    minimum = settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS
    if campaign.is_warmup and count < minimum:
        too_few = messages.WARMUP_TOO_FEW.format(minimum=minimum, count=count)
    if warmup is not None and count > warmup.remaining():
        note = messages.WARMUP_NOTE.format(domain=domain, allowance=warmup.allowance)
    return LimitProblems(
        monthly=monthly_problem(campaign, count=count, now=now),
        warmup=too_few,
        stopped=sending_stopped_reason(),
        warmup_note=note,
    )
