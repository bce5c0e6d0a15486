"""Campaign writes: create, save (the draft save, draft save and reload and autosave of
spec 4), delete. Every change records its audit row in its own transaction (autosave
excepted: it runs every few seconds while someone types, and the next real save records).

Rules enforced here: names unique whatever their case (spec 5.4, a unique index backs it);
editing only in Draft, Published, Unpublished or Scheduled (spec 4); the plan's Campaigns
limit at create (spec 6); the field rules of spec 5.2 on every save
(services/validation.py); one confirmed sender's name and address as the From
(services/senders.py)."""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.campaigns import messages
from marketing.campaigns.models import EDITABLE_STATUSES, Campaign, CampaignStatus
from marketing.campaigns.selectors import (
    campaign_get,
    campaign_settings_get,
    campaign_type_get,
)
from marketing.campaigns.services.senders import campaign_from_check
from marketing.campaigns.services.validation import campaign_fields_check
from tenants.access import Member
from tenants.plan_limits import Module, plan_limit_enforce

# What a save may set (model field names); the API's schema maps wire names onto them.
EDITABLE_FIELDS = frozenset(
    {
        "name",
        "kind",
        "sub_type",
        "campaign_type_id",
        "group_ids",
        "segment_ids",
        "sender_id",
        "from_name",
        "from_address",
        "reply_to",
        "content_type",
        "template_id",
        "header_id",
        "footer_id",
        "subject",
        "preview_text",
        "exclude_system_utm",
        "is_warmup",
        "scheduled_at",
        "send_in_recipient_zone",
        "resend_unopened",
        "resend_unopened_days",
        "resend_unopened_time",
        "resend_unopened_subject",
        "resend_unclicked",
        "resend_unclicked_days",
        "resend_unclicked_time",
        "resend_unclicked_subject",
        "ab_test_on",
        "ab_variants",
        "ab_test_percent",
        "ab_winner_rule",
        "ab_winner_after_hours",
        "rss_url",
        "rss_frequency",
        "rss_article_count",
        "poll_expires_at",
    }
)


class SaveAction(StrEnum):
    """Spec 4's send actions that only save (the send one is services/campaign_launch.py's)."""

    DRAFT_SAVE = "draftSave"
    DRAFT_SAVE_AND_RELOAD = "draftSaveAndReload"
    AUTOSAVE = "autosave"


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _apply(campaign: Campaign, values: dict) -> None:
    unknown = set(values) - EDITABLE_FIELDS
    if unknown:
        raise ValueError(f"not editable: {sorted(unknown)}")
    for key, value in values.items():
        setattr(campaign, key, value)
    if isinstance(campaign.name, str):
        campaign.name = campaign.name.strip()
    if "campaign_type_id" in values and values["campaign_type_id"] is not None:
        campaign_type_get(type_id=values["campaign_type_id"])  # 404 for an unknown one


def _save(campaign: Campaign) -> None:
    if Campaign.objects.filter(name__iexact=campaign.name).exclude(pk=campaign.pk).exists():
        raise _refused("name", messages.NAME_TAKEN)
    try:
        with transaction.atomic():
            campaign.save()
    except IntegrityError as exc:  # a concurrent save of the same name
        raise _refused("name", messages.NAME_TAKEN) from exc


def campaign_create(*, member: Member | None, values: dict) -> Campaign:
    """A new Draft (spec 5.2's details: a name and a campaign type at least)."""
    campaign = Campaign(
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
    )
    _apply(campaign, values)
    campaign_fields_check(campaign)
    campaign_from_check(campaign)
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.CAMPAIGNS)
        _save(campaign)
        audit_record(AuditEvent.CAMPAIGN_CREATED, object_id=campaign.pk, label=campaign.name)
    return campaign


def campaign_lock_editable(campaign_id: int) -> Campaign:
    """The campaign, locked for this transaction; refused unless its status allows edits."""
    campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
    if campaign is None:
        campaign_get(campaign_id=campaign_id)  # raises NotFound
    if campaign.status not in EDITABLE_STATUSES:
        raise ValidationFailed(messages.NOT_EDITABLE, errors={"status": [messages.NOT_EDITABLE]})
    return campaign


def campaign_save(
    *, campaign_id: int, values: dict, action: str = SaveAction.DRAFT_SAVE
) -> Campaign:
    """Save changes of an editable campaign; its status does not change (a scheduled one
    stays scheduled at its possibly new time). An autosave is refused while the client's
    "auto save content" setting is off."""
    if action == SaveAction.AUTOSAVE and not campaign_settings_get().auto_save_content:
        raise _refused("action", messages.AUTOSAVE_OFF)
    with transaction.atomic():
        campaign = campaign_lock_editable(campaign_id)
        changed = sorted(k for k, v in values.items() if getattr(campaign, k) != v)
        _apply(campaign, values)
        campaign_fields_check(campaign)
        if {"sender_id", "from_name", "from_address"} & values.keys():
            campaign_from_check(campaign)
        campaign.updated_at = timezone.now()
        grace = timedelta(seconds=settings.CAMPAIGN_SCHEDULE_GRACE_SECONDS)
        moved = "scheduled_at" in values and campaign.status == CampaignStatus.SCHEDULED
        if moved and (
            campaign.scheduled_at is None or campaign.scheduled_at < campaign.updated_at - grace
        ):
            message = (
                messages.SCHEDULE_PAST if campaign.scheduled_at else messages.SCHEDULE_REQUIRED
            )
            raise _refused("scheduledAt", message)
        _save(campaign)
        if action != SaveAction.AUTOSAVE and changed:
            audit_record(
                AuditEvent.CAMPAIGN_UPDATED,
                object_id=campaign.pk,
                label=campaign.name,
                extra={"fields": changed, "action": str(action)},
            )
    return campaign_get(campaign_id=campaign.pk)


def campaign_delete(*, campaign_id: int) -> None:
    """A campaign whose send is under way is paused first; the rest may go."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None:
            campaign_get(campaign_id=campaign_id)
        if campaign.status == CampaignStatus.SENDING:
            raise _refused("status", messages.NOT_DELETABLE_SENDING)
        campaign.delete()
        audit_record(AuditEvent.CAMPAIGN_DELETED, object_id=campaign_id, label=campaign.name)
