"""Publish and unpublish (spec 3's Published and Unpublished campaign statuses, spec 4's
lifecycle): a Draft or Unpublished campaign is published under the plan's
PublishedCampaigns limit (checked at the write, spec 6); a Published one is unpublished.
Both are editable statuses (spec 4); neither sends anything."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.selectors import campaign_get
from marketing.campaigns.services.validation import campaign_fields_check
from tenants.plan_limits import Module, plan_limit_enforce


def _locked(campaign_id: int) -> Campaign:
    campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
    if campaign is None:
        raise NotFound(messages.CAMPAIGN_NOT_FOUND)
    return campaign


def _status_set(campaign: Campaign, status: str, event: AuditEvent) -> None:
    campaign.status = status
    campaign.status_message = ""
    campaign.updated_at = timezone.now()
    campaign.save(update_fields=["status", "status_message", "updated_at"])
    audit_record(event, object_id=campaign.pk, label=campaign.name)


def campaign_publish(*, campaign_id: int) -> Campaign:
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if campaign.status not in (CampaignStatus.DRAFT, CampaignStatus.UNPUBLISHED):
            raise ValidationFailed(
                messages.NOT_PUBLISHABLE, errors={"status": [messages.NOT_PUBLISHABLE]}
            )
        campaign_fields_check(campaign)
        plan_limit_enforce(client=connection.tenant, module=Module.PUBLISHED_CAMPAIGNS, adding=1)
        _status_set(campaign, CampaignStatus.PUBLISHED, AuditEvent.CAMPAIGN_PUBLISHED)
    return campaign_get(campaign_id=campaign.pk)


def campaign_unpublish(*, campaign_id: int) -> Campaign:
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if campaign.status != CampaignStatus.PUBLISHED:
            raise ValidationFailed(
                messages.NOT_UNPUBLISHABLE, errors={"status": [messages.NOT_UNPUBLISHABLE]}
            )
        _status_set(campaign, CampaignStatus.UNPUBLISHED, AuditEvent.CAMPAIGN_UNPUBLISHED)
    return campaign_get(campaign_id=campaign.pk)
