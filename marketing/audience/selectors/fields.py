from collections.abc import Collection
from dataclasses import dataclass
from functools import cache

from django.db.models import QuerySet

from core.errors import NotFound
from marketing.audience import profile_fields as registry
from marketing.audience.messages import PROFILE_FIELD_NOT_FOUND
from marketing.audience.models import Profile, ProfileField
from marketing.audience.profile_fields import Kind


def reserved_keys() -> frozenset[str]:
    """Names a custom field's key must not take (lower-cased): every name a standard field
    goes by (API key, import key, merge tag), so a merge tag or a segment condition never
    means two fields."""
    names = {name for f in registry.PROFILE_FIELDS for name in (f.key, f.import_key, f.merge_tag)}
    return frozenset(name.lower() for name in names if name)


def profile_field_list() -> QuerySet[ProfileField]:
    return ProfileField.objects.order_by("label", "id")


def profile_field_get(*, field_id: int) -> ProfileField:
    field = ProfileField.objects.filter(pk=field_id).first()
    if field is None:
        raise NotFound(PROFILE_FIELD_NOT_FOUND)
    return field


def profile_fields_by_key() -> dict[str, ProfileField]:
    return {field.key: field for field in ProfileField.objects.all()}


def merge_field_list(*, field_types: list[str] | None = None) -> list[dict]:
    """The standard fields that merge (the field registry), then custom fields (only those
    of `field_types` when given)."""
    fields = [
        {
            "displayName": f.merge_label or f.label,
            "fieldName": f.merge_tag,
            "defaultMergeTag": f"<% {f.merge_tag} %>",
        }
        for f in registry.profile_fields(merge_tag=True)
    ]
    custom = profile_field_list()
    if field_types:
        custom = custom.filter(field_type__in=field_types)
    fields += [
        {"displayName": f.label, "fieldName": f.key, "defaultMergeTag": f"<% {f.key} %>"}
        for f in custom
    ]
    return fields


@dataclass(frozen=True)
class SegmentField:
    """A field a segment condition can test: `key` is the standard field's API key or
    `custom.<key>`; `type` a standard field's Kind or a custom field's FieldType."""

    key: str
    label: str
    type: str
    options: tuple[str, ...] = ()


def segment_field_list(*, custom: bool = True) -> list[SegmentField]:
    """What the segment builder offers: the segmentable standard fields (the registry),
    then the custom fields by label (none with `custom=False`: every client's fields only,
    which needs no client schema)."""
    fields = [
        SegmentField(f.key, f.label, str(f.kind), _choices(f))
        for f in registry.profile_fields(segmentable=True)
    ]
    if custom:
        fields += [
            SegmentField(f"custom.{f.key}", f.label, f.field_type, tuple(f.options))
            for f in profile_field_list()
        ]
    return fields


def _choices(field: registry.StandardField) -> tuple[str, ...]:
    """A CHOICE field's values, as its model column declares them."""
    if field.kind != Kind.CHOICE:
        return ()
    return tuple(value for value, _label in Profile._meta.get_field(field.column).choices)


@dataclass(frozen=True)
class FormFieldChoice:
    """A profile field an opt-in form may ask for (marketing/forms): `key` as a segment
    field's; `type` "email", "text" or a custom field's FieldType; `max_length` of a
    standard text column (a custom text value's limit is the value rule's)."""

    key: str
    label: str
    type: str
    options: tuple[str, ...] = ()
    max_length: int = 0
    column: str = ""  # a standard field's Profile column (profile_create's keyword)


@cache
def _form_field_standard() -> tuple[FormFieldChoice, ...]:
    """The editable standard fields stored as text (the registry's, the same in every
    process's life)."""
    return tuple(
        FormFieldChoice(
            f.key, f.label, "email" if f.kind == Kind.EMAIL else "text", (), f.max_length, f.column
        )
        for f in registry.profile_fields(editable=True)
        if f.kind in (Kind.EMAIL, Kind.TEXT)
    )


def form_field_list(keys: Collection[str] | None = None) -> list[FormFieldChoice]:
    """The editable standard fields stored as text, then every custom field; with `keys`,
    only those (the custom fields read only when one of them is named: a form's submit)."""
    fields = list(_form_field_standard())
    custom = profile_field_list()
    if keys is not None:
        fields = [f for f in fields if f.key in keys]
        wanted = [key.removeprefix("custom.") for key in keys if key.startswith("custom.")]
        if not wanted:
            return fields
        custom = custom.filter(key__in=wanted)
    fields += [
        FormFieldChoice(f"custom.{f.key}", f.label, f.field_type, tuple(f.options)) for f in custom
    ]
    return fields
