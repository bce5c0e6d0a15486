from django.db.models import QuerySet

from core.errors import NotFound, invalid_field
from core.messages import UNKNOWN_STATUS
from marketing.jobs.kinds import job_kind_values
from marketing.jobs.messages import JOB_NOT_FOUND, NO_FILE, UNKNOWN_KIND
from marketing.jobs.models import BackgroundJob, JobStatus

FILE_ID_PREFIX = "jobs/"


def job_get(job_id: int) -> BackgroundJob:
    job = BackgroundJob.objects.filter(pk=job_id).first()
    if job is None:
        raise NotFound(JOB_NOT_FOUND)
    return job


def job_file_id(job: BackgroundJob) -> str | None:
    """How the job's file is named to a browser: by the job, never by where it is kept."""
    if job.status != JobStatus.COMPLETED or not job.file_path:
        return None
    return f"{FILE_ID_PREFIX}{job.pk}"


def job_for_file(file_id: str) -> BackgroundJob:
    """The finished job whose file `file_id` names (NotFound for anything else)."""
    number = file_id.removeprefix(FILE_ID_PREFIX) if file_id.startswith(FILE_ID_PREFIX) else ""
    if not number.isascii() or not number.isdigit() or len(number) > 18:
        raise NotFound(NO_FILE)
    job = BackgroundJob.objects.filter(pk=int(number)).first()
    if job is None or job_file_id(job) is None:
        raise NotFound(NO_FILE)
    return job


def job_list(*, status: str | None = None, kind: str | None = None) -> QuerySet[BackgroundJob]:
    jobs = BackgroundJob.objects.order_by("-created_at", "-id")
    if status:
        if status not in JobStatus.values:
            raise invalid_field("status", UNKNOWN_STATUS)
        jobs = jobs.filter(status=status)
    if kind:
        if kind not in job_kind_values():
            raise invalid_field("kind", UNKNOWN_KIND)
        jobs = jobs.filter(kind=kind)
    return jobs
