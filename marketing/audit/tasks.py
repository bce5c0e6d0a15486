"""Audit trail background tasks: thin calls into the services, sent by name
(config.tasks.enqueue_on_commit). A job's task runs under its job's lease
(marketing/jobs/runner.py): bound to its client, late-acknowledged, retried on transient
errors, safe to run twice."""

from django.conf import settings

from config.celery import app
from config.tasks import BULK_RETRY
from marketing.audit.services.export_file import activity_export_write
from marketing.jobs.runner import JobTask


@app.task(
    name="audit.activity_export_run",
    base=JobTask,
    soft_time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
)
def activity_export_run(job_id: int) -> None:
    activity_export_write(job_id)
