"""Manage Domains (/disposabledomains): suppressed (type 1) and public (type 2) domains,
which the email verifier reads before any DNS lookup."""

import re

from django.db import IntegrityError, transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.audience.messages import DOMAIN_EXISTS, DOMAIN_NOT_FOUND, INVALID_DOMAIN
from marketing.audience.models import DomainType, ManagedDomain

# Spec 5.1: labels of letters, digits, hyphen and underscore, up to 63 characters each,
# ending with a 2 to 6 letter top-level domain, with no leading '://'.
DOMAIN_RE = re.compile(r"^(?!.*://)(?:[A-Za-z0-9_-]{1,63}\.)+[A-Za-z]{2,6}$")
MAX_DOMAIN_LENGTH = 253  # RFC 1035, without the trailing dot


def domain_normalize(value: str) -> str:
    """The stored form (stripped, lower-case, no trailing dot) of a valid domain name;
    ValidationFailed otherwise."""
    domain = (value or "").strip().lower()
    if domain.endswith(".") and not domain.endswith(".."):
        domain = domain[:-1]
    if len(domain) > MAX_DOMAIN_LENGTH or not DOMAIN_RE.fullmatch(domain):
        raise ValidationFailed(INVALID_DOMAIN, errors={"domain": [INVALID_DOMAIN]})
    return domain


def managed_domain_create(*, domain: str, domain_type: int) -> ManagedDomain:
    if domain_type not in DomainType.values:
        raise ValidationFailed(INVALID_DOMAIN, errors={"domainType": ["Unknown domain type."]})
    domain = domain_normalize(domain)
    try:
        with transaction.atomic():
            managed = ManagedDomain.objects.create(domain=domain, domain_type=domain_type)
            audit_record(
                AuditEvent.DOMAIN_CREATED,
                object_id=managed.pk,
                label=domain,
                extra={"domainType": DomainType(domain_type).label},
            )
            return managed
    except IntegrityError as exc:  # the unique domain; a concurrent add of the same one
        raise ValidationFailed(DOMAIN_EXISTS, errors={"domain": [DOMAIN_EXISTS]}) from exc


def managed_domain_delete(*, domain_id: int) -> None:
    with transaction.atomic():
        managed = ManagedDomain.objects.filter(pk=domain_id).first()
        if managed is None:
            raise NotFound(DOMAIN_NOT_FOUND)
        audit_record(AuditEvent.DOMAIN_DELETED, object_id=domain_id, label=managed.domain)
        managed.delete()
