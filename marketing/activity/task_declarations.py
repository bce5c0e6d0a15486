"""The Activity screen's task, declared once (core.tasks.TaskDeclaration): the trail's
export, a job (base JobTask)."""

from core.tasks import BULK_RETRY, TaskDeclaration

ACTIVITY_EXPORT_RUN = "audit.activity_export_run"

TASKS = (
    TaskDeclaration(
        ACTIVITY_EXPORT_RUN,
        queue="bulk",
        soft_time_limit="IMPORT_TASK_SOFT_TIME_LIMIT",
        grace=120,
        retry=BULK_RETRY,
        client_required=True,
    ),
)
