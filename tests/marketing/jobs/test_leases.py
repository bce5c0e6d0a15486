"""A job's run holds it under a lease: a second delivery exits without touching it, a stale
run's writes land nowhere, an expired lease is taken over, and counters are the holder's."""

import uuid

import psutil
import pytest
from django.db import connection, transaction

from marketing.audience.job_kinds import JobKind
from marketing.audience.models import Profile, ProfileImport
from marketing.audience.services.exports import export_start
from marketing.audience.services.imports import import_start, import_upload
from marketing.audience.services.imports.reading import text_chunks
from marketing.audience.tasks import profile_export_run
from marketing.jobs import services as jobs
from marketing.jobs.models import BackgroundJob, JobStatus
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_database_url,
)
from tests.support.waiting import poll, wait_until


def make(key="op", **kwargs) -> BackgroundJob:
    return jobs.job_create(kind=JobKind.PROFILE_EXPORT, operation_key=key, **kwargs)


def expire(job: BackgroundJob) -> None:
    """What a worker's death looks like once its lease has run out."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE jobs_backgroundjob SET lease_expires_at = clock_timestamp()"
            " - interval '1 second' WHERE id = %s",
            [job.pk],
        )


def row(job: BackgroundJob) -> BackgroundJob:
    return BackgroundJob.objects.get(pk=job.pk)


def test_claim_takes_a_lease_on_the_job(in_alpha, settings):
    settings.JOB_LEASE_SECONDS = 120
    run = jobs.job_claim(make().pk)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT EXTRACT(EPOCH FROM lease_expires_at - clock_timestamp()) FROM"
            " jobs_backgroundjob WHERE id = %s",
            [run.job_id],
        )
        left = cursor.fetchone()[0]
    assert 110 < left <= 120
    assert (row(run.job).status, row(run.job).attempt) == (JobStatus.IN_PROCESS, 1)


def test_a_second_claim_while_the_lease_is_live_is_busy(in_alpha):
    job = make()
    jobs.job_claim(job.pk)
    with pytest.raises(jobs.JobBusy) as busy:
        jobs.job_claim(job.pk)
    assert busy.value.job_id == job.pk and 0 < busy.value.retry_in <= 300
    assert row(job).attempt == 1


def test_a_second_delivery_of_a_claimed_job_exits_without_touching_counters(in_alpha):
    Profile.objects.create(email="a@x.example")
    job = export_start(filters={})
    first = jobs.job_claim(job.pk)  # the first delivery, still working
    jobs.job_progress(first, processed=7)
    result = profile_export_run.apply(args=[job.pk], throw=True)  # the redelivered message
    assert result.successful() and result.result is None
    job = row(job)
    assert (job.status, job.attempt, job.processed, job.file_path) == (
        JobStatus.IN_PROCESS,
        1,
        7,
        "",
    )
    jobs.job_progress(first, processed=8)  # the first run still holds it
    assert row(job).processed == 8


def test_progress_from_a_stale_run_is_ignored(in_alpha):
    job = make(total=100)
    stale = jobs.job_claim(job.pk)
    jobs.job_progress(stale, processed=40)
    expire(job)
    current = jobs.job_claim(job.pk)
    assert current.attempt == 2
    assert row(job).processed == 0  # the new run counts from zero
    for write in (
        lambda: jobs.job_progress(stale, processed=99),
        lambda: jobs.job_step(stale, "still here"),
        lambda: jobs.job_checkpoint(stale),
        lambda: jobs.job_finish(stale, message="done twice"),
    ):
        with pytest.raises(jobs.JobLeaseLost):
            write()
    jobs.job_progress(current, processed=5)
    job = row(job)
    assert (job.processed, job.status, job.message) == (5, JobStatus.IN_PROCESS, "")


def test_a_stale_run_cannot_commit_its_work(in_alpha):
    job = make()
    stale = jobs.job_claim(job.pk)
    expire(job)
    jobs.job_claim(job.pk)
    with pytest.raises(jobs.JobLeaseLost), transaction.atomic():
        jobs.job_lock(stale)
        Profile.objects.create(email="stale@x.example")
    assert not Profile.objects.filter(email="stale@x.example").exists()


def test_an_expired_lease_lets_a_new_run_take_over(in_alpha):
    for i in range(3):
        Profile.objects.create(email=f"p{i}@x.example")
    job = export_start(filters={})
    dead = jobs.job_claim(job.pk)  # a worker that died mid-export
    jobs.job_progress(dead, processed=2)
    expire(job)
    profile_export_run.apply(args=[job.pk], throw=True)
    job = row(job)
    assert (job.status, job.attempt) == (JobStatus.COMPLETED, 2)
    # The counters are the run that finished, not both runs summed.
    assert (job.processed, job.total, job.succeeded) == (3, 3, 3)
    assert job.cancellable is False


def test_a_resumed_run_keeps_the_counters(in_alpha):
    job = make()
    first = jobs.job_claim(job.pk, resume=True)
    jobs.job_progress(first, processed=3, params={"cursor": 30})
    jobs.job_release(first)  # its time slice ended
    second = jobs.job_claim(job.pk, resume=True)  # at once: the lease was released
    assert (second.attempt, second.job.processed, second.job.params) == (2, 3, {"cursor": 30})


def test_a_released_run_writes_no_more_once_another_claims(in_alpha):
    job = make()
    first = jobs.job_claim(job.pk)
    jobs.job_release(first)
    jobs.job_claim(job.pk)
    with pytest.raises(jobs.JobLeaseLost):
        jobs.job_progress(first, processed=1)
    jobs.job_release(first)  # harmless


def test_a_person_cancelling_stops_the_run_at_its_next_checkpoint(in_alpha):
    job = make()
    run = jobs.job_claim(job.pk)
    jobs.job_checkpoint(run)
    jobs.job_cancel(job.pk)
    with pytest.raises(jobs.JobCancelled):
        jobs.job_checkpoint(run)
    with pytest.raises(jobs.JobCancelled), transaction.atomic():
        jobs.job_lock(run)
    jobs.job_finish(run, status=JobStatus.CANCELLED, message=jobs.CANCELLED_MESSAGE)
    job = row(job)
    assert (job.status, job.cancellable) == (JobStatus.CANCELLED, False)


def test_nothing_to_do_for_a_finished_or_missing_job(in_alpha):
    job = make()
    jobs.job_finish(jobs.job_claim(job.pk))
    assert jobs.job_claim(job.pk) is None
    assert jobs.job_claim(10**12) is None


# --- the incident of issue 9, with real workers ---------------------------------------------
# A worker killed (SIGKILL) mid-import: RabbitMQ redelivers the unacknowledged message to the
# next worker, which finds the dead run's lease still live (JobBusy), checks again once it
# has expired, and takes the job over: the import is applied once, the job's counters are
# the new run's alone, and the finished job is not cancellable. Real workers (other
# processes) on committed data, on a queue of this test's own; a short lease
# (JOB_LEASE_SECONDS=3) so that the takeover comes within seconds. (The database tests above
# make pytest-django create the test database when this file runs alone.)

ROWS = 30_000


def _kill(worker) -> None:
    """SIGKILL the worker and what it forked (the import's row-checking helper)."""
    family = [psutil.Process(worker.pid)]
    family += family[0].children(recursive=True)
    for process in family:
        process.kill()
    psutil.wait_procs(family, timeout=10)


def test_a_killed_workers_import_is_taken_over_and_counted_once(
    tenants, django_db_blocker, _media_root
):
    alpha = tenants["alpha"]
    queue = f"test-kill-{uuid.uuid4().hex}"
    env = {
        "DATABASE_URL": worker_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "MEDIA_ROOT": str(_media_root),
        "IMPORT_CHUNK_ROWS": "500",
        "JOB_LEASE_SECONDS": "3",
        "CACHE_KEY_PREFIX": f"worker-{queue}",
        "DB_CONN_MAX_AGE": "0",
    }
    content = b"email,first name\n" + b"".join(
        f"killed{i}@x.example,K{i}\n".encode() for i in range(ROWS)
    )
    workers = []
    with django_db_blocker.unblock(), tasks_routed_to(queue):
        client = alpha.client
        client.refresh_from_db()
        plan, client.plan = client.plan, None
        client.save()
        connection.set_tenant(client)
        record = None
        try:
            workers.append(celery_worker_start(queue, node=f"{queue}-first", **env))
            record, _ = import_upload(
                name="k.csv", size=len(content), chunks=text_chunks(content), kind="subscribers"
            )
            record = import_start(import_id=record.pk, mapping={"0": "emailId", "1": "firstName"})
            job = BackgroundJob.objects.filter(pk=record.job_id)
            wait_until(
                lambda: job.get().processed > 0, timeout=60, message="the first run counting rows"
            )
            _kill(workers[0])
            dead = job.get()
            assert (dead.status, dead.attempt) == (JobStatus.IN_PROCESS, 1)
            assert 0 < dead.processed < ROWS

            workers.append(celery_worker_start(queue, node=f"{queue}-second", **env))
            done = poll(
                job.get,
                lambda found: found.status not in ("Pending", "InProcess"),
                timeout=120,
                message="the second worker finishing the import",
            )
            assert (done.status, done.attempt) == (JobStatus.COMPLETED, 2), done.message
            assert (done.processed, done.total, done.succeeded) == (ROWS, ROWS, ROWS)
            assert done.cancellable is False
            record.refresh_from_db()
            assert record.rows_inserted == ROWS
            assert Profile.objects.filter(email__startswith="killed").count() == ROWS
        finally:
            for worker in workers:
                celery_worker_stop(worker)
            celery_queue_delete(queue)
            connection.set_tenant(client)
            Profile.objects.filter(email__startswith="killed").delete()
            if record is not None:
                ProfileImport.objects.filter(pk=record.pk).delete()
                BackgroundJob.objects.filter(pk=record.job_id).delete()
            connection.set_schema_to_public()
            client.plan = plan
            client.save()
