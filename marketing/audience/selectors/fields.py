from django.db.models import QuerySet

from core.errors import NotFound
from marketing.audience.models import ProfileField

PROFILE_FIELD_NOT_FOUND = "Profile field not found."

# Spec 3's profile fields as merge fields: (displayName, fieldName). The email is shown as
# "Email" and merges as mailId, like the client-field merge tags.
SYSTEM_MERGE_FIELDS: tuple[tuple[str, str], ...] = (
    ("Email", "mailId"),
    ("First Name", "firstName"),
    ("Last Name", "lastName"),
    ("Phone", "phone"),
    ("Company", "company"),
    ("Title", "title"),
    ("Rep Name", "repName"),
    ("Address 1", "address1"),
    ("Address 2", "address2"),
    ("City", "city"),
    ("State", "state"),
    ("Country", "country"),
    ("County", "county"),
    ("Zip Code", "zipCode"),
)
SYSTEM_FIELD_NAMES = frozenset(name.lower() for _, name in SYSTEM_MERGE_FIELDS) | {"email"}


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
    """System fields, then custom fields (only those of `field_types` when given)."""
    fields = [
        {"displayName": label, "fieldName": name, "defaultMergeTag": f"<% {name} %>"}
        for label, name in SYSTEM_MERGE_FIELDS
    ]
    custom = profile_field_list()
    if field_types:
        custom = custom.filter(field_type__in=field_types)
    fields += [
        {"displayName": f.label, "fieldName": f.key, "defaultMergeTag": f"<% {f.key} %>"}
        for f in custom
    ]
    return fields
