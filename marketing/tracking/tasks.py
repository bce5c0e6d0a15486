"""Tracking tasks: the batch writer, run by beat every few seconds (and until the queue is
empty, within its time limit)."""

import datetime

from celery import shared_task

from core.tenancy import clients_each_isolated
from marketing.tracking.services import events_flush, flushed_batches_purge


@shared_task(name="tracking.events_flush", soft_time_limit=50, time_limit=60)
def tracking_events_flush() -> int:
    return events_flush()


@shared_task(name="tracking.flushed_batches_purge", soft_time_limit=300, time_limit=360)
def tracking_flushed_batches_purge() -> None:
    clients_each_isolated(
        lambda _client: flushed_batches_purge(older_than=datetime.timedelta(days=2)),
        task="tracking.flushed_batches_purge",
    )
