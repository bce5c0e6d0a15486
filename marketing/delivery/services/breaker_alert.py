"""Telling the client's admins that the breaker stopped its sending: one mail to each
active admin, once per trip. The breaker's transaction sends the task on commit (a trip
rolled back tells no one); the task runs on the `transactional` queue (a person should
read it now, never behind a broadcast) and mails through the platform's own mail
connection (EMAIL_BACKEND, as a sender's activation mail), never the client's sending
path, which is the very thing that is stopped.

`SendingHealth.alerted_trip_at` records the trip the admins were told of: a redelivered
task, or one for a trip resumed meanwhile, sends nothing."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import connection, transaction
from django.utils.html import escape

from marketing.delivery.messages import BREAKER_ALERT_BODY, BREAKER_ALERT_SUBJECT
from marketing.delivery.models import SendingHealth
from tenants.members import client_admin_emails

SENDING_HEALTH_PATH = "/sendingHealth"


def _screen_link() -> str:
    host = connection.tenant.get_primary_domain().domain
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{host}{port}{SENDING_HEALTH_PATH}"


def breaker_alert_send(*, health_id: int) -> int:
    """The task's work: mail each active admin of the client about the current trip, if
    they were not told of it yet. Returns how many mails went."""
    with transaction.atomic():
        health = SendingHealth.objects.select_for_update().filter(pk=health_id).first()
        if health is None or health.tripped_at is None:
            return 0  # resumed before the task ran: nothing to tell any more
        if health.alerted_trip_at == health.tripped_at:
            return 0
        client = connection.tenant
        body = BREAKER_ALERT_BODY.format(
            client=client.name, reason=health.reason, link=_screen_link()
        )
        html = "".join(f"<p>{escape(part)}</p>" for part in body.split("\n\n"))
        subject = BREAKER_ALERT_SUBJECT.format(client=client.name)
        recipients = client_admin_emails(client)
        # One connection for all of them; a mail each, so no admin sees the others.
        with get_connection() as mail:
            for email in recipients:
                message = EmailMultiAlternatives(
                    subject=subject,
                    body=body,
                    from_email=settings.DEFAULT_FROM_EMAIL,
                    to=[email],
                    connection=mail,
                )
                message.attach_alternative(html, "text/html")
                message.send()
        # Recorded only once all went: a failure retries the task, which mails again.
        health.alerted_trip_at = health.tripped_at
        health.save(update_fields=["alerted_trip_at"])
    return len(recipients)
