"""Segment background tasks: thin calls into the services, sent by name. A job's task
runs under its job's lease (marketing/jobs/runner.py)."""

from celery import shared_task
from django.conf import settings

from core.tasks import BULK_RETRY
from marketing.jobs.runner import JobTask
from marketing.segments.services.exports import segment_export_write


@shared_task(
    name="segments.export_run",
    base=JobTask,
    soft_time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
)
def segment_export_run(job_id: int) -> None:
    segment_export_write(job_id)
