"""Writes on BackgroundJob rows: create (one active job per operation), claim, progress,
finish, fail, cancel. Progress writes are single UPDATEs: called outside a transaction
(as the tasks do) each commits at once, so /backgroundJobs shows the job moving."""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from config.errors import Conflict, ValidationFailed
from marketing.jobs.models import ACTIVE_STATUSES, BackgroundJob, JobStatus

JOB_EXISTS = (
    "An existing background job is present for the current operation, please try after some time"
)
NOT_CANCELLABLE = "This job cannot be cancelled."


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
    """Raises Conflict (409) while another job of the same operation is active."""
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


def job_claim(job_id: int) -> BackgroundJob | None:
    """Pending -> InProcess; a job already InProcess (a redelivered message) is run again.
    None when the job is finished or cancelled: there is nothing to do."""
    now = timezone.now()
    BackgroundJob.objects.filter(pk=job_id, status=JobStatus.PENDING).update(
        status=JobStatus.IN_PROCESS, started_at=now
    )
    job = BackgroundJob.objects.filter(pk=job_id).first()
    if job is None or job.status != JobStatus.IN_PROCESS:
        return None
    return job


def job_progress(job_id: int, *, processed: int, total: int | None = None) -> None:
    values = {"processed": processed}
    if total is not None:
        values["total"] = total
    BackgroundJob.objects.filter(pk=job_id, status=JobStatus.IN_PROCESS).update(**values)


def job_step(job_id: int, message: str) -> None:
    """What a running job is doing now: its message until it finishes."""
    BackgroundJob.objects.filter(pk=job_id, status=JobStatus.IN_PROCESS).update(message=message)


def job_cancel_requested(job_id: int) -> bool:
    return BackgroundJob.objects.filter(pk=job_id, cancel_requested=True).exists()


def job_finish(
    job_id: int,
    *,
    status: str = JobStatus.COMPLETED,
    message: str = "",
    result: dict | None = None,
    succeeded: int | None = None,
    failed: int | None = None,
    processed: int | None = None,
    file_path: str | None = None,
) -> None:
    values: dict = {"status": status, "message": message, "finished_at": timezone.now()}
    if file_path is not None:
        values["file_path"] = file_path
    if result is not None:
        values["result"] = result
    if succeeded is not None:
        values["succeeded"] = succeeded
    if failed is not None:
        values["failed"] = failed
    if processed is not None:
        values["processed"] = processed
        values["total"] = processed
    elif status == JobStatus.COMPLETED:
        values["processed"] = F("total")
    BackgroundJob.objects.filter(pk=job_id).update(**values)


def job_fail(job_id: int, message: str) -> None:
    job_finish(job_id, status=JobStatus.FAILED, message=message)


def job_cancel(job_id: int) -> BackgroundJob:
    """A pending job is cancelled at once; a running one is asked to stop (it checks
    between chunks and then applies nothing)."""
    with transaction.atomic():
        job = BackgroundJob.objects.select_for_update().get(pk=job_id)
        if not job.cancellable or job.status not in ACTIVE_STATUSES:
            raise ValidationFailed(NOT_CANCELLABLE)
        job.cancel_requested = True
        fields = ["cancel_requested"]
        if job.status == JobStatus.PENDING:
            job.status = JobStatus.CANCELLED
            job.finished_at = timezone.now()
            job.message = "Cancelled."
            fields += ["status", "finished_at", "message"]
        job.save(update_fields=fields)
    return job
