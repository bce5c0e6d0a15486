"""The campaigns API (gates: config/operation_gates.py). Instants in and out are in the
client's time zone (schemas.py)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, localise
from core.pagination import paginate
from core.responses import ERRORS
from marketing.campaigns import messages, selectors
from marketing.campaigns.models import Campaign
from marketing.campaigns.schemas import (
    CampaignFields,
    CampaignIn,
    CampaignOut,
    CampaignPageOut,
    CampaignPatch,
    CampaignQuery,
    CampaignSendIn,
    CampaignSendSummaryOut,
    CampaignSettingsIO,
    CampaignSettingsPatch,
    CampaignTypeIn,
    CampaignTypeOut,
    CampaignTypePageOut,
    CampaignTypePatch,
    CampaignTypeQuery,
    FirstStepsOut,
    SendTestIn,
    SendTestOut,
)
from marketing.campaigns.services.campaign_launch import (
    campaign_pause,
    campaign_resume,
    campaign_send,
)
from marketing.campaigns.services.campaigns import campaign_create, campaign_delete, campaign_save
from marketing.campaigns.services.publishing import campaign_publish, campaign_unpublish
from marketing.campaigns.services.send_summary import campaign_send_summary
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.campaigns.services.settings import campaign_settings_update
from marketing.campaigns.services.types import (
    campaign_type_create,
    campaign_type_delete,
    campaign_type_update,
)

router = Router(tags=["campaigns"])

# Model fields that may be emptied (null); any other null in a save means "unchanged".
NULLABLE = {
    "campaign_type_id", "sender_id", "template_id", "header_id", "footer_id", "scheduled_at",
    "resend_unopened_days", "resend_unopened_time", "resend_unclicked_days",
    "resend_unclicked_time", "ab_test_percent", "ab_winner_after_hours", "rss_article_count",
    "poll_expires_at",
}  # fmt: skip
INSTANTS = (
    "scheduled_at", "poll_expires_at", "started_at", "sent_at", "created_at", "updated_at",
    "resend_unopened_scheduled_at", "resend_unopened_processed_at",
    "resend_unclicked_scheduled_at", "resend_unclicked_processed_at", "ab_winner_picked_at",
    "rss_last_item_at",
)  # fmt: skip


def _aware(value: datetime | None, zone: ZoneInfo) -> datetime | None:
    """An instant without an offset is the client's wall-clock time. One with an offset
    goes to the database in UTC: PostgreSQL refuses offsets past 15:59 that Python takes."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    try:
        return value.astimezone(UTC)
    except OverflowError:  # the first or last hours of year 1 or 9999
        return value.replace(tzinfo=UTC)


def _values(data: CampaignFields, zone: ZoneInfo) -> dict:
    """The save's changes under the model's names."""
    raw = data.model_dump(exclude_unset=True, exclude={"action", "when"})
    values = {}
    for key, value in raw.items():
        name = "kind" if key == "type" else key
        if value is None and name not in NULLABLE:
            continue
        if name in ("scheduled_at", "poll_expires_at"):
            value = _aware(value, zone)
        values[name] = value
    return values


def _out(campaigns: list[Campaign], zone: ZoneInfo) -> list[Campaign]:
    """Instants in the client's zone, the ledger's counts and the people who opened and
    clicked (human events; read only)."""
    states = selectors.campaign_send_states(campaigns)
    reach = selectors.campaign_reach(campaigns)
    for campaign in campaigns:
        localise(campaign, INSTANTS, zone)
        state = states.get(campaign.pk)
        campaign.sent = state.sent if state else 0
        campaign.failed = state.failed if state else 0
        campaign.opened = reach.get(campaign.pk, {}).get("opened", 0)
        campaign.clicked = reach.get(campaign.pk, {}).get("clicked", 0)
    return campaigns


def _one(campaign: Campaign) -> Campaign:
    return _out([campaign], client_zone())[0]


@router.get("/mm/campaigns", response={200: CampaignPageOut, **ERRORS}, by_alias=True)
def campaignList(request: HttpRequest, query: Query[CampaignQuery]):
    """The campaign grid (/campaignListView): searched, filtered, sorted, paged."""
    zone = client_zone()
    campaigns = selectors.campaign_list(
        search=query.search,
        sort=query.sort,
        status=query.status,
        kind=query.type,
        campaign_type_id=query.campaignTypeId,
        created_from=_aware(query.createdFrom, zone),
        created_to=_aware(query.createdTo, zone),
    )
    page = paginate(campaigns, page=query.page, page_size=query.pageSize)
    page["items"] = _out(page["items"], zone)
    return page


@router.post("/mm/campaigns", response={201: CampaignOut, **ERRORS}, by_alias=True)
def campaignCreate(request: HttpRequest, data: CampaignIn):
    campaign = campaign_create(member=request.auth, values=_values(data, client_zone()))
    return Status(201, _one(selectors.campaign_get(campaign_id=campaign.pk)))


@router.get("/mm/campaigns/{int:campaign_id}", response={200: CampaignOut, **ERRORS}, by_alias=True)
def campaignGet(request: HttpRequest, campaign_id: int):
    return _one(selectors.campaign_get(campaign_id=campaign_id))


@router.patch(
    "/mm/campaigns/{int:campaign_id}", response={200: CampaignOut, **ERRORS}, by_alias=True
)
def campaignUpdate(request: HttpRequest, campaign_id: int, data: CampaignPatch):
    """Spec 4's draft save, draft save and reload, and autosave."""
    campaign = campaign_save(
        campaign_id=campaign_id, values=_values(data, client_zone()), action=data.action
    )
    return _one(campaign)


