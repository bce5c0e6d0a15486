"""The name rules every content object shares (spec 5.4): stripped, not empty, within its
length, no NUL; and the one way a refusal names its field."""

from django.db import IntegrityError, transaction

from core.errors import ValidationFailed
from core.messages import TEXT_NUL
from marketing.content import messages
from tenants.access import Member

FOLDER_NAME_MAX = 20  # spec 5.4: a single-field edit name
NAME_MAX = 100


def refused(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def name_clean(value: str | None, *, required: str, limit: int, field: str = "name") -> str:
    name = (value or "").strip()
    if not name:
        raise refused(field, required)
    if "\x00" in name:
        raise refused(field, TEXT_NUL)
    if len(name) > limit:
        raise refused(field, messages.NAME_TOO_LONG.format(limit=limit))
    return name


def author(member: Member | None) -> dict:
    return {
        "created_by_id": member.user_id if member else None,
        "created_by_email": member.email if member else "",
    }


def editor(member: Member | None) -> dict:
    return {
        "updated_by_id": member.user_id if member else None,
        "updated_by_email": member.email if member else "",
    }


def unique_save(obj, *, taken: str, field: str = "name", **save) -> None:
    """Save; a unique name constraint that a concurrent save won answers `taken`."""
    try:
        with transaction.atomic():
            obj.save(**save)
    except IntegrityError as exc:
        if "name_ci_unique" in str(exc):
            raise refused(field, taken) from exc
        raise
