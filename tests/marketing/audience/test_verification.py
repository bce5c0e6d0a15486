"""The email verifier against a local DNS server (never the network), the verification run
(service + Celery task) and its endpoint."""

import os
import subprocess
import sys
import time
import uuid

import pytest
from django.db import connection

from core.errors import Conflict, TenantRequired
from marketing.audience.job_kinds import JobKind
from marketing.audience.models import DomainType, ManagedDomain, Profile, VerificationStatus
from marketing.audience.selectors.profiles import email_verification_counts
from marketing.audience.services import verification
from marketing.audience.services.verification import (
    JOB_ACTIVE,
    email_verify,
    emails_verify,
    resolver_build,
    verification_job_process,
    verification_run,
)
from marketing.audience.verification_tasks import verify_profiles
from marketing.jobs.models import BackgroundJob, JobStatus
from tenants.access import Member
from tenants.models import Role
from tests.support.dns_server import FakeDNSServer
from tests.support.http_api import bearer, http, signed_in

VALID = VerificationStatus.VALID
INVALID = VerificationStatus.INVALID
UNKNOWN = VerificationStatus.UNKNOWN
PENDING = VerificationStatus.PENDING

RECORDS = {
    "mx.example.com": {"MX": ["10 mail.mx.example.com."]},
    "aonly.example.com": {"A": ["192.0.2.10"]},
    "v6only.example.com": {"AAAA": ["2001:db8::10"]},
    "nomail.example.com": {"TXT": ['"v=spf1 -all"']},
    "nullmx.example.com": {"MX": ["0 ."], "A": ["192.0.2.11"]},
    "broken.example.com": "SERVFAIL",
    "suppressed.example.com": {"MX": ["10 mail.suppressed.example.com."]},
}


