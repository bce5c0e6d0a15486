"""Segment background tasks: thin calls into the services, sent by name. A job's task
runs under its job's lease (marketing/jobs/runner.py)."""

from datetime import timedelta

from celery import shared_task
from django.conf import settings

from core.tasks import BULK_RETRY
from core.tenancy import clients_each
from marketing.jobs.runner import JobTask
from marketing.segments.services.exports import segment_export_write
from marketing.segments.services.segments import dynamic_counts_refresh


@shared_task(
    name="segments.export_run",
    base=JobTask,
    soft_time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
)
def segment_export_run(job_id: int) -> None:
    segment_export_write(job_id)


@shared_task(name="segments.counts_refresh", soft_time_limit=600, time_limit=660)
def segment_counts_refresh() -> dict[str, int]:
    """Every client's dynamic segments counted more than SEGMENT_RECOUNT_MINUTES ago,
    recounted in the client's time zone (public schema task, scheduled by beat). Returns
    {schema: segments recounted} where any were."""
    refreshed = {}
    older_than = timedelta(minutes=settings.SEGMENT_RECOUNT_MINUTES)
    for client in clients_each():
        count = dynamic_counts_refresh(time_zone=client.time_zone, older_than=older_than)
        if count:
            refreshed[client.schema_name] = count
    return refreshed
