"""Writes on BackgroundJob rows: create (one active job per operation), then the life of a
run: claim, progress, step, checkpoint, lock, finish, release; and a person's cancel.

A task's run claims the job (`job_claim`) and gets a `JobRun`: the job's new attempt
number and a lease on it, timed by the database's clock (the one clock every worker
shares). Every write of a run names its attempt and renews the lease, so a run that no
longer holds the job (its lease expired and a redelivered message took over) writes
nothing and gets JobLeaseLost: counters belong to the run that holds the lease. A second
delivery while the lease is live gets JobBusy and touches nothing. A run renews its lease
at every progress, step or checkpoint; a stretch without one must stay well inside
JOB_LEASE_SECONDS.

Progress writes are single UPDATEs: called outside a transaction (as the tasks do) each
commits at once, so /backgroundJobs shows the job moving.

A job is sent to its task with `job_enqueue`, which remembers the task on the row. A
message can still be lost (the broker died before it was written to disk, the process
died between the commit and the publish): the sweeper (`jobs_lost_resend`, every minute
from beat) sends the task again for an active job nobody has touched for a while, each
time waiting twice as long, and after LOST_MAX_SENDS sends fails the job with a message a
person can read. A resend that races the original is harmless: the lease lets one run."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.errors import Conflict, ValidationFailed
from core.messages import EXPORT_LIMIT
from core.tasks import enqueue_on_commit
from marketing.jobs.kinds import job_kind
from marketing.jobs.messages import CANCELLED_MESSAGE, JOB_EXISTS, LOST_MESSAGE, NOT_CANCELLABLE
from marketing.jobs.models import ACTIVE_STATUSES, BackgroundJob, JobStatus

# Sends of a job's task before the sweeper gives up on it (the first one included).
LOST_MAX_SENDS = 6  # the last one goes about 63 leases (5 h at 300 s) after the first

_TABLE = BackgroundJob._meta.db_table
_LEASE_UNTIL = "clock_timestamp() + make_interval(secs => %s)"


class JobCancelled(Exception):
    """A person asked the job to stop; raised at the run's next checkpoint."""


class JobLeaseLost(Exception):
    """This run no longer holds the job (its lease expired and another run took it, or
    the job was finished meanwhile): stop, and write nothing more to it."""


class JobBusy(Exception):
    """Another run holds a live lease on the job: this delivery is a duplicate."""

    def __init__(self, job_id: int, retry_in: float):
        super().__init__(f"job {job_id} is held by another run for {retry_in:.0f} s more")
        self.job_id = job_id
        self.retry_in = retry_in


@dataclass(frozen=True)
class JobRun:
    """One run of a job: the row as it was claimed, and the attempt that owns it."""

    job: BackgroundJob
    attempt: int

    @property
    def job_id(self) -> int:
        return self.job.pk


_claims: ContextVar[list[JobRun] | None] = ContextVar("job_claims", default=None)


def job_runs_claimed() -> list[JobRun]:
    """The runs claimed so far inside the current `job_claims_recorded` block."""
    return list(_claims.get() or [])


@contextmanager
def job_claims_recorded() -> Iterator[list[JobRun]]:
    """Collects the runs claimed inside the block: the task base (runner.py) learns the
    run of the delivery it executed, to release it for a retry or fail it."""
    claims: list[JobRun] = []
    token = _claims.set(claims)
    try:
        yield claims
    finally:
        _claims.reset(token)


def job_create(
    *,
    kind: str,
    operation_key: str,
    title: str = "",
    total: int = 0,
    params: dict | None = None,
    cancellable: bool = True,
    started_by_id: int | None = None,
    started_by_email: str = "",
) -> BackgroundJob:
    """Raises Conflict (409) while another job of the same operation is active. `kind`
    must be registered (kinds.py) by the app that owns it."""
    if job_kind(kind) is None:
        raise ValueError(f"job kind {kind!r} is not registered")
    try:
        with transaction.atomic():
            return BackgroundJob.objects.create(
                kind=kind,
                operation_key=operation_key,
                title=title,
                total=total,
                params=params or {},
                cancellable=cancellable,
                started_by_id=started_by_id,
                started_by_email=started_by_email,
            )
    except IntegrityError as exc:
        if "job_one_active_per_operation" in str(exc):
            raise Conflict(JOB_EXISTS) from exc
        raise


def job_enqueue(job: BackgroundJob, task_name: str, /, **ids: int) -> None:
    """Send the task that runs `job` once the current transaction commits, and remember
    it on the job so that the sweeper can send it again if the message is lost."""
    BackgroundJob.objects.filter(pk=job.pk).update(
        task_name=task_name, task_kwargs=ids, sent_at=timezone.now(), sends=1
    )
    enqueue_on_commit(task_name, **ids)


