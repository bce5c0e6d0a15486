"""Senders tasks: thin calls into the services, declared in task_declarations.py."""

from core.tasks import declared_task
from marketing.senders.services.activation import activation_mail_send
from marketing.senders.task_declarations import ACTIVATION_MAIL_SEND


@declared_task(ACTIVATION_MAIL_SEND)
def activation_mail_send_task(sender_id: int) -> bool:
    return activation_mail_send(sender_id=sender_id)
