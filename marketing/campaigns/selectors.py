"""Campaign reads: the list (/campaignListView), one campaign, its audience as SQL, the
campaign types and the global settings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from core.errors import NotFound
from marketing.audience.selectors.profiles import profiles_exist
from marketing.audience.sql_surface import mailable_condition, profile_table, profile_tables
from marketing.campaigns import messages
from marketing.campaigns.models import (
    Campaign,
    CampaignKind,
    CampaignSettings,
    CampaignStatus,
    CampaignType,
)
from marketing.content.selectors import templates_exist
from marketing.delivery.selectors import SendState, source_send_states
from marketing.delivery.services.send_control import SendKind, SendStatus
from marketing.segments.sql_surface import segment_profile_ids_sql
from marketing.senders.selectors import sender_ready_exists
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


# The sends that make a campaign's one mailing: the main send, or an A/B campaign's
# variants and winner. Resends and RSS issues are sends of their own (their parts).
MAILING_PARTS = ("", "A", "B", "C", "W")


def campaign_sends(campaign_ids: list[int]) -> dict[int, list[SendState]]:
    """Every send of each campaign (main, A/B variants and winner, resends, RSS issues),
    oldest first, by campaign id (one query)."""
    return source_send_states(SendKind.CAMPAIGN, campaign_ids)


def _mailing_state(states: list[SendState]) -> SendState:
    """One campaign's mailing as one state: paused if a part is paused, finished when every
    part is, counts added up."""
    paused = [s for s in states if s.status == SendStatus.PAUSED]
    if paused:
        status, message = SendStatus.PAUSED, paused[0].status_message
    elif all(s.status == SendStatus.FINISHED for s in states):
        status, message = SendStatus.FINISHED, ""
    else:
        status, message = SendStatus.SENDING, ""
    finished = [s.finished_at for s in states if s.finished_at is not None]
    return SendState(
        states[0].send_id,
        status,
        message,
        sum(s.recipients for s in states),
        sum(s.sent for s in states),
        sum(s.failed for s in states),
        max(finished) if status == SendStatus.FINISHED and finished else None,
        "",
        states[0].created_at,
    )


def campaign_send_states(campaigns: list[Campaign]) -> dict[int, SendState]:
    """The delivery state and counts of each started campaign's mailing (its main send, or
    its A/B variants and winner; an RSS campaign's latest issue), by campaign id."""
    started = [c for c in campaigns if c.send_id]
    sends = campaign_sends([c.pk for c in started])
    answer = {}
    for campaign in started:
        states = sends.get(campaign.pk, [])
        if campaign.kind == CampaignKind.RSS:
            states = [s for s in states if s.send_id == campaign.send_id]
        else:
            states = [s for s in states if s.part in MAILING_PARTS]
        if states:
            answer[campaign.pk] = _mailing_state(states)
    return answer


def poll_is_open(*, campaign_id: int) -> bool:
    """Whether a poll campaign takes answers: it went out (or is going out, or is
    published) and its expiry has not passed (spec 4: after it, the expired thank-you
    page shows). The public poll pages ask this."""
    return Campaign.objects.filter(
        pk=campaign_id,
        kind=CampaignKind.POLL,
        status__in=[
            CampaignStatus.SENDING,
            CampaignStatus.PAUSED,
            CampaignStatus.SENT,
            CampaignStatus.PUBLISHED,
        ],
        poll_expires_at__gt=timezone.now(),
    ).exists()


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


def campaign_statuses(campaign_ids: list[int]) -> dict[int, str]:
    """{id: status} of those of `campaign_ids` that exist (a progressive form's campaigns)."""
    return dict(Campaign.objects.filter(pk__in=campaign_ids).values_list("pk", "status"))


def campaigns_unfinished() -> list[Campaign]:
    """Started campaigns whose status still follows their mailing (RSS campaigns stay
    Scheduled between issues: they follow nothing)."""
    return list(
        Campaign.objects.filter(
            Q(status__in=[CampaignStatus.SENDING, CampaignStatus.PAUSED]), send_id__isnull=False
        )
    )


@dataclass(frozen=True)
class FirstSteps:
    """The getting-started list of a new client's first screen, each step read from what
    the client has: a profile, a sender that may send (confirmed, its domain verified), a
    template, a campaign that went out."""

    contacts_imported: bool
    sender_verified: bool
    template_designed: bool
    campaign_sent: bool


def first_steps() -> FirstSteps:
    return FirstSteps(
        contacts_imported=profiles_exist(),
        sender_verified=sender_ready_exists(),
        template_designed=templates_exist(),
        campaign_sent=Campaign.objects.filter(started_at__isnull=False).exists(),
    )


def campaigns_finished_count(start: datetime, end: datetime) -> int:
    """Campaigns whose send finished in [start, end)."""
    return Campaign.objects.filter(sent_at__gte=start, sent_at__lt=end).count()
