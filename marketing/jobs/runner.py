"""The base of every task that runs a BackgroundJob (`base=JobTask`): what happens around the
service that does the work, so that each task stays a thin call.

- A duplicate delivery (JobBusy: another run holds the lease) does nothing and exits. So
  that a job whose worker died is not left behind, it sends the same message again for
  when the lease will have expired; that one finds the job finished (nothing to do), still
  held (again), or abandoned (it takes over).
- A run that lost its lease (JobLeaseLost) exits without touching the job.
- A cancel the service did not handle itself finishes the job as Cancelled.
- Transient errors (core.tasks.TRANSIENT_ERRORS) are retried by the task's retry policy;
  the run releases its lease first so the retry can claim the job at once.
- Anything else, or a transient error past the last retry, fails the job with its kind's
  message (kinds.py), which a person can read."""

import logging
import random

from celery.exceptions import Ignore, Reject, Retry
from django.db import connection

from core.tasks import TRANSIENT_ERRORS, ClientTask
from marketing.jobs import services as jobs
from marketing.jobs.kinds import job_failure_message
from marketing.jobs.messages import UNAVAILABLE
from marketing.jobs.models import JobStatus

logger = logging.getLogger(__name__)

# Seconds added to a follow-up's delay, so that duplicates do not all come back at once.
FOLLOW_UP_JITTER = (1.0, 5.0)


def failure_message(kind: str, exc: BaseException) -> str:
    message = job_failure_message(kind)
    if isinstance(exc, TRANSIENT_ERRORS):
        return f"{message} {UNAVAILABLE}"
    return message


class JobTask(ClientTask):
    abstract = True
    client_required = True
    acks_late = True
    reject_on_worker_lost = True

    def __call__(self, *args, **kwargs):
        with jobs.job_claims_recorded() as claims:
            try:
                return super().__call__(*args, **kwargs)
            except jobs.JobBusy as busy:
                self._follow_up(busy)
            except jobs.JobLeaseLost as lost:
                logger.warning("%s[%s]: %s; stopped", self.name, self.request.id, lost)
            except jobs.JobCancelled:
                self._settle(claims, status=JobStatus.CANCELLED, message=jobs.CANCELLED_MESSAGE)
            except (Retry, Ignore, Reject):
                raise
            except Exception as exc:
                if claims:
                    message = failure_message(claims[-1].job.kind, exc)
                    self._settle(claims, status=JobStatus.FAILED, message=message)
                raise
        return None

    def retry(self, *args, **kwargs):
        """Before a retry is sent, the run lets go of the job so the retry can claim it."""
        max_retries = kwargs.get("max_retries", self.max_retries)
        if max_retries is None or self.request.retries < max_retries:
            for run in jobs.job_runs_claimed():
                _quietly(jobs.job_release, run)
        return super().retry(*args, **kwargs)

    def _follow_up(self, busy: jobs.JobBusy) -> None:
        if self.request.is_eager:  # no broker, no redelivery: the holder is this process
            logger.info("%s: %s; duplicate call skipped", self.name, busy)
            return
        delay = busy.retry_in + random.uniform(*FOLLOW_UP_JITTER)
        logger.info("%s[%s]: %s; checking again in %.0f s", self.name, self.request.id, busy, delay)
        self.apply_async(args=self.request.args, kwargs=self.request.kwargs, countdown=delay)

    def _settle(self, claims: list[jobs.JobRun], *, status: JobStatus, message: str) -> None:
        if claims:
            _quietly(jobs.job_finish, claims[-1], status=status, message=message)


def _quietly(call, *args, **kwargs) -> None:
    """A write about a run that is ending: if the run lost the job meanwhile, or the
    database is what failed, the lease expiring is the fallback."""
    if not connection.in_atomic_block:
        connection.close_if_unusable_or_obsolete()
    try:
        call(*args, **kwargs)
    except jobs.JobLeaseLost:
        pass
    except Exception:  # noqa: BLE001 - reported, never hides the error being handled
        logger.exception("could not record the end of a job run")
