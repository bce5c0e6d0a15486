"""Email verification (spec 3 'Email stats', spec 4 statuses Valid, Invalid, Unknown,
Pending): a syntax check, then the address's domain.

- a suppressed domain (Manage Domains, type 1) makes an address Invalid; a public one
  (type 2: the big mailbox providers) is Valid without a DNS lookup;
- otherwise the domain must accept mail: an MX record, or, with no MX, an A/AAAA record
  (RFC 5321 5.1 implicit MX). A null MX (RFC 7505), NXDOMAIN or no address at all is
  Invalid; a timeout or a failing server is Unknown (retried by a later run).

A managed domain also covers its subdomains (the most specific entry wins). DNS answers
are cached per domain in the Django cache, whose keys carry the client's schema.

A run over a client's profiles is a BackgroundJob (operation `verification`, one active at
a time) processed by `audience.verify_profiles` in batches: each batch's distinct domains
are resolved once, in parallel, then one UPDATE per status."""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import dns.exception
import dns.name
import dns.nameserver
import dns.rdatatype
import dns.resolver
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from email_validator import EmailNotValidError, validate_email

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.dns_resolver import dns_resolver
from core.errors import invalid_field
from marketing.audience.job_kinds import JobKind
from marketing.audience.messages import UNKNOWN_SCOPE
from marketing.audience.models import DomainType, ManagedDomain, Profile, VerificationStatus
from marketing.audience.task_declarations import VERIFY_PROFILES
from marketing.jobs.messages import CANCELLED_MESSAGE, JOB_EXISTS
from marketing.jobs.models import BackgroundJob, JobStatus
from marketing.jobs.services import (
    JobCancelled,
    JobRun,
    job_checkpoint,
    job_claim,
    job_create,
    job_enqueue,
    job_finish,
    job_progress,
    job_release,
)
from tenants.access import Member

logger = logging.getLogger(__name__)

OPERATION_KEY = "verification"
JOB_ACTIVE = JOB_EXISTS
MAX_DNS_SECONDS = 2.0
CACHE_PREFIX = "verification:domain:"
_VERDICTS = (VerificationStatus.VALID, VerificationStatus.INVALID, VerificationStatus.UNKNOWN)


class Scope:
    PENDING = "pending"
    ALL = "all"
    CHOICES = (PENDING, ALL)


# --- the verifier ----------------------------------------------------------------------


def resolver_build() -> dns.resolver.Resolver:
    # Uncached: the Django cache is the one cache (per client, with a TTL).
    seconds = min(float(settings.VERIFICATION_DNS_TIMEOUT), MAX_DNS_SECONDS)
    return dns_resolver(settings.VERIFICATION_DNS_NAMESERVERS, seconds)


def _has_address(resolver: dns.resolver.Resolver, name: dns.name.Name) -> VerificationStatus:
    for rdtype in (dns.rdatatype.A, dns.rdatatype.AAAA):
        try:
            resolver.resolve(name, rdtype, search=False)
            return VerificationStatus.VALID
        except dns.resolver.NoAnswer:
            continue
    return VerificationStatus.INVALID


def dns_status(domain: str, resolver: dns.resolver.Resolver | None = None) -> VerificationStatus:
    """Whether `domain` (ASCII) accepts mail, by DNS alone. Touches neither DB nor cache,
    so it may run in worker threads."""
    resolver = resolver or resolver_build()
    try:
        name = dns.name.from_text(domain)
        try:
            answer = resolver.resolve(name, dns.rdatatype.MX, search=False)
        except dns.resolver.NoAnswer:
            return _has_address(resolver, name)
        if all(record.exchange == dns.name.root for record in answer):
            return VerificationStatus.INVALID  # null MX: accepts no mail (RFC 7505)
        return VerificationStatus.VALID
    except (dns.resolver.NXDOMAIN, dns.resolver.YXDOMAIN, dns.name.NameTooLong):
        return VerificationStatus.INVALID
    except dns.exception.DNSException:
        # Timeout, SERVFAIL/REFUSED from every server (NoNameservers), no resolver config.
        return VerificationStatus.UNKNOWN