def jobs_lost_resend() -> tuple[int, int]:
    """In the current client's schema: send again the task of each active job that looks
    lost (Pending, or InProcess with its lease expired, and not sent for
    JOB_LEASE_SECONDS x 2^(sends - 1)); fail those already sent LOST_MAX_SENDS times.
    Returns (resent, failed). Safe to run twice or concurrently: rows are locked, skipped
    when another sweep holds them."""
    resent = failed = 0
    with transaction.atomic():
        lost = BackgroundJob.objects.raw(
            f"""
            SELECT * FROM {_TABLE}
             WHERE status IN (%s, %s) AND task_name <> ''
               AND sent_at < clock_timestamp()
                             - make_interval(secs => %s * power(2, GREATEST(sends - 1, 0)))
               AND (status = %s OR lease_expires_at IS NULL
                    OR lease_expires_at < clock_timestamp())
             ORDER BY id
               FOR UPDATE SKIP LOCKED""",
            [
                JobStatus.PENDING,
                JobStatus.IN_PROCESS,
                settings.JOB_LEASE_SECONDS,
                JobStatus.PENDING,
            ],
        )
        for job in lost:
            if job.sends >= LOST_MAX_SENDS:
                BackgroundJob.objects.filter(pk=job.pk).update(
                    status=JobStatus.FAILED,
                    message=LOST_MESSAGE,
                    finished_at=timezone.now(),
                    cancellable=False,
                    lease_expires_at=None,
                )
                _failure_record(job, LOST_MESSAGE)
                failed += 1
                continue
            BackgroundJob.objects.filter(pk=job.pk).update(
                sent_at=timezone.now(), sends=job.sends + 1
            )
            enqueue_on_commit(job.task_name, **job.task_kwargs)
            resent += 1
    return resent, failed


def job_claim(job_id: int, *, resume: bool = False) -> JobRun | None:
    """Take the job for this run. A Pending job, or an InProcess one whose lease expired
    (its worker died), becomes InProcess under the next attempt with a fresh lease; its
    counters start again from zero unless `resume` (a job that keeps its own cursor in
    `params` continues where the last run stopped).

    None when there is nothing to do (finished, cancelled, gone). Raises JobBusy while
    another run's lease is live: a redelivered message must not run beside it."""
    counters = "" if resume else ", processed = 0, succeeded = 0, failed = 0"
    claimed = list(
        BackgroundJob.objects.raw(
            f"""
            UPDATE {_TABLE}
               SET status = %s, attempt = attempt + 1, started_at = COALESCE(started_at, %s),
                   lease_expires_at = {_LEASE_UNTIL}{counters}
             WHERE id = %s
               AND (status = %s OR (status = %s AND (lease_expires_at IS NULL
                                                     OR lease_expires_at < clock_timestamp())))
            RETURNING *""",
            [
                JobStatus.IN_PROCESS,
                timezone.now(),
                settings.JOB_LEASE_SECONDS,
                job_id,
                JobStatus.PENDING,
                JobStatus.IN_PROCESS,
            ],
        )
    )
    if claimed:
        run = JobRun(job=claimed[0], attempt=claimed[0].attempt)
        claims = _claims.get()
        if claims is not None:
            claims.append(run)
        return run
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT status, GREATEST(EXTRACT(EPOCH FROM lease_expires_at - clock_timestamp()), 0)"
            f" FROM {_TABLE} WHERE id = %s",
            [job_id],
        )
        row = cursor.fetchone()
    if row is None or row[0] != JobStatus.IN_PROCESS:
        return None
    raise JobBusy(job_id, float(row[1] or 0))


def _held_update(run: JobRun, values: dict, *, renew: bool = True, also: str = "") -> bool:
    """Write `values` on the job if `run` still holds it (and renew its lease); returns
    whether a person asked it to stop. Raises JobLeaseLost when the run holds it no more."""
    sets, params = [], []
    for name, value in values.items():
        field = BackgroundJob._meta.get_field(name)
        sets.append(f"{connection.ops.quote_name(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    if renew:
        sets.append(f"lease_expires_at = {_LEASE_UNTIL}")
        params.append(settings.JOB_LEASE_SECONDS)
    if also:
        sets.append(also)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {_TABLE} SET {', '.join(sets)}"
            " WHERE id = %s AND attempt = %s AND status = %s RETURNING cancel_requested",
            [*params, run.job_id, run.attempt, JobStatus.IN_PROCESS],
        )
        row = cursor.fetchone()
    if row is None:
        raise JobLeaseLost(f"job {run.job_id}: attempt {run.attempt} no longer holds it")
    return bool(row[0])


def job_progress(
    run: JobRun,
    *,
    processed: int,
    total: int | None = None,
    succeeded: int | None = None,
    failed: int | None = None,
    result: dict | None = None,
    params: dict | None = None,
) -> None:
    """Record how far the run got (and renew its lease); lands only while it holds the
    job. `params` is where a resumable job keeps its cursor."""
    values = {"processed": processed, "total": total, "succeeded": succeeded}
    values |= {"failed": failed, "result": result, "params": params}
    _held_update(run, {name: value for name, value in values.items() if value is not None})


def job_step(run: JobRun, message: str) -> None:
    """What the run is doing now: the job's message until it finishes."""
    _held_update(run, {"message": message})


