"""RSS campaigns (spec 3 rssFeedObject, 5.2): a feed, a frequency (Day, Week, Month) and
an article count. The campaign stays Scheduled; `scheduled_at` is its next check.

Each due check (`rss_issue_send`, started by the tick like any due campaign): the feed is
fetched through rendering's fetcher (core/outbound.py's rules, entity refusal, the
5-minute cache) before any lock is taken; then the campaign row is locked and, if it is
still due, its next check is moved one period on (in the client's zone: a "Month" is the
same day of the next month, or its last day). An issue is sent only when the feed has
items newer than the newest one the last issue carried (by guid, or link, or title; and
by date when both have one): those items, at most `rss_article_count`, are frozen on the
issue's send as the RSS channel every message renders its RSS_ tags and RSS_ITEMS loop
from. An issue's ledger part is "rss:" plus a digest of its newest item, unique per
campaign, so a check repeated by a second tick can never send one issue twice. A feed
that cannot be read keeps the campaign for its next check, with the reason as its
status message."""

from __future__ import annotations

import calendar
import hashlib
from datetime import datetime, timedelta
from email.utils import parsedate_to_datetime
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.campaigns.models import Campaign, CampaignKind, CampaignStatus
from marketing.campaigns.selectors import campaign_audience_sql
from marketing.campaigns.services.mailing import mailing_content, mailing_start
from marketing.rendering.selectors import rss_feed_get


def period_next(at: datetime, frequency: str, *, time_zone: str) -> datetime:
    """One period after `at`, on the client's wall clock."""
    zone = ZoneInfo(time_zone)
    local = at.astimezone(zone).replace(tzinfo=None)
    if frequency == "Month":
        year, month = (local.year + 1, 1) if local.month == 12 else (local.year, local.month + 1)
        day = min(local.day, calendar.monthrange(year, month)[1])
        local = local.replace(year=year, month=month, day=day)
    else:
        local += timedelta(days=7 if frequency == "Week" else 1)
    return local.replace(tzinfo=zone)


def item_key(item: dict) -> str:
    return str(item.get("guid") or item.get("link") or item.get("title") or "")


def item_date(item: dict) -> datetime | None:
    value = item.get("pubDate") or ""
    try:
        parsed = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=ZoneInfo("UTC"))


def items_new(items: list[dict], *, last_key: str, last_at: datetime | None) -> list[dict]:
    """The feed's items newer than the last issue's newest (feeds list newest first): the
    ones before it in the feed, and of those, when dates are known, only later ones."""
    fresh = []
    for item in items:
        if last_key and item_key(item) == last_key:
            break
        when = item_date(item)
        if last_at is not None and when is not None and when <= last_at:
            continue
        fresh.append(item)
    return fresh


def rss_issue_send(*, campaign_id: int) -> str:
    """One due check of an RSS campaign (idempotent: see the module). Returns what
    happened: "notDue", "noNewItems", "feedError", "failed" or "started"."""
    found = Campaign.objects.filter(
        pk=campaign_id, kind=CampaignKind.RSS, status=CampaignStatus.SCHEDULED
    ).first()
    if found is None or found.scheduled_at is None or found.scheduled_at > timezone.now():
        return "notDue"
    try:
        channel, problem = rss_feed_get(url=found.rss_url), ""
    except ValidationFailed as refused:
        channel, problem = None, refused.message
    zone = connection.tenant.time_zone
    with transaction.atomic():
        campaign = (
            Campaign.objects.select_for_update(of=("self",))
            .select_related("campaign_type")
            .filter(pk=campaign_id, kind=CampaignKind.RSS, status=CampaignStatus.SCHEDULED)
            .first()
        )
        now = timezone.now()
        if campaign is None or campaign.scheduled_at is None or campaign.scheduled_at > now:
            return "notDue"
        following = campaign.scheduled_at
        while following <= now:
            following = period_next(following, campaign.rss_frequency, time_zone=zone)
        Campaign.objects.filter(pk=campaign.pk).update(
            scheduled_at=following, status_message=problem, updated_at=now
        )
        if channel is None:
            return "feedError"
        fresh = items_new(
            channel.get("item", []),
            last_key=campaign.rss_last_item_guid,
            last_at=campaign.rss_last_item_at,
        )[: campaign.rss_article_count or 1]
        if not fresh:
            return "noNewItems"
        try:
            content = mailing_content(campaign)
        except NotFound as gone:
            Campaign.objects.filter(pk=campaign.pk).update(status_message=gone.message)
            return "failed"
        newest = fresh[0]
        sql, params = campaign_audience_sql(campaign, time_zone=zone)
        started = mailing_start(
            campaign,
            content=content,
            audience_sql=sql,
            params=params,
            part="rss:" + hashlib.sha256(item_key(newest).encode()).hexdigest()[:40],
            rss_channel={**channel, "item": fresh},
        )
        Campaign.objects.filter(pk=campaign.pk).update(
            rss_last_item_guid=item_key(newest)[:2000],
            rss_last_item_at=item_date(newest),
            send_id=started.send_id,
            recipient_count=started.recipients,
            started_at=campaign.started_at or now,
        )
        audit_record(
            AuditEvent.CAMPAIGN_RSS_ISSUE_STARTED,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"items": len(fresh), "recipients": started.recipients},
            path="system",
        )
    return "started"
