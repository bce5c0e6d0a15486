"""Audience background tasks: thin calls into the services, by name (services send them
with core.tasks.enqueue_on_commit, never by importing this module), declared in
task_declarations.py. Each is bound to the client that sent it (client_required),
late-acknowledged, retried on transient errors, and safe to run twice: a job's task runs
under its job's lease (marketing/jobs/runner.py), and the inspection is skipped once the
upload has been read."""

import logging

from core.errors import ServiceError
from core.tasks import declared_task
from marketing.audience.services.exports import export_run
from marketing.audience.services.imports import import_inspect
from marketing.audience.services.imports.pipeline import import_run
from marketing.audience.task_declarations import (
    IMPORT_INSPECT,
    PROFILE_EXPORT_RUN,
    PROFILE_IMPORT_RUN,
)
from marketing.jobs.runner import JobTask

logger = logging.getLogger(__name__)


@declared_task(IMPORT_INSPECT)
def import_inspect_run(import_id: int) -> None:
    """Read an uploaded .xlsx file: never in the web request (a workbook is a zip, and
    python-calamine holds its sheet in memory)."""
    import_inspect(import_id)


@declared_task(PROFILE_IMPORT_RUN, base=JobTask)
def profile_import_run(import_id: int) -> None:
    try:
        import_run(import_id)
    except ServiceError as exc:  # an expected outcome (e.g. 'Limit Exceeds'); job says so
        logger.info("import %s refused: %s", import_id, exc.message)


@declared_task(PROFILE_EXPORT_RUN, base=JobTask)
def profile_export_run(job_id: int) -> None:
    export_run(job_id)
