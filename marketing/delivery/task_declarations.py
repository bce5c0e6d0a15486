"""Delivery's tasks, declared once (core.tasks.TaskDeclaration): a send's bounded run on the
`send` queue (a test send's or transactional mail's on `transactional`), the breaker's
alert to admins, and the sweep that wakes sends every minute."""

from core.tasks import PIPELINE_MAIL_RETRY, PIPELINE_RETRY, Beat, TaskDeclaration

SEND_RUN = "delivery.send_run"
TRANSACTIONAL_RUN = "delivery.send_run_transactional"
BREAKER_ALERT_SEND = "delivery.breaker_alert_send"
SWEEP = "delivery.sweep"


def _run(name: str, queue: str) -> TaskDeclaration:
    return TaskDeclaration(
        name,
        queue=queue,
        soft_time_limit=120,
        grace=60,
        retry=PIPELINE_RETRY,
        client_required=True,
    )


TASKS = (
    _run(SEND_RUN, "send"),
    _run(TRANSACTIONAL_RUN, "transactional"),
    TaskDeclaration(
        BREAKER_ALERT_SEND,
        queue="transactional",
        soft_time_limit=60,
        grace=30,
        retry=PIPELINE_MAIL_RETRY,
        client_required=True,
    ),
    TaskDeclaration(
        SWEEP,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("wake sends with due deliveries", every=60),
    ),
)
