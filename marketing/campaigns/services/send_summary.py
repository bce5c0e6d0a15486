"""What a send will do, shown before the last click (the send confirmation, the test
dialog): how many people it reaches, the one From they see, the daily allowance of a
sending domain in its warm-up (and whether the send spreads over several days), a warm-up
campaign's minimum, and whether the client's postal address, which every campaign's
footer carries, is on file. A read: nothing changes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.utils import timezone

from marketing.campaigns import messages
from marketing.campaigns.models import Campaign
from marketing.campaigns.selectors import campaign_settings_get
from marketing.campaigns.services.campaign_launch import send_context
from marketing.campaigns.services.senders import campaign_from
from marketing.delivery.services.warmup import Warmup, domain_warmup


@dataclass(frozen=True)
class SendSummary:
    recipients: int
    from_name: str
    from_address: str
    sender_problem: str  # '' when the From may send
    warmup: Warmup | None  # the From's domain in its warm-up today
    warmup_remaining: int  # what that domain may still send today
    warmup_note: str  # '' unless the send is larger than what the day allows
    warmup_minimum: int | None  # a warm-up campaign's minimum audience, else None
    postal_address: str  # '' when the client has not given one: a send is refused


def campaign_send_summary(campaign: Campaign, *, now: datetime | None = None) -> SendSummary:
    now = now or timezone.now()
    context = send_context(campaign, now=now)
    sender = campaign_from(campaign)
    domain = sender.address.rpartition("@")[2].lower()
    warmup = domain_warmup(domain, now=now) if domain else None
    remaining = warmup.remaining() if warmup is not None else 0
    note = ""
    if warmup is not None and context.recipient_count > remaining:
        note = messages.WARMUP_NOTE.format(domain=domain, allowance=warmup.allowance)
    return SendSummary(
        recipients=context.recipient_count,
        from_name=sender.name,
        from_address=sender.address,
        sender_problem=sender.problem,
        warmup=warmup,
        warmup_remaining=remaining,
        warmup_note=note,
        warmup_minimum=settings.CAMPAIGN_WARMUP_MIN_RECIPIENTS if campaign.is_warmup else None,
        postal_address=campaign_settings_get().postal_address,
    )
