"""Segments' tasks, declared once (core.tasks.TaskDeclaration): a segment's export (a job)
and the recount of dynamic segments every five minutes."""

from core.tasks import BULK_RETRY, Beat, TaskDeclaration

EXPORT_RUN = "segments.export_run"
COUNTS_REFRESH = "segments.counts_refresh"

TASKS = (
    TaskDeclaration(
        EXPORT_RUN,
        queue="bulk",
        soft_time_limit="IMPORT_TASK_SOFT_TIME_LIMIT",
        grace=120,
        retry=BULK_RETRY,
        client_required=True,
    ),
    TaskDeclaration(
        COUNTS_REFRESH,
        queue="bulk",
        soft_time_limit=600,
        grace=60,
        beat=Beat("recount dynamic segments", every=300),
    ),
)
