import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from core.audit.models import AuditEvent, AuditLog, AuditObject, AuditPath
from core.pagination import PageOut, PageQuery
from marketing.activity.selectors import DEFAULT_SORT, SORTS, ActivityFilters

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
# Whole days of the client's time zone; the bounds keep every day a PostgreSQL timestamp.
Day = Annotated[datetime.date, Field(ge=datetime.date(1970, 1, 1), le=datetime.date(9998, 12, 31))]
SORT_CHOICES = tuple(key for name in SORTS for key in (name, f"-{name}"))


class ActivityFilterIn(Schema):
    actorId: Id | None = None  # noqa: N815 - wire names
    objectType: AuditObject | None = None  # noqa: N815
    dateFrom: Day | None = None  # noqa: N815
    dateTo: Day | None = None  # noqa: N815

    def filters(self) -> ActivityFilters:
        return ActivityFilters(
            actor_id=self.actorId,
            object_type=self.objectType,
            date_from=self.dateFrom,
            date_to=self.dateTo,
        )


class ActivityListQuery(PageQuery, ActivityFilterIn):
    sort: Literal[SORT_CHOICES] = DEFAULT_SORT


class ActivityOut(Schema):
    id: int
    createdAt: datetime.datetime
    # The same instant in the client's time zone (with its offset then): what people read.
    createdAtLocal: str
    eventType: str
    eventLabel: str
    actorId: int | None
    actorEmail: str
    path: str
    pathLabel: str
    clientAddress: str
    userAgent: str
    objectType: str
    objectTypeLabel: str
    objectId: int | None
    objectLabel: str
    extra: dict


class ActivityPageOut(PageOut):
    items: list[ActivityOut]
    # The client's time zone: the list's local times and the date filters are in it.
    time_zone: str


class ActivityPersonOut(Schema):
    id: int
    email: str


class ActivityPeopleOut(Schema):
    items: list[ActivityPersonOut]


def _label(choices, value: str) -> str:
    try:
        return choices(value).label
    except ValueError:
        return value


def activity_out(row: AuditLog, zone) -> dict:
    return {
        "id": row.pk,
        "createdAt": row.created_at,
        "createdAtLocal": row.created_at.astimezone(zone).isoformat(timespec="seconds"),
        "eventType": row.event_type,
        "eventLabel": _label(AuditEvent, row.event_type),
        "actorId": row.actor_id,
        "actorEmail": row.actor_email,
        "path": row.path,
        "pathLabel": _label(AuditPath, row.path),
        "clientAddress": row.client_address,
        "userAgent": row.user_agent,
        "objectType": row.object_type,
        "objectTypeLabel": _label(AuditObject, row.object_type),
        "objectId": row.object_id,
        "objectLabel": row.object_label,
        "extra": row.extra or {},
    }
