"""The jobs framework's periodic task (public schema), scheduled by celery beat
(CELERY_BEAT_SCHEDULE in config/settings/celery.py)."""

import logging

from celery import shared_task

from core.tenancy import clients_each
from marketing.jobs.services import jobs_lost_resend

logger = logging.getLogger(__name__)


@shared_task(name="jobs.lost_jobs_sweep", soft_time_limit=120, time_limit=150)
def lost_jobs_sweep() -> dict[str, tuple[int, int]]:
    """In every client's schema, send again the tasks of jobs whose message was lost
    (services.jobs_lost_resend). Returns {schema: (resent, failed)} where anything
    happened."""
    swept = {}
    for client in clients_each():
        resent, failed = jobs_lost_resend()
        if resent or failed:
            swept[client.schema_name] = (resent, failed)
            logger.warning(
                "lost jobs in %s: %s sent again, %s failed", client.schema_name, resent, failed
            )
    return swept
