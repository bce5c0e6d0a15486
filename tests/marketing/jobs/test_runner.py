"""JobTask, the base of the tasks that run jobs: cancels, retries on transient errors, a
failure a person can read, and the follow-up a duplicate delivery leaves behind."""

from pathlib import Path

import pytest
from django.db import OperationalError
from kombu.exceptions import OperationalError as BrokerError

from config.celery import app
from core.audit.models import AuditLog
from core.tasks import BULK_RETRY
from marketing.audience.job_kinds import FAILURE_MESSAGES, JobKind
from marketing.audience.models import Profile
from marketing.audience.services import exports
from marketing.audience.services.exports import export_start
from marketing.audience.tasks import profile_export_run
from marketing.jobs import files
from marketing.jobs import services as jobs
from marketing.jobs.messages import UNAVAILABLE
from marketing.jobs.models import BackgroundJob, JobStatus
from marketing.jobs.runner import JobTask

attempts: list[int] = []


@app.task(name="tests.jobs.flaky", base=JobTask, **BULK_RETRY)
def flaky(job_id: int, failures: int, error: str = "database") -> None:
    """Fails `failures` times with a transient error, then finishes its job."""
    run = jobs.job_claim(job_id)
    attempts.append(run.attempt)
    if len(attempts) <= failures:
        raise (BrokerError if error == "broker" else OperationalError)("connection refused")
    jobs.job_finish(run, message="done")


@app.task(name="tests.jobs.broken", base=JobTask, **BULK_RETRY)
def broken(job_id: int) -> None:
    jobs.job_claim(job_id)
    attempts.append(1)
    raise KeyError("a bug")


@app.task(name="tests.jobs.ignores_cancel", base=JobTask)
def ignores_cancel(job_id: int) -> None:
    run = jobs.job_claim(job_id)
    if run is not None:
        jobs.job_checkpoint(run)


@pytest.fixture(autouse=True)
def _attempts():
    attempts.clear()


def make() -> BackgroundJob:
    return jobs.job_create(kind=JobKind.PROFILE_EXPORT, operation_key="runner")


def test_a_transient_error_is_retried_and_the_job_completes(in_alpha):
    job = make()
    flaky.apply(kwargs={"job_id": job.pk, "failures": 2})
    job.refresh_from_db()
    assert attempts == [1, 2, 3]  # each retry claimed the job at once: the lease was released
    assert (job.status, job.message, job.attempt) == (JobStatus.COMPLETED, "done", 3)


@pytest.mark.parametrize("error", ["database", "broker"])
def test_past_the_last_retry_the_job_fails_with_a_readable_message(in_alpha, error):
    job = make()
    result = flaky.apply(kwargs={"job_id": job.pk, "failures": 99, "error": error})
    assert result.failed()
    job.refresh_from_db()
    assert attempts == list(range(1, BULK_RETRY["max_retries"] + 2))
    assert job.status == JobStatus.FAILED and job.cancellable is False
    assert job.message == f"{FAILURE_MESSAGES[JobKind.PROFILE_EXPORT]} {UNAVAILABLE}"


def test_a_bug_fails_the_job_at_once_with_its_kinds_message(in_alpha):
    job = jobs.job_create(
        kind=JobKind.PROFILE_EXPORT,
        operation_key="runner",
        title="Export Profiles",
        started_by_id=41,
        started_by_email="starter@alpha.example",
    )
    with pytest.raises(KeyError):
        broken.apply(args=[job.pk], throw=True)
    job.refresh_from_db()
    assert attempts == [1]
    assert (job.status, job.message) == (JobStatus.FAILED, FAILURE_MESSAGES[JobKind.PROFILE_EXPORT])
    # In the trail, for the person who started it (the Activity screen's person filter).
    trail = AuditLog.objects.get(event_type="job.failed", object_id=job.pk)
    assert (trail.actor_id, trail.actor_email, trail.path, trail.object_label) == (
        41,
        "starter@alpha.example",
        "system",
        "Export Profiles",
    )
    assert trail.extra == {"kind": "profileExport", "message": job.message}


def test_an_export_that_meets_a_transient_error_is_retried(in_alpha, monkeypatch):
    Profile.objects.create(email="a@x.example")
    job = export_start(filters={})
    real = exports.profiles_filtered
    calls = []

    def first_call_fails(**filters):
        calls.append(filters)
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return real(**filters)

    monkeypatch.setattr(exports, "profiles_filtered", first_call_fails)
    profile_export_run.apply(args=[job.pk])
    job.refresh_from_db()
    assert (job.status, job.attempt, job.processed) == (JobStatus.COMPLETED, 2, 1)


def test_job_cancelled_finishes_the_job_as_cancelled(in_alpha):
    job = make()
    jobs.job_cancel(job.pk)  # pending: cancelled at once, nothing to run
    ignores_cancel.apply(args=[job.pk], throw=True)
    assert BackgroundJob.objects.get(pk=job.pk).status == JobStatus.CANCELLED
    running = jobs.job_create(kind=JobKind.PROFILE_EXPORT, operation_key="runner-2")
    BackgroundJob.objects.filter(pk=running.pk).update(cancel_requested=True)
    ignores_cancel.apply(args=[running.pk], throw=True)  # raises JobCancelled inside
    running.refresh_from_db()
    assert (running.status, running.message) == (JobStatus.CANCELLED, jobs.CANCELLED_MESSAGE)


def test_an_export_cancelled_while_running_leaves_no_file(in_alpha, settings, monkeypatch):
    for i in range(3):
        Profile.objects.create(email=f"p{i}@x.example")
    job = export_start(filters={})
    BackgroundJob.objects.filter(pk=job.pk).update(cancel_requested=True)
    monkeypatch.setattr(files, "EXPORT_CHUNK", 1)
    folder = Path(settings.MEDIA_ROOT) / "alpha" / "exports"
    before = set(folder.glob("*"))
    profile_export_run.apply(args=[job.pk], throw=True)
    job.refresh_from_db()
    assert (job.status, job.file_path, job.processed) == (JobStatus.CANCELLED, "", 0)
    assert set(folder.glob("*")) == before


def test_a_duplicate_delivery_checks_again_once_the_lease_would_have_expired(monkeypatch):
    sent = []
    monkeypatch.setattr(flaky, "apply_async", lambda **options: sent.append(options))
    flaky.push_request(args=[5, 0], kwargs={}, is_eager=False, id="t-1")
    try:
        flaky._follow_up(jobs.JobBusy(5, retry_in=40.0))
    finally:
        flaky.pop_request()
    assert len(sent) == 1
    assert sent[0]["args"] == [5, 0] and sent[0]["kwargs"] == {}
    assert 41 <= sent[0]["countdown"] <= 45
