"""Segment background tasks: thin calls into the services, sent by name, declared in
task_declarations.py. A job's task runs under its job's lease (marketing/jobs/runner.py)."""

from datetime import timedelta

from django.conf import settings

from core.tasks import declared_task
from core.tenancy import clients_each
from marketing.jobs.runner import JobTask
from marketing.segments.services.exports import segment_export_write
from marketing.segments.services.segments import dynamic_counts_refresh
from marketing.segments.task_declarations import COUNTS_REFRESH, EXPORT_RUN


@declared_task(EXPORT_RUN, base=JobTask)
def segment_export_run(job_id: int) -> None:
    segment_export_write(job_id)


@declared_task(COUNTS_REFRESH)
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
