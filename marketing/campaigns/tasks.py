"""Campaign tasks: thin calls into services/sending.py. Beat's tick visits every client
each minute: it sends the start of each due campaign and lets started campaigns take their
send's status. The start itself is idempotent (services/sending.py), so a tick that
overlaps the previous one, or a redelivered message, starts nothing twice."""

from celery import shared_task
from django.conf import settings

from core.tasks import BULK_RETRY, TRANSIENT_ERRORS, ClientTask, enqueue_on_commit
from core.tenancy import clients_each
from marketing.campaigns.services.report_export import EXPORT_TASK, report_export_write
from marketing.campaigns.services.sending import (
    CAMPAIGN_START,
    campaign_start,
    campaign_statuses_follow,
    campaigns_due,
)
from marketing.jobs.runner import JobTask


@shared_task(
    name=CAMPAIGN_START,
    base=ClientTask,
    client_required=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=600,
    time_limit=660,
    autoretry_for=TRANSIENT_ERRORS,
    max_retries=5,
    retry_backoff=5,
    retry_jitter=True,
)
def campaign_start_run(campaign_id: int) -> str:
    return campaign_start(campaign_id=campaign_id)


@shared_task(name="campaigns.schedule_tick", soft_time_limit=50, time_limit=60)
def schedule_tick() -> dict[str, dict[str, int]]:
    """In every client: start the due campaigns, and move started ones to their send's
    status. Returns {schema: {"started": n, "followed": m}} for the clients with news."""
    news = {}
    for client in clients_each():
        due = campaigns_due()
        for campaign_id in due:
            enqueue_on_commit(CAMPAIGN_START, campaign_id=campaign_id)
        followed = campaign_statuses_follow()
        if due or followed:
            news[client.schema_name] = {"started": len(due), "followed": followed}
    return news


@shared_task(
    name=EXPORT_TASK,
    base=JobTask,
    soft_time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.IMPORT_TASK_SOFT_TIME_LIMIT + 120,
    **BULK_RETRY,
)
def report_export_run(job_id: int) -> None:
    """A report's recipient list as CSV (services/report_export.py)."""
    report_export_write(job_id)
