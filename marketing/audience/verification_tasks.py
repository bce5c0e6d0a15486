"""Celery tasks of email verification (in CELERY_IMPORTS: config/settings/verification.py)."""

from celery import shared_task

from core.tasks import BULK_RETRY
from marketing.audience.services.verification import verification_job_process
from marketing.jobs.runner import JobTask


@shared_task(
    name="audience.verify_profiles",
    base=JobTask,
    bind=True,
    soft_time_limit=300,
    time_limit=360,
    **BULK_RETRY,
)
def verify_profiles(self, job_id: int) -> None:
    """Verify a job's profiles for up to the time budget, then re-queue the rest (in the
    same client's schema: tenant-schemas-celery stamps it on the message). A failure is
    the job's (JobTask), with its kind's message."""
    if not verification_job_process(job_id):
        self.apply_async(args=[job_id])
