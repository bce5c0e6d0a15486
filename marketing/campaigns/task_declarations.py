"""Campaigns' tasks, declared once (core.tasks.TaskDeclaration): the runners (start, A/B
winner, resend, status following), beat's tick every minute, and a report's recipient
export (a job)."""

from core.tasks import BULK_RETRY, PIPELINE_RETRY, Beat, TaskDeclaration

CAMPAIGN_START = "campaigns.campaign_start"
AB_WINNER_PICK = "campaigns.ab_winner_pick"
RESEND_SEND = "campaigns.resend_send"
STATUSES_FOLLOW = "campaigns.statuses_follow"
SCHEDULE_TICK = "campaigns.schedule_tick"
REPORT_EXPORT_RUN = "campaigns.report_export_run"


def _runner(name: str, queue: str) -> TaskDeclaration:
    return TaskDeclaration(
        name,
        queue=queue,
        soft_time_limit=600,
        grace=60,
        retry=PIPELINE_RETRY,
        client_required=True,
    )


TASKS = (
    _runner(CAMPAIGN_START, "send"),
    _runner(AB_WINNER_PICK, "send"),
    _runner(RESEND_SEND, "send"),
    _runner(STATUSES_FOLLOW, "default"),
    TaskDeclaration(
        SCHEDULE_TICK,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("start due campaigns", every=60),
    ),
    TaskDeclaration(
        REPORT_EXPORT_RUN,
        queue="bulk",
        soft_time_limit="IMPORT_TASK_SOFT_TIME_LIMIT",
        grace=120,
        retry=BULK_RETRY,
        client_required=True,
    ),
)