@router.delete("/mm/campaigns/{int:campaign_id}", response={204: None, **ERRORS})
def campaignDelete(request: HttpRequest, campaign_id: int):
    campaign_delete(campaign_id=campaign_id)
    return Status(204, None)


@router.post(
    "/mm/campaigns/{int:campaign_id}/send", response={200: CampaignOut, **ERRORS}, by_alias=True
)
def campaignSend(request: HttpRequest, campaign_id: int, data: CampaignSendIn):
    """Spec 4's draft save and send: now, or at scheduledAt (the client's time)."""
    campaign = campaign_send(
        campaign_id=campaign_id,
        values=_values(data, client_zone()),
        when=data.when,
        member=request.auth,
    )
    return _one(campaign)


@router.get(
    "/mm/campaigns/{int:campaign_id}/sendSummary",
    response={200: CampaignSendSummaryOut, **ERRORS},
    by_alias=True,
)
def campaignSendSummary(request: HttpRequest, campaign_id: int):
    """What a send of the campaign as saved would do: recipients, From, the warm-up's daily
    allowance, a warm-up campaign's minimum, the postal address of its footer."""
    summary = campaign_send_summary(selectors.campaign_get(campaign_id=campaign_id))
    return {**asdict(summary), "warmup": _warmup_today(summary, client_zone())}


def _warmup_today(summary, zone: ZoneInfo) -> dict | None:
    warmup = summary.warmup
    if warmup is None:
        return None
    return {
        "domain": warmup.domain,
        "day_number": warmup.day_number,
        "days": settings.DELIVERY_WARMUP_DAYS,
        "allowance": warmup.allowance,
        "remaining": summary.warmup_remaining,
        "next_day_at": warmup.next_day_at.astimezone(zone),
    }


@router.post(
    "/mm/campaigns/{int:campaign_id}/test", response={202: SendTestOut, **ERRORS}, by_alias=True
)
def campaignSendTest(request: HttpRequest, campaign_id: int, data: SendTestIn):
    send_id = campaign_send_test(
        campaign_id=campaign_id, emails=data.emails, group_id=data.group_id
    )
    return Status(202, {"message": messages.TEST_SENT, "sendId": send_id})


@router.post(
    "/mm/campaigns/{int:campaign_id}/pause", response={200: CampaignOut, **ERRORS}, by_alias=True
)
def campaignPause(request: HttpRequest, campaign_id: int):
    """The screen asks to confirm first (spec 4); here it is just the action."""
    return _one(campaign_pause(campaign_id=campaign_id, member=request.auth))


@router.post(
    "/mm/campaigns/{int:campaign_id}/resume", response={200: CampaignOut, **ERRORS}, by_alias=True
)
def campaignResume(request: HttpRequest, campaign_id: int):
    return _one(campaign_resume(campaign_id=campaign_id))


@router.post(
    "/mm/campaigns/{int:campaign_id}/publish", response={200: CampaignOut, **ERRORS}, by_alias=True
)
def campaignPublish(request: HttpRequest, campaign_id: int):
    """Spec 3/4's Published status, under the plan's PublishedCampaigns limit."""
    return _one(campaign_publish(campaign_id=campaign_id))


@router.post(
    "/mm/campaigns/{int:campaign_id}/unpublish",
    response={200: CampaignOut, **ERRORS},
    by_alias=True,
)
def campaignUnpublish(request: HttpRequest, campaign_id: int):
    return _one(campaign_unpublish(campaign_id=campaign_id))


@router.get("/mm/campaignTypes", response={200: CampaignTypePageOut, **ERRORS}, by_alias=True)
def campaignTypeList(request: HttpRequest, query: Query[CampaignTypeQuery]):
    types = selectors.campaign_type_list(search=query.search, sort=query.sort)
    return paginate(types, page=query.page, page_size=query.pageSize)


@router.post("/mm/campaignTypes", response={201: CampaignTypeOut, **ERRORS}, by_alias=True)
def campaignTypeCreate(request: HttpRequest, data: CampaignTypeIn):
    created = campaign_type_create(
        name=data.name, is_private=data.is_private, is_enabled=data.is_enabled
    )
    return Status(201, created)


@router.patch(
    "/mm/campaignTypes/{int:type_id}", response={200: CampaignTypeOut, **ERRORS}, by_alias=True
)
def campaignTypeUpdate(request: HttpRequest, type_id: int, data: CampaignTypePatch):
    return campaign_type_update(type_id=type_id, values=data.model_dump(exclude_unset=True))


@router.delete("/mm/campaignTypes/{int:type_id}", response={204: None, **ERRORS})
def campaignTypeDelete(request: HttpRequest, type_id: int):
    campaign_type_delete(type_id=type_id)
    return Status(204, None)


@router.get("/mm/campaignSettings", response={200: CampaignSettingsIO, **ERRORS}, by_alias=True)
def campaignSettingsGet(request: HttpRequest):
    """The client's global campaign settings (spec 3)."""
    return selectors.campaign_settings_get()


@router.patch("/mm/campaignSettings", response={200: CampaignSettingsIO, **ERRORS}, by_alias=True)
def campaignSettingsUpdate(request: HttpRequest, data: CampaignSettingsPatch):
    return campaign_settings_update(values=data.model_dump(exclude_none=True))


@router.get("/mm/firstSteps", response={200: FirstStepsOut, **ERRORS}, by_alias=True)
def firstSteps(request: HttpRequest):
    """The getting-started list of the first screen: which of its four steps are done."""
    return selectors.first_steps()
