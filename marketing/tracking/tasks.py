"""Tracking tasks: the batch writer, run by beat every few seconds (and until the queue is
empty, within its time limit); declared in task_declarations.py."""

import datetime

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.tracking.services import events_flush, flushed_batches_purge
from marketing.tracking.task_declarations import EVENTS_FLUSH, FLUSHED_BATCHES_PURGE


@declared_task(EVENTS_FLUSH)
def tracking_events_flush() -> int:
    return events_flush()


@declared_task(FLUSHED_BATCHES_PURGE)
def tracking_flushed_batches_purge() -> None:
    clients_each_isolated(
        lambda _client: flushed_batches_purge(older_than=datetime.timedelta(days=2)),
        task=FLUSHED_BATCHES_PURGE,
    )
