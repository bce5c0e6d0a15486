"""The jobs framework's task, declared once (core.tasks.TaskDeclaration): the sweep that
sends again the tasks of lost jobs, every minute."""

from core.tasks import Beat, TaskDeclaration

LOST_JOBS_SWEEP = "jobs.lost_jobs_sweep"

TASKS = (
    TaskDeclaration(
        LOST_JOBS_SWEEP,
        queue="default",
        soft_time_limit=120,
        grace=30,
        beat=Beat("send again the tasks of lost jobs", every=60),
    ),
)
