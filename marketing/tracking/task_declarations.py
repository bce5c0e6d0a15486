"""Tracking's tasks, declared once (core.tasks.TaskDeclaration): the batch writer of the
opens and clicks the endpoints queued, every few seconds, and the purge of old batch ids."""

from core.tasks import Beat, TaskDeclaration

EVENTS_FLUSH = "tracking.events_flush"
FLUSHED_BATCHES_PURGE = "tracking.flushed_batches_purge"

TASKS = (
    TaskDeclaration(
        EVENTS_FLUSH,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("write queued opens and clicks", every=5),
    ),
    TaskDeclaration(
        FLUSHED_BATCHES_PURGE,
        queue="default",
        soft_time_limit=300,
        grace=60,
        beat=Beat("forget old tracking batch ids", every=86400),
    ),
)
