"""Custom profile fields (spec 3 field types, spec 5.7) and the typed values profiles hold."""

import datetime
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.text import slugify

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.models import FieldType, Profile, ProfileField
from marketing.audience.selectors.fields import SYSTEM_FIELD_NAMES, profile_fields_by_key

OPTIONS_NOT_UNIQUE = "Profile field list items must be unique."
OPTIONS_REQUIRED = "At least one list item is needed for this field type."
LABEL_TAKEN = "A profile field with this label already exists."
YEAR_RANGE = "Year must be between 1700 and 2260."
MIN_YEAR, MAX_YEAR = 1700, 2260
TEXT_VALUE_MAX = 1000
NUMBER_MAX = Decimal(10) ** 15
LIST_TYPES = (FieldType.RADIO, FieldType.DROPDOWN, FieldType.CHECKBOX)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


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
    while key in taken or key.lower() in SYSTEM_FIELD_NAMES:
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


def _number(value: Any) -> int | float:
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, int | float):
        number = Decimal(str(value))
    else:
        number = Decimal(str(value).strip())
    if not number.is_finite() or abs(number) >= NUMBER_MAX:
        raise ValueError
    return int(number) if number == number.to_integral_value() else float(number)


def _date(value: Any) -> str:
    if not isinstance(value, str) or not _DATE.match(value.strip()):
        raise ValueError("Please enter a date as YYYY-MM-DD.")
    year = int(value[:4])
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise ValueError(YEAR_RANGE)
    try:
        return datetime.date.fromisoformat(value.strip()).isoformat()
    except ValueError as exc:
        raise ValueError("Please enter a date as YYYY-MM-DD.") from exc


def _typed(field: ProfileField, value: Any) -> Any:
    kind = field.field_type
    if kind == FieldType.TEXT:
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            raise ValueError("Please enter text.")
        text = str(value).strip()
        if "\x00" in text:
            raise ValueError("Text cannot contain NUL characters.")
        if len(text) > TEXT_VALUE_MAX:
            raise ValueError(f"At most {TEXT_VALUE_MAX} characters.")
        return text
    if kind == FieldType.NUMBER:
        try:
            return _number(value)
        except (ValueError, InvalidOperation) as exc:
            raise ValueError("Please enter a number.") from exc
    if kind == FieldType.DATE:
        return _date(value)
    if kind == FieldType.CHECKBOX:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError("Please choose from the list.")
        if any(v not in field.options for v in value):
            raise ValueError("Please choose from the list.")
        return list(dict.fromkeys(value))
    if not isinstance(value, str) or value not in field.options:
        raise ValueError("Please choose from the list.")
    return value


def custom_values_clean(values: dict[str, Any]) -> dict[str, Any]:
    """Typed custom values by field key: numbers as numbers, dates YYYY-MM-DD with a year
    in 1700-2260, radio/dropdown one of the options, checkbox a subset of them. None (or an
    empty string) means 'clear'. Raises with one error per bad key (`custom.<key>`)."""
    fields = profile_fields_by_key()
    cleaned: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for key, value in values.items():
        field = fields.get(key)
        if field is None:
            errors[f"custom.{key}"] = ["Unknown profile field."]
            continue
        if value is None or value == "" or value == []:
            cleaned[key] = None
            continue
        try:
            cleaned[key] = _typed(field, value)
        except ValueError as exc:
            errors[f"custom.{key}"] = [str(exc) or "Invalid value."]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    return cleaned


def custom_values_merge(current: dict[str, Any], cleaned: dict[str, Any]) -> dict[str, Any]:
    merged = {**current, **cleaned}
    return {key: value for key, value in merged.items() if value is not None}
