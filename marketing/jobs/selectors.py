from django.db.models import QuerySet

from config.errors import NotFound, ValidationFailed
from marketing.jobs.models import BackgroundJob, JobKind, JobStatus


def job_get(job_id: int) -> BackgroundJob:
    job = BackgroundJob.objects.filter(pk=job_id).first()
    if job is None:
        raise NotFound("Job not found.")
    return job


def job_list(*, status: str | None = None, kind: str | None = None) -> QuerySet[BackgroundJob]:
    jobs = BackgroundJob.objects.order_by("-created_at", "-id")
    if status:
        if status not in JobStatus.values:
            raise ValidationFailed("Invalid Request", errors={"status": ["Unknown status."]})
        jobs = jobs.filter(status=status)
    if kind:
        if kind not in JobKind.values:
            raise ValidationFailed("Invalid Request", errors={"kind": ["Unknown kind."]})
        jobs = jobs.filter(kind=kind)
    return jobs
