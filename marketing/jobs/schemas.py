from datetime import datetime
from typing import Literal

from ninja import Schema

from core.pagination import PageOut, PageQuery
from marketing.jobs.kinds import job_kind_label
from marketing.jobs.models import ACTIVE_STATUSES, BackgroundJob, JobStatus
from marketing.jobs.selectors import job_file_id


class JobOut(Schema):
    id: int
    kind: str
    kindLabel: str
    title: str
    status: Literal[tuple(JobStatus.values)]
    progress: int
    total: int
    processed: int
    succeeded: int
    failed: int
    message: str
    startedBy: str
    createdAt: datetime
    startedAt: datetime | None
    finishedAt: datetime | None
    cancellable: bool
    cancelRequested: bool
    result: dict
    # Set when the job made a file: what downloadBase64 takes as its filePath.
    fileId: str | None


class JobListQuery(PageQuery):
    status: str | None = None
    kind: str | None = None


class JobPageOut(PageOut):
    items: list[JobOut]


class JobIdOut(Schema):
    jobId: int


def job_out(job: BackgroundJob) -> dict:
    return {
        "id": job.pk,
        "kind": job.kind,
        "kindLabel": job_kind_label(job.kind),
        "title": job.title,
        "status": job.status,
        "progress": job.progress,
        "total": job.total,
        "processed": job.processed,
        "succeeded": job.succeeded,
        "failed": job.failed,
        "message": job.message,
        "startedBy": job.started_by_email,
        "createdAt": job.created_at,
        "startedAt": job.started_at,
        "finishedAt": job.finished_at,
        "cancellable": job.cancellable and job.status in ACTIVE_STATUSES,
        "cancelRequested": job.cancel_requested,
        "result": job.result or {},
        "fileId": job_file_id(job),
    }
