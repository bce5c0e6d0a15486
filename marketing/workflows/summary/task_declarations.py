"""Summary notifications' task, declared once (core.tasks.TaskDeclaration): beat's sweep of
due digests every minute."""

from core.tasks import Beat, TaskDeclaration

SUMMARY_TICK = "summary.notifications_tick"

TASKS = (
    TaskDeclaration(
        SUMMARY_TICK,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("send due summary notifications", every=60),
    ),
)
