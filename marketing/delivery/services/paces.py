"""A client's own delivery rates (model DeliveryPace): messages per minute for one of its
sending domains or for a receiving domain, over the settings' defaults. Admins set them
(`deliveryPaceList/Set/Delete`); the next run of every send reads them."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.audience.services.domains import domain_normalize
from marketing.delivery.messages import PACE_KIND_INVALID, PACE_NOT_FOUND, PACE_RATE_RANGE
from marketing.delivery.models import DeliveryPace, PaceKind


def paces_list() -> QuerySet[DeliveryPace]:
    return DeliveryPace.objects.order_by("kind", "domain")


def pace_default(kind: str, domain: str) -> int:
    """The settings' rate for the domain (what holds without the client's own)."""
    if kind == PaceKind.SENDER:
        return settings.DELIVERY_SENDER_PER_MINUTE
    return settings.DELIVERY_DOMAIN_RATES.get(domain, settings.DELIVERY_DOMAIN_PER_MINUTE)


def pace_set(*, kind: str, domain: str, per_minute: int) -> DeliveryPace:
    """Set (or replace) the client's rate for a sending or receiving domain."""
    if kind not in PaceKind.values:
        raise ValidationFailed(PACE_KIND_INVALID, errors={"kind": [PACE_KIND_INVALID]})
    domain = domain_normalize(domain)
    limit = settings.DELIVERY_PACE_MAX_PER_MINUTE
    if not 0 <= per_minute <= limit:
        message = PACE_RATE_RANGE.format(limit=limit)
        raise ValidationFailed(message, errors={"perMinute": [message]})
    with transaction.atomic():
        pace, _ = DeliveryPace.objects.update_or_create(
            kind=kind,
            domain=domain,
            defaults={"per_minute": per_minute, "updated_at": timezone.now()},
        )
        audit_record(
            AuditEvent.DELIVERY_PACE_SET,
            object_id=pace.pk,
            label=domain,
            extra={"kind": kind, "perMinute": per_minute},
        )
    return pace


def pace_delete_by_id(*, pace_id: int) -> None:
    with transaction.atomic():
        pace = DeliveryPace.objects.select_for_update().filter(pk=pace_id).first()
        if pace is None:
            raise NotFound(PACE_NOT_FOUND)
        pace.delete()
        audit_record(AuditEvent.DELIVERY_PACE_DELETED, object_id=pace_id, label=pace.domain)
