"""The sweeper sends again the task of a job whose message was lost, backing off, and
after LOST_MAX_SENDS sends fails the job with a message a person can read; a job that is
still held, or was sent a moment ago, is left alone."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from config.celery import app
from core import tasks
from core.audit.models import AuditLog
from marketing.audience.job_kinds import JobKind
from marketing.audience.models import Profile
from marketing.audience.services.exports import export_start
from marketing.jobs import services as jobs
from marketing.jobs.models import BackgroundJob, JobStatus
from marketing.jobs.tasks import lost_jobs_sweep

LEASE = 60


@pytest.fixture
def sent(monkeypatch, settings):
    """The tasks published (by name, on commit); the lease that paces the sweeper."""
    settings.JOB_LEASE_SECONDS = LEASE
    messages = []
    monkeypatch.setattr(
        tasks, "task_send", lambda name, kwargs, headers: messages.append((name, kwargs, headers))
    )
    return messages


def enqueued(key: str, capture) -> BackgroundJob:
    job = jobs.job_create(kind=JobKind.PROFILE_EXPORT, operation_key=key)
    with capture(execute=True):
        jobs.job_enqueue(job, "audience.profile_export_run", job_id=job.pk)
    return BackgroundJob.objects.get(pk=job.pk)


def age(job: BackgroundJob, seconds: float) -> None:
    BackgroundJob.objects.filter(pk=job.pk).update(
        sent_at=timezone.now() - timedelta(seconds=seconds)
    )


def sweep(capture) -> tuple[int, int]:
    with capture(execute=True):
        return jobs.jobs_lost_resend()


def test_enqueue_remembers_the_task_and_sends_it_in_the_clients_schema(
    in_alpha, sent, django_capture_on_commit_callbacks
):
    job = enqueued("lost-1", django_capture_on_commit_callbacks)
    assert (job.task_name, job.task_kwargs, job.sends) == (
        "audience.profile_export_run",
        {"job_id": job.pk},
        1,
    )
    assert sent == [("audience.profile_export_run", {"job_id": job.pk}, {"_schema_name": "alpha"})]


def test_a_pending_job_not_run_within_a_lease_is_sent_again_then_backs_off(
    in_alpha, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = enqueued("lost-2", capture)
    sent.clear()
    assert sweep(capture) == (0, 0)  # sent a moment ago: its message may be queued
    age(job, LEASE + 1)
    assert sweep(capture) == (1, 0)
    assert sent == [("audience.profile_export_run", {"job_id": job.pk}, {"_schema_name": "alpha"})]
    assert BackgroundJob.objects.get(pk=job.pk).sends == 2
    age(job, LEASE + 1)  # the second wait is two leases
    assert sweep(capture) == (0, 0)
    age(job, 2 * LEASE + 1)
    assert sweep(capture) == (1, 0)


def test_a_running_job_is_left_alone_while_its_lease_is_live_and_resent_once_it_expires(
    in_alpha, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = enqueued("lost-3", capture)
    run = jobs.job_claim(job.pk)
    age(job, 10 * LEASE)
    assert sweep(capture) == (0, 0)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE jobs_backgroundjob SET lease_expires_at = clock_timestamp()"
            " - interval '1 second' WHERE id = %s",
            [run.job_id],
        )
    assert sweep(capture) == (1, 0)


def test_after_the_last_send_the_job_fails_with_a_readable_message(
    in_alpha, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = enqueued("lost-4", capture)
    BackgroundJob.objects.filter(pk=job.pk).update(sends=jobs.LOST_MAX_SENDS)
    age(job, 10**6)
    sent.clear()
    assert sweep(capture) == (0, 1)
    assert sent == []
    job.refresh_from_db()
    assert (job.status, job.message, job.cancellable) == (
        JobStatus.FAILED,
        jobs.LOST_MESSAGE,
        False,
    )
    assert job.finished_at is not None
    trail = AuditLog.objects.get(event_type="job.failed", object_id=job.pk)
    assert trail.extra == {"kind": "profileExport", "message": jobs.LOST_MESSAGE}


def test_finished_jobs_and_jobs_without_a_recorded_task_are_never_swept(
    in_alpha, sent, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    done = enqueued("lost-5", capture)
    jobs.job_finish(jobs.job_claim(done.pk), message="done")
    bare = jobs.job_create(kind=JobKind.PROFILE_EXPORT, operation_key="lost-6")
    BackgroundJob.objects.filter(pk__in=[done.pk, bare.pk]).update(
        sent_at=timezone.now() - timedelta(days=1)
    )
    sent.clear()
    assert sweep(capture) == (0, 0)
    assert sent == []


def test_the_beat_task_sweeps_every_clients_schema_and_the_job_then_runs(
    in_alpha, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """A lost export in alpha: the periodic task finds it from the public schema and sends
    its task again, which (eager here) runs in alpha and writes the file."""
    settings.JOB_LEASE_SECONDS = LEASE
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    Profile.objects.create(email="lost@x.example")
    with django_capture_on_commit_callbacks(execute=False):
        job = export_start(filters={})  # its message never leaves: the callback is dropped
    age(job, LEASE + 1)
    connection.set_schema_to_public()
    with django_capture_on_commit_callbacks(execute=True):
        swept = lost_jobs_sweep.apply().get()
    assert swept == {"alpha": (1, 0)}
    connection.set_tenant(in_alpha.client)
    job = BackgroundJob.objects.get(pk=job.pk)
    assert (job.status, job.processed, job.sends) == (JobStatus.COMPLETED, 1, 2)
    assert job.file_path.startswith("alpha/exports/")
