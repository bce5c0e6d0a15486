"""Celery tasks of email verification (in CELERY_IMPORTS: config/settings/verification.py)."""

import logging

from config.celery import app
from marketing.audience.services.verification import (
    verification_job_fail,
    verification_job_process,
)

logger = logging.getLogger(__name__)

FAILED_MESSAGE = "Something went wrong."


@app.task(
    name="audience.verify_profiles",
    client_required=True,
    bind=True,
    soft_time_limit=300,
    time_limit=360,
)
def verify_profiles(self, job_id: int) -> None:
    """Verify a job's profiles for up to the time budget, then re-queue the rest (in the
    same client's schema: tenant-schemas-celery stamps it on the message)."""
    try:
        finished = verification_job_process(job_id)
    except Exception:
        logger.exception("verification job %s failed", job_id)
        verification_job_fail(job_id, FAILED_MESSAGE)
        raise
    if not finished:
        self.apply_async(args=[job_id])
