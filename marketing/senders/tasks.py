"""Senders tasks: thin calls into the services."""

from celery import shared_task

from core.tasks import ClientTask, retry_policy
from marketing.senders.services.activation import ACTIVATION_MAIL_TASK, activation_mail_send

# Someone waits for this mail: quick tries, also when the mail server refuses for now.
_SMTP_RETRY = retry_policy(max_retries=4, first_delay=2, max_delay=20, mail=True)


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
