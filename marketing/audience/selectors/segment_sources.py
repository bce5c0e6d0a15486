"""What the segment compiler (marketing/segments) needs of the audience's tables, so that
it never imports the audience's models: table names, and the column of each segmentable
standard field (the registry). Identifiers only; values always travel as parameters."""

from dataclasses import dataclass

from marketing.audience import profile_fields as registry
from marketing.audience.models import (
    CSB_THRESHOLD,
    Group,
    Profile,
    ProfileGroup,
    ProfileTag,
    Tag,
)


@dataclass(frozen=True)
class ProfileTables:
    profile: str
    profile_group: str
    profile_tag: str
    csb_threshold: int


def profile_tables() -> ProfileTables:
    return ProfileTables(
        profile=Profile._meta.db_table,
        profile_group=ProfileGroup._meta.db_table,
        profile_tag=ProfileTag._meta.db_table,
        csb_threshold=CSB_THRESHOLD,
    )


def segment_field_columns() -> dict[str, str]:
    """API key -> Profile column of every segmentable standard field."""
    return {
        field.key: Profile._meta.get_field(field.column).column
        for field in registry.profile_fields(segmentable=True)
    }


def group_names() -> list[dict]:
    """Every group's id and name, by name (no member counts: cheap at any size)."""
    return list(Group.objects.order_by("name", "id").values("id", "name"))


def tag_names() -> list[dict]:
    return list(Tag.objects.order_by("name", "id").values("id", "name"))
