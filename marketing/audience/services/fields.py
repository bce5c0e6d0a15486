"""Custom profile fields (spec 3 field types, spec 5.7) and the typed values profiles hold."""

from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.text import slugify

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.messages import LABEL_TAKEN, OPTIONS_NOT_UNIQUE, OPTIONS_REQUIRED
from marketing.audience.models import FieldType, Profile, ProfileField
from marketing.audience.selectors.fields import profile_fields_by_key, reserved_keys
from marketing.audience.services.field_values import (
    API_MESSAGES,
    ValueRefused,
    custom_value_parse,
)

LIST_TYPES = (FieldType.RADIO, FieldType.DROPDOWN, FieldType.CHECKBOX)


def _invalid(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def _clean_options(field_type: str, options: list[str]) -> list[str]:
    """List types need items, unique case-insensitively (spec 5.7); other types have none."""
    if field_type not in LIST_TYPES:
        return []
    cleaned = [option.strip() for option in options]
    if not cleaned or any(not option for option in cleaned):
        raise _invalid("options", OPTIONS_REQUIRED)
    if len({option.lower() for option in cleaned}) != len(cleaned):
        raise _invalid("options", OPTIONS_NOT_UNIQUE)
    return cleaned


def _key_for(label: str) -> str:
    base = slugify(label).replace("-", "_")[:56] or "field"
    if base[0].isdigit():
        base = f"f_{base}"
    key, n = base, 1
    taken = set(ProfileField.objects.values_list("key", flat=True))
    reserved = reserved_keys()
    while key in taken or key.lower() in reserved:
        n += 1
        key = f"{base}_{n}"
    return key


def _label_taken(label: str, exclude_id: int | None = None) -> bool:
    return ProfileField.objects.filter(label__iexact=label).exclude(pk=exclude_id).exists()


def profile_field_create(*, label: str, field_type: str, options: list[str]) -> ProfileField:
    """A custom field: label unique (case-insensitive), list items unique; the key is made
    from the label and never clashes with a system field."""
    options = _clean_options(field_type, options)
    with transaction.atomic():
        if _label_taken(label):
            raise _invalid("label", LABEL_TAKEN)
        try:
            with transaction.atomic():
                field = ProfileField.objects.create(
                    label=label, key=_key_for(label), field_type=field_type, options=options
                )
        except IntegrityError as exc:
            raise _invalid("label", LABEL_TAKEN) from exc
        audit_record(
            AuditEvent.PROFILE_FIELD_CREATED,
            object_id=field.pk,
            label=label,
            extra={"key": field.key, "fieldType": field_type},
        )
    return field


def profile_field_update(
    *, field: ProfileField, label: str | None = None, options: list[str] | None = None
) -> ProfileField:
    """Rename or change list items; the type and key stay (profiles hold values by key)."""
    with transaction.atomic():
        if label is not None:
            if _label_taken(label, exclude_id=field.pk):
                raise _invalid("label", LABEL_TAKEN)
            field.label = label
        if options is not None:
            field.options = _clean_options(field.field_type, options)
        try:
            with transaction.atomic():
                field.save(update_fields=["label", "options"])
        except IntegrityError as exc:
            raise _invalid("label", LABEL_TAKEN) from exc
        audit_record(
            AuditEvent.PROFILE_FIELD_UPDATED,
            object_id=field.pk,
            label=field.label,
            extra={"key": field.key},
        )
    return field


def profile_field_delete(*, field: ProfileField) -> None:
    """Deletes the field and, in one statement, its values from every profile."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Profile._meta.db_table} SET custom = custom - %s WHERE custom ? %s",
                [field.key, field.key],
            )
        audit_record(
            AuditEvent.PROFILE_FIELD_DELETED,
            object_id=field.pk,
            label=field.label,
            extra={"key": field.key},
        )
        field.delete()


def custom_values_clean(values: dict[str, Any]) -> dict[str, Any]:
    """Typed custom values by field key, by the one value rule (services/field_values.py).
    None (or an empty value) means 'clear'. Raises with one error per bad key
    (`custom.<key>`), in the form's words."""
    fields = profile_fields_by_key()
    cleaned: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for key, value in values.items():
        field = fields.get(key)
        if field is None:
            errors[f"custom.{key}"] = ["Unknown profile field."]
            continue
        try:
            cleaned[key] = custom_value_parse(field, value)
        except ValueRefused as exc:
            errors[f"custom.{key}"] = [API_MESSAGES[exc.reason]]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    return cleaned


def custom_values_merge(current: dict[str, Any], cleaned: dict[str, Any]) -> dict[str, Any]:
    merged = {**current, **cleaned}
    return {key: value for key, value in merged.items() if value is not None}
