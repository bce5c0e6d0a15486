"""Sender domains (/emailDomainSetupPage; spec 4: added, verified, re-verified, deleted).

Adding a domain makes its verification token and its DKIM keys (RSA 2048 and Ed25519,
kept by delivery, which signs with them); verifying looks up every record in DNS and keeps
each one's state. A domain is verified when every required record is right (the CNAME,
the TXT verification record, each DKIM key and the SPF include); the DMARC record is
advice. Until then its senders cannot send: 'SPF or DKIM not found or invalid for the
sender domain' when one of those is wrong."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.domain_names import domain_normalise
from core.errors import ValidationFailed
from marketing.delivery.selectors import dkim_keys_for
from marketing.delivery.services.dkim_keys import dkim_keys_create, dkim_keys_delete
from marketing.senders import messages
from marketing.senders.dns_records import records_check, records_for
from marketing.senders.models import DomainStatus, Sender, SenderDomain


def domain_records(domain: SenderDomain):
    """The records to publish for this domain (dns_records.Record), DKIM from delivery (a
    key rollover's new keys included)."""
    return records_for(
        domain.name,
        domain.verification_token,
        dkim_keys_for(domain.name),
        dkim_keys_for(domain.name, active=False),
    )


def domain_add(*, name: str) -> SenderDomain:
    """The domain, its token and its two DKIM keys, in one transaction."""
    name = domain_normalise(name)
    exists = ValidationFailed(messages.DOMAIN_EXISTS, errors={"name": [messages.DOMAIN_EXISTS]})
    token = secrets.token_hex(16)
    with transaction.atomic():
        if SenderDomain.objects.filter(name__iexact=name).exists():
            raise exists
        try:
            with transaction.atomic():
                domain = SenderDomain.objects.create(name=name, verification_token=token)
        except IntegrityError:
            raise exists from None
        dkim_keys_delete(domain=name)  # keys left by a domain deleted in a crashed request
        tag = token[:6]
        dkim_keys_create(domain=name, selectors={"rsa": f"mc{tag}r", "ed25519": f"mc{tag}e"})
        audit_record(AuditEvent.SENDER_DOMAIN_ADDED, object_id=domain.pk, label=name)
    return domain


def domain_verify(*, domain: SenderDomain) -> SenderDomain:
    """Verify or re-verify: every record looked up, its state kept; the domain verified
    when every required one is right. A verified domain that fails a re-verify stops being
    verified (its senders stop with it)."""
    records = domain_records(domain)
    checks = records_check(records)  # outside the transaction: DNS takes seconds
    failed_required = [r for r in records if r.required and checks[r.key].status != "verified"]
    now = timezone.now()
    with transaction.atomic():
        domain = SenderDomain.objects.select_for_update().get(pk=domain.pk)
        domain.record_states = {key: check.as_dict() for key, check in checks.items()}
        domain.checked_at = now
        if not failed_required:
            domain.status, domain.error = DomainStatus.VERIFIED, ""
            domain.verified_at = domain.verified_at or now
        else:
            keys = {r.key for r in failed_required}
            spf_or_dkim = any(key == "spf" or key.startswith("dkim:") for key in keys)
            domain.status = DomainStatus.FAILED
            domain.error = (
                messages.SPF_DKIM_INVALID if spf_or_dkim else messages.DOMAIN_RECORDS_MISSING
            )
            domain.verified_at = None
        domain.save()
        audit_record(
            AuditEvent.SENDER_DOMAIN_CHECKED,
            object_id=domain.pk,
            label=domain.name,
            extra={"status": domain.status, "failed": sorted(r.key for r in failed_required)},
        )
    return domain


def domain_delete(*, domain: SenderDomain) -> None:
    """Refused while senders use it; its DKIM keys go with it."""
    with transaction.atomic():
        domain = SenderDomain.objects.select_for_update().get(pk=domain.pk)
        if Sender.objects.filter(domain=domain.name).exists():
            raise ValidationFailed(messages.DOMAIN_IN_USE)
        dkim_keys_delete(domain=domain.name)
        audit_record(AuditEvent.SENDER_DOMAIN_DELETED, object_id=domain.pk, label=domain.name)
        domain.delete()
