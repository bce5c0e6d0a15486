"""Audience background tasks. Each is bound to the client that sent it
(client_required), late-acknowledged and safe to run twice: the job row says whether
there is still work (a finished or cancelled job is skipped)."""

import logging

from django.conf import settings

from config.celery import app
from config.errors import ServiceError

logger = logging.getLogger(__name__)

LONG_JOB = {
    "client_required": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "soft_time_limit": settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    "time_limit": settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
}


@app.task(
    name="audience.import_inspect",
    client_required=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=settings.IMPORT_INSPECT_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_INSPECT_SOFT_TIME_LIMIT + 60,
)
def import_inspect_run(import_id: int) -> None:
    """Read an uploaded .xlsx file: never in the web request (a workbook is a zip, and
    python-calamine holds its sheet in memory)."""
    from marketing.audience.services.imports import import_inspect

    import_inspect(import_id)


@app.task(name="audience.profile_import_run", **LONG_JOB)
def profile_import_run(import_id: int) -> None:
    from marketing.audience.services.imports.pipeline import import_run

    try:
        import_run(import_id)
    except ServiceError as exc:  # an expected outcome (e.g. 'Limit Exceeds'); job says so
        logger.info("import %s refused: %s", import_id, exc.message)


@app.task(name="audience.profile_export_run", **LONG_JOB)
def profile_export_run(job_id: int) -> None:
    from marketing.audience.services.exports import export_run

    export_run(job_id)
