"""Tags (spec 5.4: duplicate names are refused)."""

from django.db import IntegrityError, transaction

from config.errors import ValidationFailed
from marketing.audience.models import Tag

TAG_NAME_TAKEN = "A tag with this name already exists."


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
    return _save(Tag(name=name))


def tag_update(*, tag: Tag, name: str) -> Tag:
    tag.name = name
    return _save(tag)


def tag_delete(*, tag: Tag) -> None:
    tag.delete()
