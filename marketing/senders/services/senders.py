"""Senders (/senderList): create, edit, delete, and the default sender.

Rules: a name of 1-50 characters and a valid address (spec 5.2, 9); one sender per
address; the Senders plan limit at write time (spec 6); the first sender is the default
and exactly one stays the default while any exist; a new or changed address is
unconfirmed until its activation link is followed (services/activation.py)."""

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.senders import messages
from marketing.senders.models import Sender
from marketing.senders.selectors import email_domain
from marketing.senders.services.activation import activation_mail_queue
from tenants.plan_limits import Module, plan_limit_enforce

NAME_MAX = 50


def _name(name: str) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed(
            messages.SENDER_NAME_REQUIRED, errors={"name": [messages.SENDER_NAME_REQUIRED]}
        )
    if len(name) > NAME_MAX:
        raise ValidationFailed(
            messages.SENDER_NAME_TOO_LONG, errors={"name": [messages.SENDER_NAME_TOO_LONG]}
        )
    return name


def _address(value: str, field: str) -> str:
    try:
        return email_normalise(value)
    except InvalidEmail:
        raise ValidationFailed(
            messages.SENDER_EMAIL_INVALID, errors={field: [messages.SENDER_EMAIL_INVALID]}
        ) from None


def _reply_to(value: str) -> str:
    return _address(value, "replyTo") if value.strip() else ""


def _exists() -> ValidationFailed:
    return ValidationFailed(messages.SENDER_EXISTS, errors={"email": [messages.SENDER_EXISTS]})


def sender_create(*, name: str, email: str, reply_to: str = "", is_default: bool = False) -> Sender:
    """A new sender, unconfirmed, its activation mail sent once the row is committed."""
    name, email, reply_to = _name(name), _address(email, "email"), _reply_to(reply_to)
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.SENDERS)
        if Sender.objects.filter(email__iexact=email).exists():
            raise _exists()
        first = not Sender.objects.exists()
        if is_default and not first:
            Sender.objects.filter(is_default=True).update(is_default=False)
        try:
            with transaction.atomic():
                sender = Sender.objects.create(
                    name=name,
                    email=email,
                    domain=email_domain(email),
                    reply_to=reply_to,
                    is_default=is_default or first,
                )
        except IntegrityError:  # the same address saved by a concurrent request
            raise _exists() from None
        audit_record(AuditEvent.SENDER_CREATED, object_id=sender.pk, label=email)
        activation_mail_queue(sender=sender)
    return sender


def sender_update(
    *,
    sender: Sender,
    name: str | None = None,
    email: str | None = None,
    reply_to: str | None = None,
    is_enabled: bool | None = None,
    is_default: bool | None = None,
) -> Sender:
    """Changes what is given. A new address must be confirmed again; the default sender
    cannot be disabled, and making one the default takes it from the other."""
    changed: list[str] = []
    with transaction.atomic():
        sender = Sender.objects.select_for_update().get(pk=sender.pk)
        if name is not None and _name(name) != sender.name:
            sender.name = _name(name)
            changed.append("name")
        if reply_to is not None and _reply_to(reply_to) != sender.reply_to:
            sender.reply_to = _reply_to(reply_to)
            changed.append("replyTo")
        new_email = _address(email, "email") if email is not None else sender.email
        if new_email != sender.email:
            if Sender.objects.filter(email__iexact=new_email).exclude(pk=sender.pk).exists():
                raise _exists()
            sender.email, sender.domain = new_email, email_domain(new_email)
            sender.verified_at = None
            changed.append("email")
        if is_default and not sender.is_default:
            Sender.objects.filter(is_default=True).update(is_default=False)
            sender.is_default = True
            changed.append("isDefault")
        if is_enabled is not None and is_enabled != sender.is_enabled:
            if not is_enabled and sender.is_default:
                raise ValidationFailed(
                    messages.SENDER_DEFAULT_DISABLED,
                    errors={"isEnabled": [messages.SENDER_DEFAULT_DISABLED]},
                )
            sender.is_enabled = is_enabled
            changed.append("isEnabled")
        if sender.is_default and not sender.is_enabled:
            raise ValidationFailed(
                messages.SENDER_DEFAULT_DISABLED,
                errors={"isDefault": [messages.SENDER_DEFAULT_DISABLED]},
            )
        if not changed:
            return sender
        sender.updated_at = timezone.now()
        try:
            with transaction.atomic():
                sender.save()
        except IntegrityError:
            raise _exists() from None
        audit_record(
            AuditEvent.SENDER_UPDATED,
            object_id=sender.pk,
            label=sender.email,
            extra={"fields": changed},
        )
        if "email" in changed:
            activation_mail_queue(sender=sender)
    return sender


def sender_delete(*, sender: Sender) -> None:
    """The default sender goes last: another must be made the default first."""
    with transaction.atomic():
        sender = Sender.objects.select_for_update().get(pk=sender.pk)
        if sender.is_default and Sender.objects.exclude(pk=sender.pk).exists():
            raise ValidationFailed(messages.SENDER_DEFAULT_DELETE)
        audit_record(AuditEvent.SENDER_DELETED, object_id=sender.pk, label=sender.email)
        sender.delete()
