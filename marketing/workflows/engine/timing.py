"""When a wait step is over (spec 9: frequency units Day, Week, Month; month days 1 to 31;
weekdays 0 to 6, 0 being Sunday; a day without a time means 9 AM).

A wait step is either a delay or a moment to wait until:

    {"type": "wait", "delay": {"amount": 2, "unit": "days"}}
    {"type": "wait", "until": {"weekdays": [1, 3], "time": "14:30", "zone": "profile"}}
    {"type": "wait", "until": {"monthDays": [1, 15]}}            # 09:00, client's zone
    {"type": "wait", "until": {"time": "18:00"}}                  # the next 18:00

Delays in minutes and hours are elapsed time; days, weeks and months are calendar time in
the zone (a two-day wait that crosses a DST change ends at the same wall-clock time it
began). A "until" moment is the earliest wall-clock time after now that matches, in the
client's zone or, with "zone": "profile", the profile's own (its custom field named by
`zoneField`, "timeZone" by default; the client's zone when it holds no valid zone). A
wall-clock time a DST change skips maps to the instant an hour later, as zoneinfo does; a
time that occurs twice is its first occurrence. A month day a month lacks (31 in April)
is that month's last day. Everything is computed with zoneinfo, never with fixed offsets.
"""

from __future__ import annotations

import calendar
import datetime as dt
import zoneinfo

from dateutil.relativedelta import relativedelta

DEFAULT_TIME = dt.time(9, 0)  # spec 5.9: a day without a time defaults to 9 AM
UNITS = {
    "minutes": "minutes",
    "minute": "minutes",
    "hours": "hours",
    "hour": "hours",
    "days": "days",
    "day": "days",
    "weeks": "weeks",
    "week": "weeks",
    "months": "months",
    "month": "months",
}
_ELAPSED = {"minutes", "hours"}


def zone_of(name: str | None, fallback: str) -> zoneinfo.ZoneInfo:
    for candidate in (name, fallback, "UTC"):
        if candidate:
            try:
                return zoneinfo.ZoneInfo(str(candidate))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    return zoneinfo.ZoneInfo("UTC")


def _time(text: str | None) -> dt.time:
    if not text:
        return DEFAULT_TIME
    hours, _, minutes = str(text).partition(":")
    return dt.time(int(hours), int(minutes or 0))


def _wall(day: dt.date, at: dt.time, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    """The instant of a wall-clock time; a skipped time (spring forward) is normalised
    through UTC (02:30 that does not exist is 03:30), a repeated one is its first."""
    local = dt.datetime.combine(day, at, tzinfo=zone)
    return local.astimezone(dt.UTC)


def _month_day(year: int, month: int, wanted: int) -> dt.date:
    return dt.date(year, month, min(wanted, calendar.monthrange(year, month)[1]))


def delay_due(delay: dict, *, now: dt.datetime, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    amount = int(delay.get("amount") or 0)
    unit = UNITS.get(str(delay.get("unit") or "minutes").lower(), "minutes")
    if amount <= 0:
        return now
    if unit in _ELAPSED:
        return now + dt.timedelta(**{unit: amount})
    local = now.astimezone(zone)
    later = local.replace(tzinfo=None) + relativedelta(**{unit: amount})
    return later.replace(tzinfo=zone).astimezone(dt.UTC)


def until_due(until: dict, *, now: dt.datetime, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    """The earliest instant after `now` whose wall-clock day and time match."""
    at = _time(until.get("time"))
    weekdays = {int(d) % 7 for d in until.get("weekdays") or []}  # 0 = Sunday
    month_days = [int(d) for d in until.get("monthDays") or []]
    today = now.astimezone(zone).date()
    for offset in range(0, 400):
        day = today + dt.timedelta(days=offset)
        if weekdays and (day.isoweekday() % 7) not in weekdays:
            continue
        if month_days and day not in {_month_day(day.year, day.month, d) for d in month_days}:
            continue
        instant = _wall(day, at, zone)
        if instant > now:
            return instant
    return now  # no day matches (an empty choice): the wait is over


def wait_due(step: dict, *, now: dt.datetime, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    if step.get("until"):
        return until_due(step["until"], now=now, zone=zone)
    return delay_due(step.get("delay") or {}, now=now, zone=zone)


def wait_wants_profile_zone(step: dict) -> bool:
    until = step.get("until") or {}
    return (until.get("zone") or step.get("zone")) == "profile"


def profile_zone_field(step: dict) -> str:
    until = step.get("until") or {}
    return str(until.get("zoneField") or step.get("zoneField") or "timeZone")
