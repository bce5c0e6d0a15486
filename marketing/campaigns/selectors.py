"""Campaign reads: the list (/campaignListView), one campaign, its audience as SQL, the
campaign types and the global settings."""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.db.models import Q, QuerySet

from core.errors import NotFound
from marketing.audience.selectors.mailable import mailable_condition, profile_table
from marketing.audience.selectors.segment_sources import profile_tables
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignSettings, CampaignStatus, CampaignType
from marketing.delivery.selectors import SendState, send_states
from marketing.segments.selectors import segment_profile_ids_sql
from marketing.tracking.selectors import campaign_human_reach

CAMPAIGN_SORTS = {
    "name": ("name", "id"),
    "status": ("status", "id"),
    "type": ("kind", "id"),
    "scheduledAt": ("scheduled_at", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
}
CAMPAIGN_SORT_CHOICES = [*CAMPAIGN_SORTS, *(f"-{key}" for key in CAMPAIGN_SORTS)]
TYPE_SORTS = {"name": ("name", "id"), "createdAt": ("created_at", "id")}
TYPE_SORT_CHOICES = [*TYPE_SORTS, *(f"-{key}" for key in TYPE_SORTS)]


def _order(sorts: dict, sort: str) -> list[str]:
    columns = sorts[sort.lstrip("-")]
    return [f"-{c}" if sort.startswith("-") else c for c in columns]


def campaign_list(
    *,
    search: str = "",
    sort: str = "-updatedAt",
    status: str | None = None,
    kind: str | None = None,
    campaign_type_id: int | None = None,
    created_from: datetime | None = None,
    created_to: datetime | None = None,
) -> QuerySet[Campaign]:
    """The grid's rows: name search is case-insensitive contains (spec 5.1)."""
    queryset = Campaign.objects.select_related("campaign_type").order_by(
        *_order(CAMPAIGN_SORTS, sort)
    )
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    if status:
        queryset = queryset.filter(status=status)
    if kind:
        queryset = queryset.filter(kind=kind)
    if campaign_type_id is not None:
        queryset = queryset.filter(campaign_type_id=campaign_type_id)
    if created_from is not None:
        queryset = queryset.filter(created_at__gte=created_from)
    if created_to is not None:
        queryset = queryset.filter(created_at__lt=created_to)
    return queryset


def campaign_get(*, campaign_id: int) -> Campaign:
    campaign = Campaign.objects.select_related("campaign_type").filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound(messages.CAMPAIGN_NOT_FOUND)
    return campaign


def campaign_send_states(campaigns: list[Campaign]) -> dict[int, SendState]:
    """The delivery counts of the started ones, by campaign id (one query)."""
    by_send = {c.send_id: c.pk for c in campaigns if c.send_id}
    return {by_send[k]: v for k, v in send_states(list(by_send)).items()}


def campaign_reach(campaigns: list[Campaign]) -> dict[int, dict[str, int]]:
    """People who opened and who clicked each started campaign (human events only)."""
    return campaign_human_reach([c.pk for c in campaigns if c.send_id])


def campaign_audience_sql(campaign: Campaign, *, time_zone: str) -> tuple[str, list]:
    """SQL and parameters selecting the ids (`id`) of the profiles of the campaign's groups
    and segments (a profile in several is selected once: callers use it as `IN (...)`)."""
    parts, params = [], []
    if campaign.group_ids:
        parts.append(
            f"SELECT profile_id AS id FROM {profile_tables().profile_group}"
            " WHERE group_id = ANY(%s)"
        )
        params.append(list(campaign.group_ids))
    for segment_id in campaign.segment_ids:
        sql, segment_params = segment_profile_ids_sql(segment_id=segment_id, time_zone=time_zone)
        parts.append(f"SELECT id FROM ({sql}) s{len(parts)}")
        params.extend(segment_params)
    if not parts:
        return "SELECT NULL::bigint AS id WHERE false", []
    return " UNION ".join(parts), params


def audience_mailable_count(audience_sql: str, params: list) -> int:
    """How many mailable profiles the audience has (what a send would freeze, before the
    ledger's suppression list)."""
    mailable, mailable_params = mailable_condition("p")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM {profile_table()} p WHERE p.id IN ({audience_sql})"
            f" AND {mailable}",
            [*params, *mailable_params],
        )
        return cursor.fetchone()[0]


def audience_profile_ids(audience_sql: str, params: list) -> list[int]:
    """The ids the audience SQL selects (small audiences only: a test group)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT DISTINCT id FROM ({audience_sql}) a ORDER BY id", params)
        return [row[0] for row in cursor.fetchall()]


def campaign_type_list(*, search: str = "", sort: str = "name") -> QuerySet[CampaignType]:
    queryset = CampaignType.objects.order_by(*_order(TYPE_SORTS, sort))
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    return queryset


def campaign_type_get(*, type_id: int) -> CampaignType:
    found = CampaignType.objects.filter(pk=type_id).first()
    if found is None:
        raise NotFound(messages.TYPE_NOT_FOUND)
    return found


def campaign_settings_get() -> CampaignSettings:
    """The client's global settings (defaults until someone saves them; never written by
    a read)."""
    return CampaignSettings.objects.order_by("pk").first() or CampaignSettings()


def campaigns_using_header(header_id: int) -> list[tuple[str, str]]:
    """(name, status) of the campaigns whose content uses the header (content asks before
    a delete: marketing.content.associations)."""
    return list(
        Campaign.objects.filter(header_id=header_id).order_by("name").values_list("name", "status")
    )


def campaigns_using_footer(footer_id: int) -> list[tuple[str, str]]:
    return list(
        Campaign.objects.filter(footer_id=footer_id).order_by("name").values_list("name", "status")
    )


def campaigns_count() -> int:
    return Campaign.objects.count()


def campaigns_sent_count() -> int:
    """Campaigns sent or on their way (plan module SentCampaigns): started, or scheduled."""
    return Campaign.objects.filter(
        Q(started_at__isnull=False) | Q(status=CampaignStatus.SCHEDULED)
    ).count()


def campaigns_published_count() -> int:
    return Campaign.objects.filter(status=CampaignStatus.PUBLISHED).count()


def campaigns_unfinished() -> list[Campaign]:
    """Started campaigns whose status still follows their send."""
    return list(
        Campaign.objects.filter(
            Q(status__in=[CampaignStatus.SENDING, CampaignStatus.PAUSED]), send_id__isnull=False
        )
    )
