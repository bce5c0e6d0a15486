"""Background jobs: services and the /api/mm/jobs endpoints."""

import pytest
from django.db import connection

from core.audit.models import AuditLog
from core.errors import Conflict, ValidationFailed
from marketing.audience.job_kinds import JobKind
from marketing.jobs import services
from marketing.jobs.models import BackgroundJob, JobStatus
from tests.support.http_api import Api, bearer, http, signed_in


def make(key="op", **kwargs):
    return services.job_create(kind=JobKind.PROFILE_IMPORT, operation_key=key, **kwargs)


def test_one_active_job_per_operation(in_alpha):
    job = make()
    with pytest.raises(Conflict, match="An existing background job is present"):
        make()
    make("other")
    services.job_finish(services.job_claim(job.pk))
    make()  # the first one is finished


def test_claim_progress_finish(in_alpha):
    job = make(total=10)
    run = services.job_claim(job.pk)
    assert (run.job.status, run.attempt) == (JobStatus.IN_PROCESS, 1)
    services.job_progress(run, processed=4)
    job.refresh_from_db()
    assert job.progress == 40 and job.cancellable
    services.job_finish(run, succeeded=10)
    job.refresh_from_db()
    assert (job.status, job.progress, job.processed) == (JobStatus.COMPLETED, 100, 10)
    assert job.cancellable is False and job.lease_expires_at is None  # the row says so
    assert services.job_claim(job.pk) is None


def test_a_kind_must_be_registered(in_alpha):
    with pytest.raises(ValueError, match="not registered"):
        services.job_create(kind="nobodysKind", operation_key="x")


def test_cancel_rules(in_alpha):
    pending = make("a", cancellable=True)
    cancelled_at_once = services.job_cancel(pending.pk)
    assert cancelled_at_once.status == JobStatus.CANCELLED and not cancelled_at_once.cancellable
    running = make("b", cancellable=True)
    services.job_claim(running.pk)
    cancelled = services.job_cancel(running.pk)
    assert cancelled.status == JobStatus.IN_PROCESS and cancelled.cancel_requested
    fixed = make("c", cancellable=False)
    with pytest.raises(ValidationFailed):
        services.job_cancel(fixed.pk)
    with pytest.raises(ValidationFailed):
        services.job_cancel(pending.pk)  # already finished


def test_jobs_api(alpha, beta, admin_api):
    connection.set_tenant(alpha.client)
    older = make("x", title="Older", started_by_email="admin@alpha.example", total=4)
    newer = make("y", title="Newer", cancellable=False)
    connection.set_schema_to_public()
    listing = admin_api.get("/api/mm/jobs")
    assert listing.status_code == 200
    ids = [item["id"] for item in listing.json()["items"]]
    assert ids[:2] == [newer.pk, older.pk]
    first = listing.json()["items"][1]
    assert (
        first["kindLabel"] == "Import Subscribers" and first["startedBy"] == "admin@alpha.example"
    )
    assert admin_api.get("/api/mm/jobs", status="Completed").json()["total"] == 0
    assert admin_api.get("/api/mm/jobs", kind="profileImport").json()["total"] == 2
    assert admin_api.get("/api/mm/jobs", status="nope").status_code == 400
    assert admin_api.get("/api/mm/jobs", pageSize=11).status_code == 400
    too_far = admin_api.get("/api/mm/jobs", page=2952340848414987776)
    assert too_far.status_code == 400 and "page" in too_far.json()["errors"]
    assert admin_api.get(f"/api/mm/jobs/{older.pk}").json()["title"] == "Older"
    assert admin_api.get("/api/mm/jobs/999999").status_code == 404
    cancel = admin_api.post(f"/api/mm/jobs/{older.pk}/cancel")
    assert cancel.status_code == 200 and cancel.json()["status"] == "Cancelled"
    connection.set_tenant(alpha.client)
    trail = AuditLog.objects.filter(event_type="job.cancelled", object_id=older.pk).get()
    assert (trail.actor_email, trail.object_label, trail.extra) == (
        "admin@alpha.example",
        "Older",
        {"kind": "profileImport"},
    )
    connection.set_schema_to_public()
    assert admin_api.post(f"/api/mm/jobs/{newer.pk}/cancel").status_code == 400
    assert admin_api.post(f"/api/mm/jobs/{older.pk}/cancel").status_code == 400
    assert admin_api.post("/api/mm/jobs/999999/cancel").status_code == 404
    # USER may see jobs; no-marketing user may not; signed out 401
    assert Api(alpha, alpha.user.email).get("/api/mm/jobs").status_code == 200
    assert Api(alpha, alpha.no_mkm.email).get("/api/mm/jobs").status_code == 403
    assert http(alpha.host).get("/api/mm/jobs").status_code == 401
    # wrong tenant: beta's token on alpha is refused; beta's job ids are not alpha's
    _, beta_token = signed_in(beta.host, beta.admin.email)
    assert http(alpha.host).get("/api/mm/jobs", **bearer(beta_token)).status_code == 403
    connection.set_tenant(beta.client)
    beta_job = make("z")
    for _ in range(1000):  # a beta job whose id alpha has not
        connection.set_tenant(alpha.client)
        if not BackgroundJob.objects.filter(pk=beta_job.pk).exists():
            break
        connection.set_tenant(beta.client)
        beta_job = make(f"z{beta_job.pk}")
    else:
        pytest.fail("no beta job id free in alpha")
    connection.set_schema_to_public()
    assert admin_api.get(f"/api/mm/jobs/{beta_job.pk}").status_code == 404
    assert admin_api.post(f"/api/mm/jobs/{beta_job.pk}/cancel").status_code == 404