def email_domain(address: str) -> str | None:
    """The ASCII (IDNA) domain of a syntactically valid address, else None."""
    try:
        info = validate_email(address, check_deliverability=False)
    except (EmailNotValidError, TypeError, ValueError):
        return None
    return info.ascii_domain.lower()


def _parents(domain: str) -> list[str]:
    """`a.b.example.com` -> [a.b.example.com, b.example.com, example.com]: most specific
    first, never the bare top-level domain."""
    labels = domain.split(".")
    return [".".join(labels[i:]) for i in range(len(labels) - 1)]


def managed_types(domains: set[str]) -> dict[str, int]:
    """The managed type (suppressed/public) that applies to each domain that has one."""
    candidates = {parent for domain in domains for parent in _parents(domain)}
    if not candidates:
        return {}
    known = dict(
        ManagedDomain.objects.filter(domain__in=candidates).values_list("domain", "domain_type")
    )
    found: dict[str, int] = {}
    for domain in domains:
        for parent in _parents(domain):
            if parent in known:
                found[domain] = known[parent]
                break
    return found


def domain_statuses(domains: set[str]) -> dict[str, VerificationStatus]:
    """The status of each domain: managed domains first, then the cache, then DNS (the
    missing ones in parallel threads; DB and cache stay on this thread, which carries the
    client's schema)."""
    statuses: dict[str, VerificationStatus] = {}
    for domain, domain_type in managed_types(domains).items():
        statuses[domain] = (
            VerificationStatus.INVALID
            if domain_type == DomainType.SUPPRESSED
            else VerificationStatus.VALID
        )
    rest = sorted(domains - statuses.keys())
    if not rest:
        return statuses
    cached = cache.get_many([CACHE_PREFIX + domain for domain in rest])
    missing = []
    for domain in rest:
        value = cached.get(CACHE_PREFIX + domain)
        if value in VerificationStatus.values:
            statuses[domain] = VerificationStatus(value)
        else:
            missing.append(domain)
    if not missing:
        return statuses
    resolver = resolver_build()
    workers = max(1, min(int(settings.VERIFICATION_DNS_WORKERS), len(missing)))
    if workers == 1:
        resolved = [dns_status(domain, resolver) for domain in missing]
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            resolved = list(pool.map(partial(dns_status, resolver=resolver), missing))
    answers = dict(zip(missing, resolved, strict=True))
    statuses.update(answers)
    for ttl, group in (
        (settings.VERIFICATION_CACHE_TTL, {VerificationStatus.VALID, VerificationStatus.INVALID}),
        (settings.VERIFICATION_UNKNOWN_CACHE_TTL, {VerificationStatus.UNKNOWN}),
    ):
        entries = {CACHE_PREFIX + d: s.value for d, s in answers.items() if s in group}
        if entries and ttl > 0:
            cache.set_many(entries, timeout=ttl)
    return statuses


def email_verify(address: str) -> VerificationStatus:
    """Valid, Invalid or Unknown for one address (never Pending)."""
    domain = email_domain(address)
    if domain is None:
        return VerificationStatus.INVALID
    return domain_statuses({domain})[domain]


def emails_verify(addresses: list[str]) -> dict[str, VerificationStatus]:
    """Each address's status, resolving each distinct domain once."""
    domains = {address: email_domain(address) for address in addresses}
    statuses = domain_statuses({d for d in domains.values() if d})
    return {
        address: statuses[domain] if domain else VerificationStatus.INVALID
        for address, domain in domains.items()
    }


# --- runs over the client's profiles ----------------------------------------------------


def _scope_profiles(scope: str):
    profiles = Profile.objects.all()
    if scope == Scope.PENDING:
        profiles = profiles.filter(verification_status=VerificationStatus.PENDING)
    return profiles


