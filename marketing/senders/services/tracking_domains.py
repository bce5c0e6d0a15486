"""The client's tracking domain: open and click links on a host of the client's own.

A domain is put in use only once it proves it is the client's: its CNAME points at our
tracking host (TRACKING_CNAME_TARGET), else 'Tracking Domain could not be saved. Check
domain CNAME configuration' (spec 8), and its TXT verification record carries the token
made for it at the first attempt (dns_records.tracking_records), as a sender domain's
does. Until then the attempt stays pending with its token, shown for the client to
publish. A client has at most one domain in use; a newly verified one replaces it. The host
is served as one of the client's host names (tenants), for the links in mail only
(config/recipient_links.py)."""

import secrets

from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.senders import messages
from marketing.senders.dns_records import RecordStatus, records_check, tracking_records
from marketing.senders.models import TrackingDomain
from marketing.senders.selectors import TRACKING_CACHE_KEY
from marketing.senders.services.domains import domain_normalise
from tenants.services import client_host_add, client_host_remove


def _refused(message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={"name": [message]})


def _attempt(name: str) -> TrackingDomain:
    """The domain's row, made pending with a fresh token at its first attempt; an earlier
    pending attempt at another name is dropped (the domain in use stays)."""
    with transaction.atomic():
        TrackingDomain.objects.filter(verified_at__isnull=True).exclude(name=name).delete()
        domain, _ = TrackingDomain.objects.get_or_create(
            name=name, defaults={"verification_token": secrets.token_hex(16)}
        )
    return domain


def tracking_domain_save(*, name: str) -> TrackingDomain:
    name = domain_normalise(name)
    domain = _attempt(name)
    checks = records_check(tracking_records(name, domain.verification_token))  # DNS: seconds
    if checks["cname"].status != RecordStatus.VERIFIED:
        raise _refused(messages.TRACKING_DOMAIN_CNAME)
    if checks["verification"].status != RecordStatus.VERIFIED:
        raise _refused(messages.TRACKING_DOMAIN_TXT)
    client = connection.tenant
    with transaction.atomic():
        for old in TrackingDomain.objects.select_for_update().exclude(name=name):
            client_host_remove(client=client, host=old.name)
            old.delete()
        if not client_host_add(client=client, host=name):
            raise _refused(messages.TRACKING_DOMAIN_TAKEN)
        domain = TrackingDomain.objects.select_for_update().get(pk=domain.pk)
        now = timezone.now()
        domain.checked_at, domain.verified_at = now, domain.verified_at or now
        domain.save(update_fields=["checked_at", "verified_at"])
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
