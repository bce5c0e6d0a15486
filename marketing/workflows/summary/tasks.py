"""The summary-notification sweep: beat runs it every minute (CELERY_BEAT_SCHEDULE); in
each client it sends the digests that are due (digests.py), each at most once."""

from celery import shared_task

from core.tenancy import clients_each_isolated
from marketing.workflows.summary.digests import summaries_due_send

SUMMARY_TICK = "summary.notifications_tick"


@shared_task(name=SUMMARY_TICK, soft_time_limit=50, time_limit=60)
def summary_notifications_tick() -> dict[str, int]:
    """{schema: digests sent} for the clients that sent any."""
    sent = clients_each_isolated(summaries_due_send, task=SUMMARY_TICK)
    return {schema: len(ids) for schema, ids in sent.items() if ids}
