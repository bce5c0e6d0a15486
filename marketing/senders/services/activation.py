"""A sender's activation mail (spec 4: "an activation mail is sent").

The link carries a signed token (Django's signing, salted for this use) naming the
client's schema, the sender and the sender's current nonce. It works for
SENDER_ACTIVATION_MAX_AGE seconds, on its own client's host only, and once: confirming
clears the nonce, and each new mail replaces it, so older links die. Opening the link
(GET) only shows the confirm page; the POST of that page confirms."""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import connection, transaction
from django.utils import timezone
from django.utils.html import escape

from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.person_mail import SENDER_ACTIVATION, person_mail_allow
from core.tasks import enqueue_on_commit
from marketing.senders import messages
from marketing.senders.models import Sender
from marketing.senders.task_declarations import ACTIVATION_MAIL_SEND

SALT = "marketing.senders.activation"
ACTIVATION_PATH = "/external/verifySender"


def activation_mail_queue(*, sender: Sender) -> None:
    """A fresh nonce (older links die) and the mail sent once the transaction commits.
    Call inside the write's transaction: a mail over the hourly limits of mail sent for
    a person (core/person_mail.py) raises, and the write is undone with it."""
    person_mail_allow(SENDER_ACTIVATION, to=sender.email, client=connection.schema_name)
    sender.activation_nonce = secrets.token_hex(16)
    sender.activation_sent_at = timezone.now()
    sender.save(update_fields=["activation_nonce", "activation_sent_at"])
    enqueue_on_commit(ACTIVATION_MAIL_SEND, sender_id=sender.pk)


def activation_resend(*, sender: Sender) -> Sender:
    """Resend verification: refused once confirmed."""
    with transaction.atomic():
        sender = Sender.objects.select_for_update().get(pk=sender.pk)
        if sender.verified_at is not None:
            raise ValidationFailed(messages.SENDER_ALREADY_VERIFIED)
        activation_mail_queue(sender=sender)
        audit_record(AuditEvent.SENDER_ACTIVATION_SENT, object_id=sender.pk, label=sender.email)
    return sender


def activation_token(sender: Sender) -> str:
    return signing.dumps(
        {"c": connection.schema_name, "s": sender.pk, "n": sender.activation_nonce}, salt=SALT
    )


def _origin() -> str:
    host = connection.tenant.get_primary_domain().domain
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{host}{port}"


def activation_link(sender: Sender) -> str:
    return f"{_origin()}{ACTIVATION_PATH}?{urlencode({'token': activation_token(sender)})}"


def activation_mail_send(*, sender_id: int) -> bool:
    """The task's work: the mail for the sender's current nonce, through the platform's
    own mail connection (EMAIL_BACKEND), never a client's sending path. False when there
    is nothing to send (deleted, confirmed meanwhile)."""
    sender = Sender.objects.filter(pk=sender_id).first()
    if sender is None or sender.verified_at is not None or not sender.activation_nonce:
        return False
    link = activation_link(sender)
    client_name = connection.tenant.name
    text = (
        f"Hello,\n\n{client_name} wants to send email as {sender.name} <{sender.email}>.\n"
        f"To confirm that this address may be used, open this link and press Confirm:\n\n"
        f"{link}\n\nThe link works once, for {settings.SENDER_ACTIVATION_MAX_AGE // 3600} "
        f"hours. If you did not expect this, ignore this message.\n"
    )
    html = (
        f"<p>Hello,</p><p>{escape(client_name)} wants to send email as "
        f"{escape(sender.name)} &lt;{escape(sender.email)}&gt;.</p>"
        f'<p><a href="{escape(link)}">Confirm this sender</a></p>'
        f"<p>The link works once, for {settings.SENDER_ACTIVATION_MAX_AGE // 3600} hours. "
        f"If you did not expect this, ignore this message.</p>"
    )
    message = EmailMultiAlternatives(
        subject=messages.SENDER_ACTIVATION_SUBJECT.format(email=sender.email),
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[sender.email],
    )
    message.attach_alternative(html, "text/html")
    message.send()
    return True


def _claims(token: str) -> tuple[int, str]:
    """(sender id, nonce) of a well-signed, unexpired token of this client."""
    invalid = ValidationFailed(messages.SENDER_ACTIVATION_INVALID)
    try:
        claims = signing.loads(token, salt=SALT, max_age=settings.SENDER_ACTIVATION_MAX_AGE)
    except signing.BadSignature:
        raise invalid from None
    if not isinstance(claims, dict) or claims.get("c") != connection.schema_name:
        raise invalid
    sender_id, nonce = claims.get("s"), claims.get("n")
    if not isinstance(sender_id, int) or not isinstance(nonce, str) or not nonce:
        raise invalid
    return sender_id, nonce


def _sender_for(token: str, *, lock: bool = False) -> Sender:
    sender_id, nonce = _claims(token)
    senders = Sender.objects.select_for_update() if lock else Sender.objects
    sender = senders.filter(pk=sender_id).first()
    if sender is None or sender.activation_nonce != nonce:
        raise ValidationFailed(messages.SENDER_ACTIVATION_INVALID)
    return sender


def activation_check(*, token: str) -> Sender:
    """The sender a link is for, when the link still works (changes nothing)."""
    return _sender_for(token)


def activation_confirm(*, token: str) -> Sender:
    """Confirms the sender's address; the link then stops working (the row is locked, so
    two clicks at once confirm once)."""
    with transaction.atomic():
        sender = _sender_for(token, lock=True)
        sender.verified_at = timezone.now()
        sender.activation_nonce = ""
        sender.updated_at = sender.verified_at
        sender.save(update_fields=["verified_at", "activation_nonce", "updated_at"])
        audit_record(
            AuditEvent.SENDER_VERIFIED,
            object_id=sender.pk,
            label=sender.email,
            path=AuditPath.RECIPIENT,
        )
    return sender
