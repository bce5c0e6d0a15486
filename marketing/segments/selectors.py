"""Reads of segments: the list, one segment, live counts and previews of a rule tree (the
audience of a send, as SQL, is sql_surface.py's `segment_profile_ids_sql`).

Counts are live: a dynamic segment is its compiled query, run when asked (the
`segment_count` bench: well under a second at 1M profiles / 10M events), so a profile
changed a moment ago is counted as it is now."""

import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone
from psycopg.errors import QueryCanceled

from core.errors import NotFound, ValidationFailed
from marketing.audience.selectors.fields import segment_field_list
from marketing.audience.selectors.segment_sources import group_names, tag_names
from marketing.audience.sql_surface import profile_tables, segment_field_columns
from marketing.segments.compiler import (
    OPERATORS_BY_TYPE,
    Compiler,
    SegmentableField,
    Sources,
    Sql,
)
from marketing.segments.messages import SEGMENT_TOO_SLOW
from marketing.segments.models import Segment, SegmentMember, SegmentType
from marketing.segments.rules import tree_parse
from marketing.segments.services.form_source import form_members
from marketing.tracking.selectors import event_names
from marketing.tracking.sql_surface import human_activity_members_sql

SEGMENT_NOT_FOUND = "Segment not found."
SEGMENT_SORTS = {
    "name": ("name", "id"),
    "type": ("segment_type", "name", "id"),
    "count": ("profile_count", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
}
SEGMENT_SORT_CHOICES = [*SEGMENT_SORTS, *(f"-{key}" for key in SEGMENT_SORTS)]
PREVIEW_COLUMNS = ("id", "email", "first_name", "last_name", "created_at")
MEMBER_TABLE = SegmentMember._meta.db_table


def segment_fields(*, custom: bool = True) -> dict[str, SegmentableField]:
    """Every field a rule may test, by its key: the registry's segmentable standard fields
    (a Profile column each) and the client's custom fields (`custom.<key>`; none with
    `custom=False`, the fields every client has)."""
    columns = segment_field_columns()
    fields = {}
    for f in segment_field_list(custom=custom):
        if f.key.startswith("custom."):
            fields[f.key] = SegmentableField(
                f.key, f.type, custom_key=f.key.removeprefix("custom."), options=f.options
            )
        elif f.key in columns:
            fields[f.key] = SegmentableField(
                f.key, f.type, column=columns[f.key], options=f.options
            )
    return fields


def segment_sources() -> Sources:
    tables = profile_tables()
    return Sources(
        profile=tables.profile,
        profile_group=tables.profile_group,
        profile_tag=tables.profile_tag,
        csb_threshold=tables.csb_threshold,
        activity_members=human_activity_members_sql,
        form_members=form_members(),
    )


def compiler_for(
    *, time_zone: str = "UTC", now: datetime.datetime | None = None, fields=None
) -> Compiler:
    return Compiler(
        fields=fields if fields is not None else segment_fields(),
        sources=segment_sources(),
        now=now or timezone.now(),
        time_zone=time_zone,
    )


@contextmanager
def _bounded() -> Iterator:
    """A cursor whose statement stops after SEGMENT_QUERY_TIMEOUT_MS: a count or a page a
    person waits for never holds the database for long, whatever the tree (its size is
    capped too: rules.tree_limits_check). A timeout answers a message, not a 500."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('statement_timeout', %s, true)",
            [str(settings.SEGMENT_QUERY_TIMEOUT_MS)],
        )
        try:
            yield cursor
        except OperationalError as exc:
            if isinstance(exc.__cause__, QueryCanceled):
                raise ValidationFailed(SEGMENT_TOO_SLOW) from exc
            raise


def _scalar(sql: Sql) -> int:
    with _bounded() as cursor:
        cursor.execute(sql.text, sql.params)
        return cursor.fetchone()[0]


def _rows(sql: Sql) -> list[dict]:
    with _bounded() as cursor:
        cursor.execute(sql.text, sql.params)
        names = [column.name for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def rules_count(tree, *, time_zone: str = "UTC", custom: bool = True) -> int:
    """How many live profiles a (checked) tree selects now (`custom=False`: a tree over
    the fields every client has, as BI segments use)."""
    fields = None if custom else segment_fields(custom=False)
    return _scalar(compiler_for(time_zone=time_zone, fields=fields).count(tree))


def rules_preview(tree, *, time_zone: str = "UTC", page: int = 1, page_size: int = 10) -> list:
    """A page of the profiles a tree selects, by id."""
    compiler = compiler_for(time_zone=time_zone)
    where = compiler.where(tree)
    columns = ", ".join(f"p.{c}" for c in PREVIEW_COLUMNS)
    return _rows(
        Sql(
            f"SELECT {columns} FROM {compiler.sources.profile} p WHERE {where.text} "
            "ORDER BY p.id LIMIT %s OFFSET %s",
            [*where.params, page_size, (page - 1) * page_size],
        )
    )


def segment_list(*, search: str = "", sort: str = "-updatedAt", segment_type: str | None = None):
    columns = SEGMENT_SORTS[sort.lstrip("-")]
    descending = sort.startswith("-")
    order = [
        F(c).desc(nulls_last=True) if descending else F(c).asc(nulls_first=True) for c in columns
    ]
    segments = Segment.objects.order_by(*order)
    if search.strip():
        segments = segments.filter(name__icontains=search.strip())
    if segment_type:
        segments = segments.filter(segment_type=segment_type)
    return segments


def segment_get(*, segment_id: int) -> Segment:
    segment = Segment.objects.filter(pk=segment_id).first()
    if segment is None:
        raise NotFound(SEGMENT_NOT_FOUND)
    return segment


def segment_members_sql(segment: Segment, *, time_zone: str = "UTC") -> Sql:
    """SELECT of the ids (`id`) of the segment's live profiles: its compiled rules when
    dynamic, its snapshot when static."""
    if segment.segment_type == SegmentType.STATIC:
        profile = profile_tables().profile
        return Sql(
            f"SELECT p.id FROM {MEMBER_TABLE} m JOIN {profile} p ON p.id = m.profile_id "
            "WHERE m.segment_id = %s AND p.deleted_at IS NULL AND p.archived_at IS NULL",
            [segment.pk],
        )
    return compiler_for(time_zone=time_zone).ids(tree_parse(segment.rules))


def segment_profile_table() -> str:
    return profile_tables().profile


def segment_count(segment: Segment, *, time_zone: str = "UTC") -> int:
    sql = segment_members_sql(segment, time_zone=time_zone)
    return _scalar(Sql(f"SELECT count(*) FROM ({sql.text}) s", sql.params))


def segment_profiles(
    segment: Segment, *, time_zone: str = "UTC", page: int = 1, page_size: int = 10
) -> list[dict]:
    """A page of the segment's profiles, by id."""
    sql = segment_members_sql(segment, time_zone=time_zone)
    profile = profile_tables().profile
    columns = ", ".join(f"p.{c}" for c in PREVIEW_COLUMNS)
    return _rows(
        Sql(
            f"SELECT {columns} FROM {profile} p WHERE p.id IN ({sql.text}) "
            "ORDER BY p.id LIMIT %s OFFSET %s",
            [*sql.params, page_size, (page - 1) * page_size],
        )
    )


@dataclass(frozen=True)
class RuleOptions:
    fields: list[dict]
    groups: list[dict]
    tags: list[dict]
    events: list[dict]
    rule_types: list[str]


def rule_options() -> RuleOptions:
    """What the builder offers: each field with its type, options and operators, the
    groups, the tags and the email event types."""
    return RuleOptions(
        fields=[
            {
                "key": f.key,
                "label": f.label,
                "type": f.type,
                "options": list(f.options),
                "operators": list(OPERATORS_BY_TYPE.get(f.type, ())),
            }
            for f in segment_field_list()
            if f.type in OPERATORS_BY_TYPE
        ],
        groups=group_names(),
        tags=tag_names(),
        events=[{"key": key, "label": label} for key, label in event_names()],
        rule_types=["field", "groups", "tags", "csb", "subscription", "activity"]
        + (["form"] if form_members() is not None else []),
    )


def segment_snapshot_sql(segment: Segment, tree, *, time_zone: str) -> Sql:
    """INSERT of a static segment's snapshot (the tree's profiles now), one statement."""
    ids = compiler_for(time_zone=time_zone).ids(tree)
    return Sql(
        f"INSERT INTO {MEMBER_TABLE} (segment_id, profile_id) SELECT %s, s.id FROM ({ids.text}) s",
        [segment.pk, *ids.params],
    )
