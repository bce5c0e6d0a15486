"""The summary-notification sweep: beat runs it every minute (task_declarations.py); in
each client it sends the digests that are due (digests.py), each at most once."""

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.workflows.summary.digests import summaries_due_send
from marketing.workflows.summary.task_declarations import SUMMARY_TICK


@declared_task(SUMMARY_TICK)
def summary_notifications_tick() -> dict[str, int]:
    """{schema: digests sent} for the clients that sent any."""
    sent = clients_each_isolated(summaries_due_send, task=SUMMARY_TICK)
    return {schema: len(ids) for schema, ids in sent.items() if ids}
