"""The jobs framework's periodic task (public schema), scheduled by celery beat (declared
in task_declarations.py)."""

import logging

from core.tasks import declared_task
from core.tenancy import clients_each
from marketing.jobs.services import jobs_lost_resend
from marketing.jobs.task_declarations import LOST_JOBS_SWEEP

logger = logging.getLogger(__name__)


@declared_task(LOST_JOBS_SWEEP)
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
