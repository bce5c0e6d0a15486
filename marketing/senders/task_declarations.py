"""Senders' task, declared once (core.tasks.TaskDeclaration): a sender's activation mail,
which someone waits for."""

from core.tasks import INTERACTIVE_MAIL_RETRY, TaskDeclaration

ACTIVATION_MAIL_SEND = "senders.activation_mail_send"

TASKS = (
    TaskDeclaration(
        ACTIVATION_MAIL_SEND,
        queue="default",
        soft_time_limit=60,
        grace=30,
        retry=INTERACTIVE_MAIL_RETRY,
        client_required=True,
    ),
)
