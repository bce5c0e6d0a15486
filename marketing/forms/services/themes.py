"""Form themes (spec 3): a client's Custom themes beside the preset ones. Names are
required and unique whatever their case (spec 5.4); styles are held to definition.py's
ThemeStyles (every value safe inside a stylesheet); presets are neither changed nor
deleted. A form already published keeps the styles its version froze."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from pydantic import ValidationError

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import PermissionDenied, ValidationFailed
from marketing.forms import messages
from marketing.forms.definition import styles_dump, styles_read
from marketing.forms.models import FormTheme
from marketing.forms.selectors import theme_get, theme_name_taken


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _styles(data: dict) -> dict:
    try:
        return styles_dump(styles_read(data))
    except ValidationError as exc:
        errors: dict[str, list[str]] = {}
        for error in exc.errors():
            path = ".".join(str(p) for p in ("styles", *error["loc"]))
            errors.setdefault(path, []).append(error["msg"])
        raise ValidationFailed(messages.THEME_STYLES_INVALID, errors=errors) from None


def _save(theme: FormTheme) -> FormTheme:
    theme.name = (theme.name or "").strip()
    if not theme.name:
        raise _refused("name", messages.THEME_NAME_REQUIRED)
    if theme_name_taken(theme.name, exclude=theme.pk):
        raise _refused("name", messages.THEME_NAME_TAKEN)
    try:
        with transaction.atomic():
            theme.save()
    except IntegrityError as exc:
        raise _refused("name", messages.THEME_NAME_TAKEN) from exc
    audit_record(AuditEvent.FORM_THEME_SAVED, object_id=theme.pk, label=theme.name)
    return theme


def theme_create(*, name: str, styles: dict) -> FormTheme:
    with transaction.atomic():
        return _save(FormTheme(name=name, styles=_styles(styles)))


def theme_update(*, theme_id: int, name: str | None = None, styles: dict | None = None):
    with transaction.atomic():
        theme = theme_get(theme_id=theme_id)
        if theme.preset:
            raise PermissionDenied(messages.THEME_PRESET)
        if name is not None:
            theme.name = name
        if styles is not None:
            theme.styles = _styles(styles)
        theme.updated_at = timezone.now()
        return _save(theme)


def theme_delete(*, theme_id: int) -> None:
    """Forms that used it fall back to the page's default look (their published versions
    keep the styles they froze)."""
    with transaction.atomic():
        theme = theme_get(theme_id=theme_id)
        if theme.preset:
            raise PermissionDenied(messages.THEME_PRESET)
        audit_record(AuditEvent.FORM_THEME_DELETED, object_id=theme.pk, label=theme.name)
        theme.delete()