def job_checkpoint(run: JobRun) -> None:
    """Renew the lease; raises JobCancelled when a person asked the job to stop."""
    if _held_update(run, {}):
        raise JobCancelled


def job_lock(run: JobRun) -> BackgroundJob:
    """Inside the transaction that applies the run's work: lock the job's row until it
    commits, so the work commits only while the run holds the job and no cancel came
    first (JobLeaseLost, JobCancelled); renews the lease."""
    job = BackgroundJob.objects.select_for_update().filter(pk=run.job_id).first()
    if job is None or job.attempt != run.attempt or job.status != JobStatus.IN_PROCESS:
        raise JobLeaseLost(f"job {run.job_id}: attempt {run.attempt} no longer holds it")
    if job.cancel_requested:
        raise JobCancelled
    _held_update(run, {})
    return job


def job_release(run: JobRun) -> None:
    """The run stops without finishing (its time slice ended, or it will be retried):
    the next delivery may claim the job at once. Nothing to do when it no longer holds it."""
    try:
        _held_update(run, {"lease_expires_at": None}, renew=False)
    except JobLeaseLost:
        pass


def job_finish(
    run: JobRun,
    *,
    status: JobStatus = JobStatus.COMPLETED,
    message: str = "",
    result: dict | None = None,
    succeeded: int | None = None,
    failed: int | None = None,
    processed: int | None = None,
    file_path: str | None = None,
) -> None:
    """The run's outcome. A finished job is never cancellable; its lease is dropped.
    Lands only while the run holds the job (JobLeaseLost otherwise)."""
    values: dict = {
        "status": status,
        "message": message,
        "finished_at": timezone.now(),
        "cancellable": False,
        "lease_expires_at": None,
    }
    optional = {"file_path": file_path, "result": result, "succeeded": succeeded}
    optional |= {"failed": failed, "processed": processed}
    values |= {name: value for name, value in optional.items() if value is not None}
    also = ""
    if processed is not None:
        values["total"] = processed
    elif status == JobStatus.COMPLETED:
        also = "processed = total"
    with transaction.atomic():
        _held_update(run, values, renew=False, also=also)
        if status == JobStatus.FAILED:
            _failure_record(run.job, message)


def _failure_record(job: BackgroundJob, message: str) -> None:
    """A failed job in the trail, for the person who started it: what and why."""
    audit_record(
        AuditEvent.JOB_FAILED,
        object_id=job.pk,
        label=job.title,
        extra={"kind": job.kind, "message": message},
        actor_id=job.started_by_id,
        actor_email=job.started_by_email,
        path=AuditPath.SYSTEM,
    )


def job_fail(run: JobRun, message: str) -> None:
    job_finish(run, status=JobStatus.FAILED, message=message)


def job_cancel(job_id: int) -> BackgroundJob:
    """A person's cancel: a pending job is cancelled at once; a running one is asked to
    stop (its next checkpoint raises JobCancelled and it applies nothing)."""
    with transaction.atomic():
        job = BackgroundJob.objects.select_for_update().get(pk=job_id)
        if not job.cancellable or job.status not in ACTIVE_STATUSES:
            raise ValidationFailed(NOT_CANCELLABLE)
        job.cancel_requested = True
        fields = ["cancel_requested"]
        if job.status == JobStatus.PENDING:
            job.status = JobStatus.CANCELLED
            job.finished_at = timezone.now()
            job.message = CANCELLED_MESSAGE
            job.cancellable = False
            fields += ["status", "finished_at", "message", "cancellable"]
        job.save(update_fields=fields)
        audit_record(
            AuditEvent.JOB_CANCELLED, object_id=job.pk, label=job.title, extra={"kind": job.kind}
        )
    return job


def export_job_start(
    *,
    kind: str,
    operation_key: str,
    title: str,
    total: int,
    params: dict,
    task: str,
    started_by_id: int | None,
    started_by_email: str,
    audit_label: str,
    audit_extra: dict,
    too_many: str = EXPORT_LIMIT,
) -> BackgroundJob:
    """Start an export of `total` rows: refused past EXPORT_MAX_RECORDS (`too_many`, given
    `limit` and `count`), else its job created, recorded as export.started and its task
    sent, in one transaction (409 while the same operation runs)."""
    if total > settings.EXPORT_MAX_RECORDS:
        message = too_many.format(limit=settings.EXPORT_MAX_RECORDS, count=total)
        raise ValidationFailed(message, errors={"__all__": [message]})
    with transaction.atomic():
        job = job_create(
            kind=kind,
            operation_key=operation_key,
            title=title,
            total=total,
            params=params,
            cancellable=True,
            started_by_id=started_by_id,
            started_by_email=started_by_email,
        )
        audit_record(
            AuditEvent.EXPORT_STARTED,
            object_id=job.pk,
            label=audit_label,
            extra={"kind": kind, "rows": total, **audit_extra},
        )
        job_enqueue(job, task, job_id=job.pk)
    return job
