"""Audience's tasks, declared once (core.tasks.TaskDeclaration): an upload's inspection
(someone waits: default queue), and the import, export and verification jobs (bulk)."""

from core.tasks import BULK_RETRY, INTERACTIVE_RETRY, TaskDeclaration

IMPORT_INSPECT = "audience.import_inspect"
PROFILE_IMPORT_RUN = "audience.profile_import_run"
PROFILE_EXPORT_RUN = "audience.profile_export_run"
VERIFY_PROFILES = "audience.verify_profiles"


def _long_job(name: str) -> TaskDeclaration:
    return TaskDeclaration(
        name,
        queue="bulk",
        soft_time_limit="IMPORT_TASK_SOFT_TIME_LIMIT",
        grace=120,
        retry=BULK_RETRY,
        client_required=True,
    )


TASKS = (
    TaskDeclaration(
        IMPORT_INSPECT,
        queue="default",
        soft_time_limit="IMPORT_INSPECT_SOFT_TIME_LIMIT",
        grace=60,
        retry=INTERACTIVE_RETRY,
        client_required=True,
    ),
    _long_job(PROFILE_IMPORT_RUN),
    _long_job(PROFILE_EXPORT_RUN),
    # A bounded stretch of verification; the task sends itself again for the rest.
    TaskDeclaration(
        VERIFY_PROFILES,
        queue="bulk",
        soft_time_limit=300,
        grace=60,
        retry=BULK_RETRY,
        client_required=True,
    ),
)
