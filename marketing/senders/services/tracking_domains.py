"""The client's tracking domain: open and click links on a host of the client's own.

Saved only when its CNAME points at our tracking host (TRACKING_CNAME_TARGET), else
'Tracking Domain could not be saved. Check domain CNAME configuration' (spec 8). A client
has at most one; saving another replaces it. The host is served as one of the client's
host names (tenants), so requests to it reach this client."""

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.senders import messages
from marketing.senders.dns_records import cname_points_at
from marketing.senders.models import TrackingDomain
from marketing.senders.selectors import TRACKING_CACHE_KEY
from marketing.senders.services.domains import domain_normalise
from tenants.services import client_host_add, client_host_remove


def tracking_domain_save(*, name: str) -> TrackingDomain:
    name = domain_normalise(name)
    if not cname_points_at(name, settings.TRACKING_CNAME_TARGET):
        raise ValidationFailed(
            messages.TRACKING_DOMAIN_CNAME, errors={"name": [messages.TRACKING_DOMAIN_CNAME]}
        )
    client = connection.tenant
    with transaction.atomic():
        for old in TrackingDomain.objects.select_for_update().exclude(name=name):
            client_host_remove(client=client, host=old.name)
            old.delete()
        if not client_host_add(client=client, host=name):
            raise ValidationFailed(
                messages.TRACKING_DOMAIN_TAKEN, errors={"name": [messages.TRACKING_DOMAIN_TAKEN]}
            )
        domain, _ = TrackingDomain.objects.update_or_create(
            name=name, defaults={"checked_at": timezone.now()}
        )
        audit_record(AuditEvent.TRACKING_DOMAIN_SAVED, object_id=domain.pk, label=name)
        transaction.on_commit(lambda: cache.delete(TRACKING_CACHE_KEY))
    return domain


def tracking_domain_delete() -> None:
    client = connection.tenant
    with transaction.atomic():
        for domain in TrackingDomain.objects.select_for_update():
            client_host_remove(client=client, host=domain.name)
            audit_record(AuditEvent.TRACKING_DOMAIN_DELETED, object_id=domain.pk, label=domain.name)
            domain.delete()
        transaction.on_commit(lambda: cache.delete(TRACKING_CACHE_KEY))
