"""Tags (spec 5.4: duplicate names are refused)."""

from django.db import IntegrityError, transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.messages import TAG_NAME_TAKEN
from marketing.audience.models import Tag


def _taken() -> ValidationFailed:
    return ValidationFailed(TAG_NAME_TAKEN, errors={"name": [TAG_NAME_TAKEN]})


def _save(tag: Tag) -> Tag:
    if Tag.objects.filter(name__iexact=tag.name).exclude(pk=tag.pk).exists():
        raise _taken()
    try:
        with transaction.atomic():
            tag.save()
    except IntegrityError as exc:
        raise _taken() from exc
    return tag


def tag_create(*, name: str) -> Tag:
    """Tag names are unique, case-insensitively."""
    with transaction.atomic():
        tag = _save(Tag(name=name))
        audit_record(AuditEvent.TAG_CREATED, object_id=tag.pk, label=tag.name)
    return tag


def tag_update(*, tag: Tag, name: str) -> Tag:
    tag.name = name
    with transaction.atomic():
        _save(tag)
        audit_record(AuditEvent.TAG_UPDATED, object_id=tag.pk, label=tag.name)
    return tag


def tag_delete(*, tag: Tag) -> None:
    with transaction.atomic():
        audit_record(AuditEvent.TAG_DELETED, object_id=tag.pk, label=tag.name)
        tag.delete()
