"""What the segment builder and campaigns (marketing/segments, marketing/campaigns) read of
the audience's groups and tags, without importing the audience's models. The tables and
columns their SQL is built from are the audience's SQL surface (sql_surface.py)."""

from marketing.audience.models import (
    Group,
    Tag,
)


def group_names() -> list[dict]:
    """Every group's id and name, by name (no member counts: cheap at any size)."""
    return list(Group.objects.order_by("name", "id").values("id", "name"))


def tag_names() -> list[dict]:
    return list(Tag.objects.order_by("name", "id").values("id", "name"))
