from django.db.models import QuerySet

from config.errors import NotFound, ValidationFailed
from marketing.jobs.models import BackgroundJob, JobKind, JobStatus

PAGE_SIZES = (10, 20, 30)


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


MAX_PAGE = 1_000_000


def paginate(queryset, *, page: int, page_size: int) -> dict:
    if page_size not in PAGE_SIZES:
        raise ValidationFailed(
            "Invalid Request", errors={"pageSize": ["Page size must be 10, 20 or 30."]}
        )
    if not 1 <= page <= MAX_PAGE:
        raise ValidationFailed(
            "Invalid Request", errors={"page": [f"Page must be between 1 and {MAX_PAGE}."]}
        )
    start = (page - 1) * page_size
    return {
        "items": list(queryset[start : start + page_size]),
        "total": queryset.count(),
        "page": page,
        "pageSize": page_size,
    }
