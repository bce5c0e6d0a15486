"""Instants shown in the client's time zone: the zone of the client whose schema the
connection is on, and the conversions every API module applies before answering."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.db import connection


def client_zone() -> ZoneInfo:
    """The time zone of the client the connection is set to (request or task)."""
    return ZoneInfo(connection.tenant.time_zone)


def in_zone(value: datetime | None, zone: ZoneInfo) -> datetime | None:
    return value.astimezone(zone) if value is not None else None


def localise(obj, names: tuple[str, ...], zone: ZoneInfo) -> None:
    """Set each of `obj`'s instants named in `names` to the same instant in `zone`."""
    for name in names:
        setattr(obj, name, in_zone(getattr(obj, name), zone))
