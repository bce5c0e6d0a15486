"""The jobs framework's periodic task (public schema), scheduled by celery beat
(CELERY_BEAT_SCHEDULE in config/settings/celery.py)."""

import logging

from celery import shared_task
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from marketing.jobs.services import jobs_lost_resend

logger = logging.getLogger(__name__)


@shared_task(name="jobs.lost_jobs_sweep", soft_time_limit=120, time_limit=150)
def lost_jobs_sweep() -> dict[str, tuple[int, int]]:
    """In every client's schema, send again the tasks of jobs whose message was lost
    (services.jobs_lost_resend). Returns {schema: (resent, failed)} where anything
    happened."""
    swept = {}
    schemas = (
        get_tenant_model()
        .objects.exclude(schema_name=get_public_schema_name())
        .values_list("schema_name", flat=True)
    )
    for schema in schemas:
        with schema_context(schema):
            resent, failed = jobs_lost_resend()
        if resent or failed:
            swept[schema] = (resent, failed)
            logger.warning("lost jobs in %s: %s sent again, %s failed", schema, resent, failed)
    return swept
