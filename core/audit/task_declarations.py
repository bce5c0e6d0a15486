"""The audit trail's task, declared once (core.tasks.TaskDeclaration): its retention purge,
nightly, in every client's schema."""

from core.tasks import Beat, TaskDeclaration

TRAIL_PURGE = "audit.trail_purge"

TASKS = (
    TaskDeclaration(
        TRAIL_PURGE,
        queue="default",
        soft_time_limit=1800,
        grace=60,
        beat=Beat("purge the audit trail past its retention", every=86400),
    ),
)
