"""Reads of the audit trail: the Activity screen's list and its filters, and the people
who appear in it."""

import datetime
import zoneinfo
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet

from core.audit.models import AuditLog, AuditObject
from core.errors import ValidationFailed, invalid_field
from core.messages import UNKNOWN_SORT
from marketing.activity.messages import DATES_REVERSED, UNKNOWN_OBJECT_TYPE

# The list's sort keys (the wire names) and their columns; ties go to the newest row.
SORTS = {
    "createdAt": "created_at",
    "actor": "actor_email",
    "event": "event_type",
    "objectType": "object_type",
    "path": "path",
}
DEFAULT_SORT = "-createdAt"
# Past this many rows (planner's estimate) a list page says "about N" instead of counting.
EXACT_COUNT_UP_TO = 50_000
PEOPLE_MAX = 500


@dataclass(frozen=True)
class ActivityFilters:
    actor_id: int | None = None
    object_type: str | None = None
    date_from: datetime.date | None = None  # first day, inclusive, in the client's zone
    date_to: datetime.date | None = None  # last day, inclusive, in the client's zone


def _day_start(day: datetime.date, zone: zoneinfo.ZoneInfo) -> datetime.datetime:
    return datetime.datetime.combine(day, datetime.time.min, tzinfo=zone)


def activity_filter(filters: ActivityFilters, *, time_zone: str) -> QuerySet[AuditLog]:
    """The rows the filters select. Dates are whole days of the client's time zone
    (`time_zone`), so a day means what the client's people call that day."""
    rows = AuditLog.objects.all()
    if filters.actor_id is not None:
        rows = rows.filter(actor_id=filters.actor_id)
    if filters.object_type:
        if filters.object_type not in AuditObject.values:
            raise invalid_field("objectType", UNKNOWN_OBJECT_TYPE)
        rows = rows.filter(object_type=filters.object_type)
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise ValidationFailed(DATES_REVERSED, errors={"dateFrom": [DATES_REVERSED]})
    zone = zoneinfo.ZoneInfo(time_zone)
    if filters.date_from:
        rows = rows.filter(created_at__gte=_day_start(filters.date_from, zone))
    if filters.date_to:
        next_day = filters.date_to + datetime.timedelta(days=1)
        rows = rows.filter(created_at__lt=_day_start(next_day, zone))
    return rows


def activity_list(
    filters: ActivityFilters, *, time_zone: str, sort: str = DEFAULT_SORT
) -> QuerySet[AuditLog]:
    """Newest first unless `sort` names another column (`-` for descending)."""
    field = SORTS.get(sort.removeprefix("-"))
    if field is None:
        raise invalid_field("sort", UNKNOWN_SORT)
    descending = sort.startswith("-")
    order = [f"-{field}" if descending else field]
    if field != "created_at":
        order.append("-created_at")
    order.append("-id")
    return activity_filter(filters, time_zone=time_zone).order_by(*order)


def activity_people() -> list[dict]:
    """Everyone who appears in the trail as an actor (at most PEOPLE_MAX), with the email
    they had when they last acted. The distinct ids are found by skipping through the
    (actor_id, created_at) index one person at a time, not by reading the whole trail."""
    table = AuditLog._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH RECURSIVE actors(id) AS (
                (SELECT actor_id FROM {table} WHERE actor_id IS NOT NULL
                 ORDER BY actor_id LIMIT 1)
                UNION ALL
                SELECT (SELECT t.actor_id FROM {table} t WHERE t.actor_id > a.id
                        ORDER BY t.actor_id LIMIT 1)
                FROM actors a WHERE a.id IS NOT NULL
            )
            SELECT a.id, (SELECT t.actor_email FROM {table} t WHERE t.actor_id = a.id
                          ORDER BY t.created_at DESC LIMIT 1) AS email
            FROM (SELECT id FROM actors WHERE id IS NOT NULL LIMIT %s) a
            ORDER BY email, a.id
            """,
            [PEOPLE_MAX],
        )
        return [{"id": person_id, "email": email} for person_id, email in cursor.fetchall()]
