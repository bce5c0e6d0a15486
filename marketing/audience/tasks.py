"""Audience background tasks: thin calls into the services, by name (services send them
with core.tasks.enqueue_on_commit, never by importing this module). Each is bound to the
client that sent it (client_required), late-acknowledged, retried on transient errors,
and safe to run twice: a job's task runs under its job's lease (marketing/jobs/runner.py),
and the inspection is skipped once the upload has been read."""

import logging

from celery import shared_task
from django.conf import settings

from core.errors import ServiceError
from core.tasks import BULK_RETRY, INTERACTIVE_RETRY
from marketing.audience.services.exports import export_run
from marketing.audience.services.imports import import_inspect
from marketing.audience.services.imports.pipeline import import_run
from marketing.jobs.runner import JobTask

logger = logging.getLogger(__name__)

LONG_JOB = {
    "base": JobTask,
    "soft_time_limit": settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    "time_limit": settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
}


@shared_task(
    name="audience.import_inspect",
    client_required=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.IMPORT_INSPECT_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_INSPECT_SOFT_TIME_LIMIT + 60,
    **INTERACTIVE_RETRY,
)
def import_inspect_run(import_id: int) -> None:
    """Read an uploaded .xlsx file: never in the web request (a workbook is a zip, and
    python-calamine holds its sheet in memory)."""
    import_inspect(import_id)


@shared_task(name="audience.profile_import_run", **LONG_JOB)
def profile_import_run(import_id: int) -> None:
    try:
        import_run(import_id)
    except ServiceError as exc:  # an expected outcome (e.g. 'Limit Exceeds'); job says so
        logger.info("import %s refused: %s", import_id, exc.message)


@shared_task(name="audience.profile_export_run", **LONG_JOB)
def profile_export_run(job_id: int) -> None:
    export_run(job_id)
