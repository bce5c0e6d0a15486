"""Super-admins' reports across clients: the Campaign Performance Report
(/performanceReport), the Email DashBoard's recent campaigns (/recentcampaigns) and the
Scheduler Summary (/scheduleSummary). Each client's schema is read in turn (like
marketing/bi), at most CAMPAIGN_REPORT_CLIENT_LIMIT campaigns from each, in a window of
days; instants in that client's time zone. Nothing is written in any schema."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

from core.tenancy import clients_each
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.delivery.selectors import send_states
from marketing.tracking.selectors import campaigns_people


def _rate(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 2) if whole else 0.0


def _performance_rows(client, campaigns: list[Campaign]) -> list[dict]:
    zone = ZoneInfo(client.time_zone)
    states = send_states([c.send_id for c in campaigns if c.send_id])
    people = campaigns_people([c.pk for c in campaigns])
    rows = []
    for campaign in campaigns:
        state = states.get(campaign.send_id)
        sent = state.sent if state else 0
        reach = people.get(campaign.pk, {})
        opened, clicked = reach.get("opened", 0), reach.get("clicked", 0)
        rows.append(
            {
                "client_id": client.pk,
                "client_name": client.name,
                "campaign_id": campaign.pk,
                "name": campaign.name,
                "type": campaign.kind,
                "status": campaign.status,
                "started_at": campaign.started_at.astimezone(zone) if campaign.started_at else None,
                "scheduled_at": campaign.scheduled_at.astimezone(zone)
                if campaign.scheduled_at
                else None,
                "recipients": state.recipients if state else 0,
                "sent": sent,
                "failed": state.failed if state else 0,
                "unique_opens": opened,
                "unique_clicks": clicked,
                "bounces": reach.get("bounced", 0),
                "unsubscribes": reach.get("unsubscribed", 0),
                "complaints": reach.get("complained", 0),
                "open_rate": _rate(opened, sent),
                "click_rate": _rate(clicked, sent),
            }
        )
    return rows


def performance_rows(*, days: int, search: str = "") -> list[dict]:
    """Every client's campaigns started in the last `days` days (newest first in each
    client), with their ledger counts and human reach."""
    since = timezone.now() - timedelta(days=days)
    rows: list[dict] = []
    for client in clients_each():
        campaigns = Campaign.objects.filter(started_at__gte=since).order_by("-started_at", "-id")
        if search.strip():
            campaigns = campaigns.filter(name__icontains=search.strip())
        rows.extend(
            _performance_rows(client, list(campaigns[: settings.CAMPAIGN_REPORT_CLIENT_LIMIT]))
        )
    return rows


def recent_campaigns(*, limit: int) -> list[dict]:
    """The `limit` campaigns started most recently across every client (at most `limit`
    read from each), newest first."""
    rows: list[dict] = []
    for client in clients_each():
        campaigns = Campaign.objects.filter(started_at__isnull=False).order_by("-started_at", "-id")
        rows.extend(_performance_rows(client, list(campaigns[:limit])))
    rows.sort(key=lambda row: row["started_at"], reverse=True)
    return rows[:limit]


def schedule_summary(*, days: int) -> list[dict]:
    """Campaigns scheduled from now to `days` days ahead, in every client: per client and
    day of that client's zone, the campaigns (name, time, whether sent in each
    recipient's zone), ordered by day then client."""
    now = timezone.now()
    until = now + timedelta(days=days)
    days_by_key: dict[tuple, dict] = {}
    for client in clients_each():
        zone = ZoneInfo(client.time_zone)
        campaigns = Campaign.objects.filter(
            status=CampaignStatus.SCHEDULED, scheduled_at__lt=until
        ).order_by("scheduled_at", "id")[: settings.CAMPAIGN_REPORT_CLIENT_LIMIT]
        for campaign in campaigns:
            local: datetime = campaign.scheduled_at.astimezone(zone)
            key = (local.date(), client.name, client.pk)
            entry = days_by_key.setdefault(
                key,
                {
                    "day": local.date(),
                    "client_id": client.pk,
                    "client_name": client.name,
                    "time_zone": client.time_zone,
                    "campaigns": [],
                },
            )
            entry["campaigns"].append(
                {
                    "campaign_id": campaign.pk,
                    "name": campaign.name,
                    "type": campaign.kind,
                    "scheduled_at": local,
                    "send_in_recipient_zone": campaign.send_in_recipient_zone,
                    "overdue": campaign.scheduled_at < now,
                }
            )
    return [days_by_key[key] for key in sorted(days_by_key)]