def verification_run(*, member: Member, scope: str) -> BackgroundJob:
    """Start verifying the client's profiles (`pending` ones or `all`); 409 while another
    verification job is active. The task is sent once this transaction commits."""
    if scope not in Scope.CHOICES:
        raise invalid_field("scope", UNKNOWN_SCOPE)
    with transaction.atomic():
        job = job_create(
            kind=JobKind.EMAIL_VERIFICATION,
            operation_key=OPERATION_KEY,
            title=JobKind.EMAIL_VERIFICATION.label,
            total=_scope_profiles(scope).count(),
            params={"scope": scope, "cursor": 0},
            cancellable=True,
            started_by_id=member.user_id,
            started_by_email=member.email,
        )
        audit_record(
            AuditEvent.VERIFICATION_STARTED,
            object_id=job.pk,
            label=job.title,
            extra={"scope": scope, "rows": job.total},
        )
    job_enqueue(job, VERIFY_PROFILES, job_id=job.pk)
    return job


def verification_job_process(job_id: int, *, budget_seconds: float | None = None) -> bool:
    """Work through a verification job's profiles, batch by batch, from where it stopped.
    Returns False when the time budget ran out with profiles left (the caller re-queues),
    True when the job is finished (completed, cancelled, or not active any more).

    Idempotent: the cursor (last profile id done) is saved with each batch's updates, and
    scope `pending` only ever touches profiles still Pending. Each time slice is a run of
    the job (resumed from the cursor); a batch's updates commit only with the counters of
    the run that holds the job."""
    run = job_claim(job_id, resume=True)
    if run is None:
        return True
    job = run.job
    if job.kind != JobKind.EMAIL_VERIFICATION:
        job_release(run)
        return True
    scope = job.params.get("scope", Scope.PENDING)
    if not job.processed:  # first run: count what there is now
        job.total = _scope_profiles(scope).count()
        job_progress(run, processed=0, total=job.total)
    budget = settings.VERIFICATION_TASK_BUDGET_SECONDS if budget_seconds is None else budget_seconds
    deadline = time.monotonic() + budget
    size = max(1, int(settings.VERIFICATION_BATCH_SIZE))
    while True:
        if _cancelled(run):
            return True
        cursor = int(job.params.get("cursor", 0))
        batch = list(
            _scope_profiles(scope)
            .filter(id__gt=cursor)
            .order_by("id")
            .values_list("id", "email")[:size]
        )
        if not batch:
            counts = ", ".join(f"{job.result.get(s, 0)} {s}" for s in _VERDICTS)
            job_finish(
                run,
                message=f"Verified {job.processed} emails: {counts}.",
                processed=job.processed,
            )
            return True
        verdicts = emails_verify([email for _, email in batch])
        by_status: dict[str, list[int]] = {}
        for profile_id, email in batch:
            by_status.setdefault(verdicts[email], []).append(profile_id)
        now = timezone.now()
        with transaction.atomic():
            for status, ids in by_status.items():
                profiles = Profile.objects.filter(id__in=ids)
                if scope == Scope.PENDING:
                    profiles = profiles.filter(verification_status=VerificationStatus.PENDING)
                profiles.update(verification_status=status, verified_at=now)
            unknown = len(by_status.get(VerificationStatus.UNKNOWN, []))
            job.processed += len(batch)
            job.succeeded += len(batch) - unknown
            job.failed += unknown
            job.result = {
                s.value: job.result.get(s, 0) + len(by_status.get(s, [])) for s in _VERDICTS
            }
            job.params = {**job.params, "cursor": batch[-1][0]}
            job_progress(
                run,
                processed=job.processed,
                succeeded=job.succeeded,
                failed=job.failed,
                result=job.result,
                params=job.params,
            )
        if time.monotonic() >= deadline:
            job_release(run)  # the next slice may claim the job at once
            return False


def _cancelled(run: JobRun) -> bool:
    try:
        job_checkpoint(run)
    except JobCancelled:
        job_finish(run, status=JobStatus.CANCELLED, message=CANCELLED_MESSAGE)
        return True
    return False
