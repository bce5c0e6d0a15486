"""Audit trail background tasks: thin calls into the services, sent by name
(core.tasks.enqueue_on_commit). A job's task runs under its job's lease
(marketing/jobs/runner.py): bound to its client, late-acknowledged, retried on transient
errors, safe to run twice."""

from celery import shared_task
from django.conf import settings

from core.tasks import BULK_RETRY
from marketing.activity.services.export_file import activity_export_write
from marketing.jobs.runner import JobTask


@shared_task(
    name="audit.activity_export_run",
    base=JobTask,
    soft_time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
)
def activity_export_run(job_id: int) -> None:
    activity_export_write(job_id)
