"""Senders tasks: thin calls into the services."""

from celery import shared_task

from core.tasks import INTERACTIVE_RETRY, ClientTask
from marketing.senders.services.activation import ACTIVATION_MAIL_TASK, activation_mail_send

# The mail server refusing for now or unreachable is worth another try.
_SMTP_RETRY = {**INTERACTIVE_RETRY, "autoretry_for": (*INTERACTIVE_RETRY["autoretry_for"], OSError)}


@shared_task(
    name=ACTIVATION_MAIL_TASK,
    base=ClientTask,
    client_required=True,
    soft_time_limit=60,
    time_limit=90,
    **_SMTP_RETRY,
)
def activation_mail_send_task(sender_id: int) -> bool:
    return activation_mail_send(sender_id=sender_id)
