"""One field set to one value on many profiles at once (a workflow's update-field step):
one UPDATE whatever the number, only where the value changes, with its audit row and the
`fieldChanged` profile event of the profiles it changed."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.audience.models import Profile, ProfileSource
from marketing.audience.profile_fields import Kind, profile_fields
from marketing.audience.selectors.fields import profile_fields_by_key
from marketing.audience.services.field_values import (
    API_MESSAGES,
    ValueRefused,
    custom_value_parse,
)
from marketing.audience.services.profiles import fields_changed_announce

UNKNOWN_FIELD = "Unknown profile field."
_SETTABLE = (Kind.TEXT, Kind.BOOLEAN)


def _standard(key: str):
    for field in profile_fields(editable=True):
        if key in (field.key, field.column) and field.kind in _SETTABLE:
            return field
    return None


def field_value_check(field: str, value: Any) -> tuple[str, Any]:
    """(column or `custom.<key>`, the typed value) of a field and a value as a workflow's
    step names them; raises ValidationFailed with the form's words."""
    if field.startswith("custom."):
        key = field.removeprefix("custom.")
        definition = profile_fields_by_key().get(key)
        if definition is None:
            raise ValidationFailed(UNKNOWN_FIELD, errors={field: [UNKNOWN_FIELD]})
        try:
            return field, custom_value_parse(definition, value)
        except ValueRefused as exc:
            message = API_MESSAGES[exc.reason]
            raise ValidationFailed(message, errors={field: [message]}) from None
    standard = _standard(field)
    if standard is None:
        raise ValidationFailed(UNKNOWN_FIELD, errors={field: [UNKNOWN_FIELD]})
    if standard.kind == Kind.BOOLEAN:
        return standard.column, str(value).strip().lower() in ("1", "true", "yes", "y", "on")
    text = "" if value is None else str(value).strip()
    if standard.max_length and len(text) > standard.max_length:
        text = text[: standard.max_length]
    return standard.column, text


def profiles_field_set(*, profile_ids: list[int], field: str, value: Any) -> list[int]:
    """Set the field on the live, non-CRM profiles among `profile_ids` whose value differs;
    returns the ids changed."""
    target, typed = field_value_check(field, value)
    table = Profile._meta.db_table
    ids = list(dict.fromkeys(profile_ids))
    if target.startswith("custom."):
        key = target.removeprefix("custom.")
        if typed is None:
            assign, assign_params = "custom = custom - %s", [key]
            changed, changed_params = "custom ? %s", [key]
        else:
            assign = "custom = custom || jsonb_build_object(%s, %s::jsonb)"
            assign_params = [key, json.dumps(typed)]
            changed = "custom -> %s IS DISTINCT FROM %s::jsonb"
            changed_params = [key, json.dumps(typed)]
    else:
        assign, assign_params = f"{target} = %s", [typed]
        changed, changed_params = f"{target} IS DISTINCT FROM %s", [typed]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {assign}, updated_at = %s WHERE id = ANY(%s)"
            f" AND deleted_at IS NULL AND source <> %s AND {changed} RETURNING id",
            [*assign_params, timezone.now(), ids, ProfileSource.CRM, *changed_params],
        )
        done = [row[0] for row in cursor.fetchall()]
        if done:
            audit_record(
                AuditEvent.PROFILES_FIELD_SET, count=len(done), ids=done, extra={"fields": [field]}
            )
        fields_changed_announce(done, [target])
    return done
