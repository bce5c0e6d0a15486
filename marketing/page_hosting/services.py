"""Page domains (/lpDomainSetupPage) and the storage choice for published pages.

A domain is added pending with a fresh token; a check (the Verify button, or beat's
re-check of verified ones) looks up its CNAME and TXT records. When both are right it is
verified and listed in the public schema (tenants.PageHost), so requests for it are
answered by the pages URL conf as the client's (config/pages.py), and the edge proxy may
get it a certificate. When a check finds a record missing or wrong it is failed and stops
serving; a lookup that itself failed (a timeout) changes nothing on a re-check."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.domain_names import domain_normalise
from core.errors import ValidationFailed
from core.messages import DOMAIN_EXISTS, DOMAIN_TAKEN
from marketing.page_hosting import messages
from marketing.page_hosting.models import (
    PageDomain,
    PageDomainStatus,
    PageStorage,
    PageStorageKind,
)
from marketing.page_hosting.records import RecordStatus, page_domain_records, page_records_check
from marketing.page_hosting.selectors import page_storage_kinds
from tenants.plan_limits import Module, plan_limit_enforce
from tenants.selectors import host_taken
from tenants.services import page_host_add, page_host_remove


def _refused(message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={"name": [message]})


def _platform_domain(name: str) -> bool:
    """The app's own domain (every client's host is under it) or the pages host's."""
    own = (settings.BASE_DOMAIN.lower(), settings.PAGES_HOST)
    return any(name == domain or name.endswith("." + domain) for domain in own)


def page_domain_add(*, name: str) -> PageDomain:
    name = domain_normalise(name)
    if _platform_domain(name):
        raise _refused(messages.PAGE_DOMAIN_PLATFORM)
    client = connection.tenant
    with transaction.atomic():
        plan_limit_enforce(client=client, module=Module.LANDING_PAGE_DOMAINS)
        if PageDomain.objects.filter(name=name).exists():
            raise _refused(DOMAIN_EXISTS)
        if host_taken(host=name, client=client):
            raise _refused(DOMAIN_TAKEN)
        domain = PageDomain.objects.create(name=name, verification_token=secrets.token_hex(16))
        audit_record(AuditEvent.PAGE_DOMAIN_ADDED, object_id=domain.pk, label=name)
    return domain


def page_domain_verify(*, domain: PageDomain, client=None, recheck: bool = False) -> PageDomain:
    """Look up the domain's records and keep each one's state. All right: verified and
    serving (refused when another client verified the same name first). A record missing
    or wrong: failed, and no longer serving. `recheck` (beat): a lookup that failed leaves
    the domain as it was. `client`: the connection's (a task passes the one it works on)."""
    states = page_records_check(page_domain_records(domain.name, domain.verification_token))
    statuses = {state["status"] for state in states.values()}  # DNS before the row lock
    if recheck and RecordStatus.FAILED in statuses:
        return domain
    client = client or connection.tenant
    taken = False
    with transaction.atomic():
        domain = PageDomain.objects.select_for_update().get(pk=domain.pk)
        domain.record_states, domain.checked_at = states, timezone.now()
        if statuses == {RecordStatus.VERIFIED}:
            taken = not page_host_add(client=client, host=domain.name)
        verified = statuses == {RecordStatus.VERIFIED} and not taken
        if verified:
            domain.status = PageDomainStatus.VERIFIED
            domain.verified_at = domain.verified_at or domain.checked_at
        else:
            page_host_remove(client=client, host=domain.name)
            domain.status, domain.verified_at = PageDomainStatus.FAILED, None
        domain.save()
        audit_record(
            AuditEvent.PAGE_DOMAIN_CHECKED,
            object_id=domain.pk,
            label=domain.name,
            extra={"status": domain.status, "taken": taken},
        )
    if taken:
        raise _refused(DOMAIN_TAKEN)
    return domain


def page_domains_recheck(*, client) -> int:
    """Every verified domain of `client` (the connection's) checked again (beat); how many
    stopped serving."""
    stopped = 0
    for domain in PageDomain.objects.filter(status=PageDomainStatus.VERIFIED):
        checked = page_domain_verify(domain=domain, client=client, recheck=True)
        stopped += checked.status == PageDomainStatus.FAILED
    return stopped


def page_domain_delete(*, domain: PageDomain) -> None:
    client = connection.tenant
    with transaction.atomic():
        page_host_remove(client=client, host=domain.name)
        audit_record(AuditEvent.PAGE_DOMAIN_DELETED, object_id=domain.pk, label=domain.name)
        PageDomain.objects.filter(pk=domain.pk).delete()


def page_storage_choose(*, kind: str) -> PageStorage:
    """Made once (spec 9: irreversible); a second choice, even the same, is refused."""
    if kind not in page_storage_kinds():
        raise ValidationFailed(
            messages.PAGE_STORAGE_UNAVAILABLE, errors={"kind": [messages.PAGE_STORAGE_UNAVAILABLE]}
        )
    try:
        with transaction.atomic():
            choice = PageStorage.objects.create(kind=PageStorageKind(kind))
            audit_record(AuditEvent.PAGE_STORAGE_CHOSEN, object_id=1, label=kind)
    except IntegrityError:  # the one row exists: chosen before, or by a call beside this one
        raise ValidationFailed(messages.PAGE_STORAGE_CHOSEN) from None
    return choice
