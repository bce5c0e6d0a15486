"""When a summary notification is due, and which period a digest covers: plain datetime
arithmetic in the client's zone (no Django).

- Day: every day at the time; Week: on the chosen weekdays (0 Sunday ... 6 Saturday, as
  the spec's 0-6 and JavaScript's getDay); Month: on the chosen days of the month (1-31,
  or the customised choices 1st, 2nd, 5th, 10th, 15th, 20th, 25th). A day past the end of
  a month (31 in April) is that month's last day.
- The time is the client's wall-clock time. On a DST change a time that does not exist
  that day (02:30 in spring) is read with the offset before the change (fold=0), one that
  happens twice (01:30 in autumn) at its first occurrence.
- A digest covers its period up to the moment it is due: today since midnight, this week
  since Monday, this month since the 1st, this quarter since its first day, all at
  midnight in the client's zone.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DAY, WEEK, MONTH = "Day", "Week", "Month"
FREQUENCIES = (DAY, WEEK, MONTH)
PERIODS = ("today", "week", "month", "quarter")
WEEKDAYS = tuple(range(7))
MONTH_DAYS = tuple(range(1, 32))
CUSTOMISED_DAYS = (1, 2, 5, 10, 15, 20, 25)
# Days looked ahead for the next occurrence: a month day exists in every month (clamped).
_HORIZON = 400


@dataclass(frozen=True)
class Schedule:
    frequency: str
    send_time: time
    weekdays: tuple[int, ...] = ()
    month_days: tuple[int, ...] = ()

    def runs_on(self, day: date) -> bool:
        if self.frequency == DAY:
            return True
        if self.frequency == WEEK:
            return (day.isoweekday() % 7) in self.weekdays  # Sunday 0
        last = calendar.monthrange(day.year, day.month)[1]
        return any(min(wanted, last) == day.day for wanted in self.month_days)


def _at(day: date, at: time, zone: ZoneInfo) -> datetime:
    local = datetime.combine(day, at, tzinfo=zone)
    # A wall-clock time skipped by a DST change: PEP 495 gives the pre-change offset.
    return local.astimezone(UTC)


def next_due(schedule: Schedule, after: datetime, zone: ZoneInfo) -> datetime | None:
    """The first occurrence strictly after `after` (an aware instant), in UTC; None when
    the schedule has no day to run on."""
    start = after.astimezone(zone).date()
    for offset in range(_HORIZON):
        day = start + timedelta(days=offset)
        if not schedule.runs_on(day):
            continue
        due = _at(day, schedule.send_time, zone)
        if due > after:
            return due
    return None


def period_bounds(period: str, due: datetime, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """[start, due) of the period a digest due at `due` covers, in UTC."""
    local = due.astimezone(zone).date()
    if period == "today":
        first = local
    elif period == "week":
        first = local - timedelta(days=local.weekday())  # Monday
    elif period == "month":
        first = local.replace(day=1)
    elif period == "quarter":
        first = date(local.year, 3 * ((local.month - 1) // 3) + 1, 1)
    else:
        raise ValueError(f"unknown period {period!r}")
    return _at(first, time(0, 0), zone), due.astimezone(UTC)
