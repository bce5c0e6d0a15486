"""Disclaimers (/managedisclaimer, admins): consent texts with versions. A new wording is
a new version (the old ones stay: each submission names the one it showed); the text is
HTML cleaned by the one cleaner (core.untrusted_html). Names are required and unique
whatever their case; a disclaimer a live form uses is not deleted."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.untrusted_html import html_clean
from marketing.forms import messages
from marketing.forms.models import Disclaimer, DisclaimerVersion, Form
from marketing.forms.selectors import disclaimer_get, disclaimer_name_taken


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _text(text: str) -> str:
    cleaned = html_clean(text or "")
    if not cleaned.strip():
        raise _refused("text", messages.DISCLAIMER_TEXT_REQUIRED)
    return cleaned


def _save(disclaimer: Disclaimer) -> None:
    disclaimer.name = (disclaimer.name or "").strip()
    if not disclaimer.name:
        raise _refused("name", messages.DISCLAIMER_NAME_REQUIRED)
    if disclaimer_name_taken(disclaimer.name, exclude=disclaimer.pk):
        raise _refused("name", messages.DISCLAIMER_NAME_TAKEN)
    try:
        with transaction.atomic():
            disclaimer.save()
    except IntegrityError as exc:
        raise _refused("name", messages.DISCLAIMER_NAME_TAKEN) from exc


def disclaimer_create(*, name: str, text: str) -> Disclaimer:
    cleaned = _text(text)
    with transaction.atomic():
        disclaimer = Disclaimer(name=name)
        _save(disclaimer)
        DisclaimerVersion.objects.create(disclaimer=disclaimer, number=1, text=cleaned)
        audit_record(AuditEvent.DISCLAIMER_SAVED, object_id=disclaimer.pk, label=disclaimer.name)
    return disclaimer_get(disclaimer_id=disclaimer.pk)


def disclaimer_update(
    *, disclaimer_id: int, name: str | None = None, text: str | None = None
) -> Disclaimer:
    """A changed text is the next version; forms show it from their next publish."""
    with transaction.atomic():
        disclaimer = disclaimer_get(disclaimer_id=disclaimer_id)
        if name is not None:
            disclaimer.name = name
        disclaimer.updated_at = timezone.now()
        _save(disclaimer)
        if text is not None:
            cleaned = _text(text)
            versions = DisclaimerVersion.objects.filter(disclaimer=disclaimer)
            current = versions.order_by("-number").first()
            if current is None or current.text != cleaned:
                last = versions.aggregate(last=Max("number"))["last"] or 0
                DisclaimerVersion.objects.create(
                    disclaimer=disclaimer, number=last + 1, text=cleaned
                )
        audit_record(AuditEvent.DISCLAIMER_SAVED, object_id=disclaimer.pk, label=disclaimer.name)
    return disclaimer_get(disclaimer_id=disclaimer.pk)


def disclaimer_delete(*, disclaimer_id: int) -> None:
    with transaction.atomic():
        disclaimer = disclaimer_get(disclaimer_id=disclaimer_id)
        if Form.objects.filter(disclaimer=disclaimer, deleted_at__isnull=True).exists():
            raise _refused("id", messages.DISCLAIMER_IN_USE)
        disclaimer.deleted_at = timezone.now()
        disclaimer.save(update_fields=["deleted_at"])
        audit_record(AuditEvent.DISCLAIMER_DELETED, object_id=disclaimer.pk, label=disclaimer.name)
