"""Celery tasks of email verification (in CELERY_IMPORTS: config/settings/verification.py),
declared in task_declarations.py."""

from core.tasks import declared_task
from marketing.audience.services.verification import verification_job_process
from marketing.audience.task_declarations import VERIFY_PROFILES
from marketing.jobs.runner import JobTask


@declared_task(VERIFY_PROFILES, base=JobTask, bind=True)
def verify_profiles(self, job_id: int) -> None:
    """Verify a job's profiles for up to the time budget, then re-queue the rest (in the
    same client's schema: tenant-schemas-celery stamps it on the message). A failure is
    the job's (JobTask), with its kind's message."""
    if not verification_job_process(job_id):
        self.apply_async(args=[job_id])
