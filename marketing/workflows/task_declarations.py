"""Workflows' tasks, declared once (core.tasks.TaskDeclaration): the per-client runner of
due steps, beat's sweep of the due-time index every 2 s (timers, passed leases, retries)
and the minute's sweep of segment entries and date fields."""

from core.tasks import PIPELINE_RETRY, Beat, TaskDeclaration

ENROLLMENTS_RUN = "workflows.enrollments_run"
SWEEP = "workflows.sweep"
TRIGGERS_SWEEP = "workflows.triggers_sweep"

TASKS = (
    TaskDeclaration(
        ENROLLMENTS_RUN,
        queue="default",
        soft_time_limit=120,
        grace=60,
        retry=PIPELINE_RETRY,
        client_required=True,
    ),
    TaskDeclaration(
        SWEEP,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("run due workflow steps", every=2),
    ),
    TaskDeclaration(
        TRIGGERS_SWEEP,
        queue="bulk",
        soft_time_limit=240,
        grace=60,
        beat=Beat("enroll segment entries and date fields", every=60),
    ),
)
