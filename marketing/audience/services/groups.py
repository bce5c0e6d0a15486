"""Group categories and groups (spec 3 'Groups', 5.4 duplicates, 5.7)."""

from django.db import IntegrityError, transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.messages import (
    CATEGORY_HAS_GROUPS,
    CATEGORY_INACTIVE,
    CATEGORY_NAME_TAKEN,
    CATEGORY_NOT_FOUND,
    DEFAULT_GROUP_DELETE,
    DEFAULT_GROUP_RENAME,
    GROUP_NAME_COMMA,
    GROUP_NAME_TAKEN,
)
from marketing.audience.models import Group, GroupCategory


def _invalid(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def _save(instance, *, field: str, taken: str) -> None:
    # The case-insensitive unique constraints settle a race the exists() check lost.
    try:
        with transaction.atomic():
            instance.save()
    except IntegrityError as exc:
        raise _invalid(field, taken) from exc


def group_category_create(*, name: str, is_active: bool = True) -> GroupCategory:
    """Category names are unique, case-insensitively."""
    with transaction.atomic():
        if GroupCategory.objects.filter(name__iexact=name).exists():
            raise _invalid("name", CATEGORY_NAME_TAKEN)
        category = GroupCategory(name=name, is_active=is_active)
        _save(category, field="name", taken=CATEGORY_NAME_TAKEN)
        audit_record(AuditEvent.GROUP_CATEGORY_CREATED, object_id=category.pk, label=name)
    return category


def group_category_update(
    *, category: GroupCategory, name: str | None = None, is_active: bool | None = None
) -> GroupCategory:
    with transaction.atomic():
        if name is not None:
            if GroupCategory.objects.filter(name__iexact=name).exclude(pk=category.pk).exists():
                raise _invalid("name", CATEGORY_NAME_TAKEN)
            category.name = name
        if is_active is not None:
            category.is_active = is_active
        _save(category, field="name", taken=CATEGORY_NAME_TAKEN)
        audit_record(
            AuditEvent.GROUP_CATEGORY_UPDATED,
            object_id=category.pk,
            label=category.name,
            extra={"isActive": category.is_active},
        )
    return category


def group_category_delete(*, category: GroupCategory) -> None:
    """A category that still holds groups cannot be deleted."""
    with transaction.atomic():
        if Group.objects.filter(category=category).exists():
            raise ValidationFailed(CATEGORY_HAS_GROUPS)
        audit_record(AuditEvent.GROUP_CATEGORY_DELETED, object_id=category.pk, label=category.name)
        category.delete()


def _check_name(name: str, *, exclude_id: int | None = None) -> None:
    if "," in name:
        raise _invalid("name", GROUP_NAME_COMMA)
    if Group.objects.filter(name__iexact=name).exclude(pk=exclude_id).exists():
        raise _invalid("name", GROUP_NAME_TAKEN)


def _check_category(category_id: int | None) -> None:
    if category_id is None:
        return
    category = GroupCategory.objects.filter(pk=category_id).first()
    if category is None:
        raise _invalid("categoryId", CATEGORY_NOT_FOUND)
    if not category.is_active:
        raise _invalid("categoryId", CATEGORY_INACTIVE)


def group_create(*, name: str, category_id: int | None = None) -> Group:
    """No commas, unique name (case-insensitive), and the category must be active."""
    with transaction.atomic():
        _check_name(name)
        _check_category(category_id)
        group = Group(name=name, category_id=category_id)
        _save(group, field="name", taken=GROUP_NAME_TAKEN)
        audit_record(AuditEvent.GROUP_CREATED, object_id=group.pk, label=name)
    return group


_UNSET = object()


def group_update(*, group: Group, name: str | None = None, category_id=_UNSET) -> Group:
    """Same rules as create; default groups keep their name."""
    with transaction.atomic():
        if name is not None and name != group.name:
            if group.default_key:
                raise _invalid("name", DEFAULT_GROUP_RENAME)
            _check_name(name, exclude_id=group.pk)
            group.name = name
        if category_id is not _UNSET and category_id != group.category_id:
            _check_category(category_id)
            group.category_id = category_id
        _save(group, field="name", taken=GROUP_NAME_TAKEN)
        audit_record(
            AuditEvent.GROUP_UPDATED,
            object_id=group.pk,
            label=group.name,
            extra={"categoryId": group.category_id},
        )
    return group


def group_delete(*, group: Group) -> None:
    """Default groups (CRM Contact, Website Activity, Media Kit, Newsletter) stay."""
    if group.default_key:
        raise ValidationFailed(DEFAULT_GROUP_DELETE)
    with transaction.atomic():
        audit_record(AuditEvent.GROUP_DELETED, object_id=group.pk, label=group.name)
        group.delete()
