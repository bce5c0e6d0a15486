"""Campaign types (/campaignTypeList): private or public, enabled or disabled (spec 3).

Rules: names unique whatever their case (spec 5.4); at most CAMPAIGN_TYPE_ACTIVE_LIMIT
enabled at once (spec 9), checked under a lock so two enables cannot both pass; a type
used by campaigns cannot be deleted (disable it instead)."""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignType
from marketing.campaigns.selectors import campaign_type_get


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _active_limit_check(campaign_type: CampaignType) -> None:
    if not campaign_type.is_enabled:
        return
    with connection.cursor() as cursor:  # serialise enables of this client
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtext(%s))",
            [f"campaign-types:{connection.schema_name}"],
        )
    limit = settings.CAMPAIGN_TYPE_ACTIVE_LIMIT
    enabled = CampaignType.objects.filter(is_enabled=True).exclude(pk=campaign_type.pk).count()
    if enabled >= limit:
        raise _refused("isEnabled", messages.TYPE_ACTIVE_LIMIT.format(limit=limit))


def _save(campaign_type: CampaignType) -> None:
    name = campaign_type.name.strip()
    if not name:
        raise _refused("name", messages.TYPE_NAME_REQUIRED)
    campaign_type.name = name
    taken = CampaignType.objects.filter(name__iexact=name).exclude(pk=campaign_type.pk)
    if taken.exists():
        raise _refused("name", messages.TYPE_NAME_TAKEN)
    _active_limit_check(campaign_type)
    try:
        with transaction.atomic():
            campaign_type.save()
    except IntegrityError as exc:
        raise _refused("name", messages.TYPE_NAME_TAKEN) from exc


def campaign_type_create(*, name: str, is_private: bool, is_enabled: bool) -> CampaignType:
    campaign_type = CampaignType(name=name, is_private=is_private, is_enabled=is_enabled)
    with transaction.atomic():
        _save(campaign_type)
        audit_record(
            AuditEvent.CAMPAIGN_TYPE_CREATED, object_id=campaign_type.pk, label=campaign_type.name
        )
    return campaign_type


def campaign_type_update(*, type_id: int, values: dict) -> CampaignType:
    with transaction.atomic():
        campaign_type = campaign_type_get(type_id=type_id)
        for key in ("name", "is_private", "is_enabled"):
            if values.get(key) is not None:
                setattr(campaign_type, key, values[key])
        campaign_type.updated_at = timezone.now()
        _save(campaign_type)
        audit_record(
            AuditEvent.CAMPAIGN_TYPE_UPDATED,
            object_id=campaign_type.pk,
            label=campaign_type.name,
            extra={"fields": sorted(k for k, v in values.items() if v is not None)},
        )
    return campaign_type


def campaign_type_delete(*, type_id: int) -> None:
    with transaction.atomic():
        campaign_type = campaign_type_get(type_id=type_id)
        if Campaign.objects.filter(campaign_type=campaign_type).exists():
            raise _refused("id", messages.TYPE_IN_USE)
        campaign_type.delete()
        audit_record(AuditEvent.CAMPAIGN_TYPE_DELETED, object_id=type_id, label=campaign_type.name)