@pytest.fixture(autouse=True)
def local_cache(settings):
    """A private cache per test (same tenant-prefixed keys as production's Redis), so
    answers cached by other tests or runs never leak in."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"verification-{uuid.uuid4().hex}",
            "KEY_FUNCTION": "django_tenants.cache.make_key",
            "REVERSE_KEY_FUNCTION": "django_tenants.cache.reverse_key",
        },
        "platform": settings.CACHES["platform"],
    }


@pytest.fixture
def dns_server(settings):
    with FakeDNSServer(RECORDS) as server:
        settings.VERIFICATION_DNS_NAMESERVERS = [server.address]
        settings.VERIFICATION_DNS_TIMEOUT = 1.0
        yield server


@pytest.fixture
def in_alpha(alpha):
    connection.set_tenant(alpha.client)
    return alpha


def _member(tenant, user=None, role=Role.ADMIN) -> Member:
    user = user or tenant.admin
    return Member(
        user_id=user.pk,
        email=user.email,
        first_name="",
        last_name="",
        client_id=tenant.client.pk,
        role=role,
        has_mkm_access=True,
    )


# --- the verifier ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("someone@mx.example.com", VALID),
        ("someone@aonly.example.com", VALID),  # no MX: the A record is the implicit MX
        ("someone@v6only.example.com", VALID),
        ("someone@nomail.example.com", INVALID),  # neither MX nor address
        ("someone@nullmx.example.com", INVALID),  # RFC 7505 null MX
        ("someone@missing.example.com", INVALID),  # NXDOMAIN
        ("someone@broken.example.com", UNKNOWN),  # SERVFAIL
        ("Someone@MX.Example.COM", VALID),
    ],
)
def test_verifier_reads_the_domain_from_dns(in_alpha, dns_server, address, expected):
    assert email_verify(address) == expected


@pytest.mark.parametrize(
    "address", ["not-an-email", "two@@mx.example.com", "a@b", "", "a b@mx.example.com", "a@.com"]
)
def test_bad_syntax_is_invalid_without_a_lookup(in_alpha, dns_server, address):
    assert email_verify(address) == INVALID
    assert dns_server.count() == 0


def test_a_server_that_never_answers_gives_unknown_quickly(in_alpha, settings):
    with FakeDNSServer(silent=True) as server:
        settings.VERIFICATION_DNS_NAMESERVERS = [server.address]
        settings.VERIFICATION_DNS_TIMEOUT = 0.3
        started = time.monotonic()
        assert email_verify("someone@slow.example.com") == UNKNOWN
        assert time.monotonic() - started < 1.5
        assert server.count("slow.example.com") >= 1


def test_resolver_uses_the_configured_server_and_caps_its_lifetime(settings):
    settings.VERIFICATION_DNS_NAMESERVERS = ["127.0.0.1:5399", "[::1]:5300", "10.0.0.53"]
    settings.VERIFICATION_DNS_TIMEOUT = 30
    resolver = resolver_build()
    assert [(ns.address, ns.port) for ns in resolver.nameservers] == [
        ("127.0.0.1", 5399),
        ("::1", 5300),
        ("10.0.0.53", 53),
    ]
    assert resolver.lifetime == resolver.timeout == 2.0


def test_suppressed_domain_is_invalid_even_with_mx(in_alpha, dns_server):
    ManagedDomain.objects.create(domain="suppressed.example.com", domain_type=DomainType.SUPPRESSED)
    assert email_verify("someone@suppressed.example.com") == INVALID
    assert email_verify("someone@deep.suppressed.example.com") == INVALID  # subdomains too
    assert dns_server.count() == 0


def test_public_domain_is_valid_without_an_mx_check(in_alpha, dns_server):
    ManagedDomain.objects.create(domain="bigmail.example.net", domain_type=DomainType.PUBLIC)
    assert email_verify("someone@bigmail.example.net") == VALID  # not even in DNS
    assert dns_server.count() == 0


def test_most_specific_managed_domain_wins(in_alpha, dns_server):
    ManagedDomain.objects.create(domain="example.org", domain_type=DomainType.PUBLIC)
    ManagedDomain.objects.create(domain="trash.example.org", domain_type=DomainType.SUPPRESSED)
    assert email_verify("a@trash.example.org") == INVALID
    assert email_verify("a@fine.example.org") == VALID


def test_answers_are_cached_per_domain(in_alpha, dns_server):
    assert email_verify("one@mx.example.com") == VALID
    assert email_verify("two@mx.example.com") == VALID
    assert dns_server.count("mx.example.com") == 1
    assert email_verify("one@aonly.example.com") == VALID  # MX (no answer) then A
    assert email_verify("two@aonly.example.com") == VALID
    assert dns_server.count("aonly.example.com") == 2
    assert email_verify("x@missing.example.com") == INVALID
    assert email_verify("y@missing.example.com") == INVALID
    assert dns_server.count("missing.example.com") == 1


def test_unknown_is_not_kept_for_the_full_ttl(in_alpha, dns_server, settings):
    settings.VERIFICATION_UNKNOWN_CACHE_TTL = 0
    assert email_verify("a@broken.example.com") == UNKNOWN
    first = dns_server.count("broken.example.com")
    assert email_verify("b@broken.example.com") == UNKNOWN
    assert dns_server.count("broken.example.com") == 2 * first


def test_cached_answers_belong_to_one_client(alpha, beta, dns_server):
    connection.set_tenant(alpha.client)
    assert email_verify("a@mx.example.com") == VALID
    connection.set_tenant(beta.client)
    assert email_verify("a@mx.example.com") == VALID
    assert dns_server.count("mx.example.com") == 2  # beta did not read alpha's entry


def test_many_addresses_resolve_each_domain_once(in_alpha, dns_server, settings):
    settings.VERIFICATION_DNS_WORKERS = 4
    addresses = [f"p{i}@mx.example.com" for i in range(5)] + [
        "q@missing.example.com",
        "r@aonly.example.com",
        "bad-address",
    ]
    statuses = emails_verify(addresses)
    assert statuses["p0@mx.example.com"] == statuses["p4@mx.example.com"] == VALID
    assert statuses["q@missing.example.com"] == INVALID
    assert statuses["r@aonly.example.com"] == VALID
    assert statuses["bad-address"] == INVALID
    assert dns_server.count("mx.example.com") == 1


# --- the run: service + task ------------------------------------------------------------


def _profiles(specs: dict[str, str]) -> dict[str, Profile]:
    Profile.objects.bulk_create(
        [Profile(email=email, verification_status=status) for email, status in specs.items()]
    )
    return {p.email: p for p in Profile.objects.filter(email__in=specs)}


def _statuses() -> dict[str, str]:
    return dict(Profile.objects.values_list("email", "verification_status"))


def test_run_verifies_pending_profiles_in_batches(
    in_alpha, dns_server, settings, django_capture_on_commit_callbacks
):
    settings.VERIFICATION_BATCH_SIZE = 3
    ManagedDomain.objects.create(domain="suppressed.example.com", domain_type=DomainType.SUPPRESSED)
    _profiles(
        {
            "a@mx.example.com": PENDING,
            "b@mx.example.com": PENDING,
            "c@mx.example.com": PENDING,
            "d@aonly.example.com": PENDING,
            "e@missing.example.com": PENDING,
            "f@suppressed.example.com": PENDING,
            "g@broken.example.com": PENDING,
            "kept@missing.example.com": VALID,  # not pending: scope "pending" leaves it
        }
    )
    with django_capture_on_commit_callbacks() as callbacks:
        job = verification_run(member=_member(in_alpha), scope="pending")
    assert len(callbacks) == 1  # enqueued once the transaction commits
    assert job.kind == JobKind.EMAIL_VERIFICATION
    assert job.status == JobStatus.PENDING
    assert job.total == 7

    verify_profiles.apply(args=[job.pk], throw=True)

    assert _statuses() == {
        "a@mx.example.com": VALID,
        "b@mx.example.com": VALID,
        "c@mx.example.com": VALID,
        "d@aonly.example.com": VALID,
        "e@missing.example.com": INVALID,
        "f@suppressed.example.com": INVALID,
        "g@broken.example.com": UNKNOWN,
        "kept@missing.example.com": VALID,
    }
    assert Profile.objects.filter(verified_at__isnull=False).count() == 7
    assert dns_server.count("mx.example.com") == 1
    assert email_verification_counts() == {"Valid": 5, "Invalid": 2, "Unknown": 1, "Pending": 0}
    job.refresh_from_db()
    assert job.status == JobStatus.COMPLETED
    assert job.progress == 100
    assert (job.total, job.processed, job.succeeded, job.failed) == (7, 7, 6, 1)
    assert job.result == {"Valid": 4, "Invalid": 2, "Unknown": 1}
    assert job.started_at and job.finished_at
    assert job.message == "Verified 7 emails: 4 Valid, 2 Invalid, 1 Unknown."


def test_run_all_reverifies_every_profile(in_alpha, dns_server):
    _profiles({"old@missing.example.com": VALID, "new@mx.example.com": PENDING})
    job = verification_run(member=_member(in_alpha), scope="all")
    verify_profiles.apply(args=[job.pk], throw=True)
    assert _statuses() == {"old@missing.example.com": INVALID, "new@mx.example.com": VALID}


def test_a_second_run_while_one_is_active_is_refused(in_alpha):
    verification_run(member=_member(in_alpha), scope="pending")
    with pytest.raises(Conflict) as refused:
        verification_run(member=_member(in_alpha), scope="all")
    assert refused.value.message == JOB_ACTIVE
    assert BackgroundJob.objects.filter(operation_key="verification").count() == 1


def test_a_finished_run_allows_the_next(in_alpha, dns_server):
    first = verification_run(member=_member(in_alpha), scope="pending")
    verify_profiles.apply(args=[first.pk], throw=True)
    second = verification_run(member=_member(in_alpha), scope="pending")
    assert second.pk != first.pk


def test_task_on_a_finished_job_changes_nothing(in_alpha, dns_server):
    _profiles({"a@mx.example.com": PENDING})
    job = verification_run(member=_member(in_alpha), scope="pending")
    verify_profiles.apply(args=[job.pk], throw=True)
    Profile.objects.update(verification_status=PENDING)
    verify_profiles.apply(args=[job.pk], throw=True)  # a redelivered message
    assert _statuses() == {"a@mx.example.com": PENDING}
    job.refresh_from_db()
    assert job.processed == 1


def test_cancel_requested_stops_the_run(in_alpha, dns_server):
    _profiles({"a@mx.example.com": PENDING, "b@mx.example.com": PENDING})
    job = verification_run(member=_member(in_alpha), scope="pending")
    BackgroundJob.objects.filter(pk=job.pk).update(cancel_requested=True)
    verify_profiles.apply(args=[job.pk], throw=True)
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED
    assert job.processed == 0
    assert set(_statuses().values()) == {PENDING}
    assert dns_server.count() == 0


def test_out_of_time_the_task_requeues_and_resumes(in_alpha, dns_server, settings, monkeypatch):
    settings.VERIFICATION_BATCH_SIZE = 1
    settings.VERIFICATION_TASK_BUDGET_SECONDS = 0
    _profiles({"a@mx.example.com": PENDING, "b@missing.example.com": PENDING})
    job = verification_run(member=_member(in_alpha), scope="pending")
    requeued = []
    monkeypatch.setattr(verify_profiles, "apply_async", lambda **kw: requeued.append(kw))
    verify_profiles.apply(args=[job.pk], throw=True)
    assert requeued == [{"args": [job.pk]}]
    job.refresh_from_db()
    assert (job.status, job.processed, job.progress) == (JobStatus.IN_PROCESS, 1, 50)
    assert list(_statuses().values()).count(PENDING) == 1
    # The re-queued run picks up after the last profile done.
    assert verification_job_process(job.pk, budget_seconds=60) is True
    job.refresh_from_db()
    assert (job.status, job.processed, job.progress) == (JobStatus.COMPLETED, 2, 100)
    assert _statuses() == {"a@mx.example.com": VALID, "b@missing.example.com": INVALID}


def test_a_crash_marks_the_job_failed(in_alpha, dns_server, monkeypatch):
    _profiles({"a@mx.example.com": PENDING})
    job = verification_run(member=_member(in_alpha), scope="pending")

    def boom(addresses):
        raise RuntimeError("resolver exploded")

    monkeypatch.setattr(verification, "emails_verify", boom)
    with pytest.raises(RuntimeError):
        verify_profiles.apply(args=[job.pk], throw=True)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.message == "Something went wrong."


def test_task_refuses_the_public_schema(tenants, db):
    connection.set_schema_to_public()
    with pytest.raises(TenantRequired):
        verify_profiles.apply(args=[1], throw=True)


def test_worker_imports_the_task_module():
    """A worker (`celery -A config worker`) loads the task without anything else having
    imported it: the module is in CELERY_IMPORTS."""
    script = (
        "import django; django.setup()\n"
        "from config.celery import app\n"
        "app.loader.import_default_modules()\n"
        "print('audience.verify_profiles' in app.tasks)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    assert done.stdout.strip().splitlines()[-1] == "True", done.stderr


# --- POST /api/mm/verification/run --------------------------------------------------------


def _run(host, token, body):
    return http(host).post(
        "/api/mm/verification/run", body, content_type="application/json", **bearer(token)
    )


def test_run_endpoint_starts_a_job(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = _run(alpha.host, token, {"scope": "pending"})
    assert response.status_code == 202, response.content
    job_id = response.json()["jobId"]
    connection.set_tenant(alpha.client)
    job = BackgroundJob.objects.get(pk=job_id)
    assert (job.kind, job.params["scope"], job.started_by_email) == (
        JobKind.EMAIL_VERIFICATION,
        "pending",
        alpha.admin.email,
    )


def test_run_endpoint_refuses_a_second_active_run(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)  # no action type: users may run it
    assert _run(alpha.host, token, {"scope": "all"}).status_code == 202
    response = _run(alpha.host, token, {"scope": "all"})
    assert response.status_code == 409
    assert response.json() == {"message": JOB_ACTIVE, "errors": {}}


@pytest.mark.parametrize("body", [{}, {"scope": "everything"}, {"scope": 1}])
def test_run_endpoint_rejects_bad_input(alpha, body):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = _run(alpha.host, token, body)
    assert response.status_code == 400
    assert response.json()["message"] == "Invalid Request"
    assert "scope" in response.json()["errors"]


def test_run_endpoint_needs_marketing_access_and_this_client(alpha, beta):
    _, no_mkm = signed_in(alpha.host, alpha.no_mkm.email)
    assert _run(alpha.host, no_mkm, {"scope": "all"}).status_code == 403
    _, beta_token = signed_in(beta.host, beta.admin.email)
    response = _run(alpha.host, beta_token, {"scope": "all"})
    assert response.status_code == 403
    assert (
        http(alpha.host)
        .post("/api/mm/verification/run", {"scope": "all"}, content_type="application/json")
        .status_code
        == 401
    )
    connection.set_tenant(alpha.client)
    assert not BackgroundJob.objects.exists()
