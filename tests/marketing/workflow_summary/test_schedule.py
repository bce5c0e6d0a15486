"""When a summary notification is due and which period a digest covers, in the client's
zone (America/New_York here), across a DST change."""

from datetime import UTC, datetime, time
from zoneinfo import ZoneInfo

from marketing.workflows.summary.schedule import Schedule, next_due, period_bounds

NY = ZoneInfo("America/New_York")


def _ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY)


def test_daily_at_nine_in_the_clients_zone():
    daily = Schedule("Day", time(9, 0))
    assert next_due(daily, _ny(2026, 11, 27, 8, 59), NY) == _ny(2026, 11, 27, 9, 0)
    assert next_due(daily, _ny(2026, 11, 27, 9, 0), NY) == _ny(2026, 11, 28, 9, 0)


def test_weekdays_count_from_sunday_zero():
    # 2026-11-27 is a Friday; Sunday (0) and Wednesday (3)
    weekly = Schedule("Week", time(7, 30), weekdays=(0, 3))
    assert next_due(weekly, _ny(2026, 11, 27, 12, 0), NY) == _ny(2026, 11, 29, 7, 30)
    assert next_due(weekly, _ny(2026, 11, 29, 8, 0), NY) == _ny(2026, 12, 2, 7, 30)


def test_month_days_past_a_months_end_fall_on_its_last_day():
    monthly = Schedule("Month", time(9, 0), month_days=(31,))
    assert next_due(monthly, _ny(2026, 4, 2), NY) == _ny(2026, 4, 30, 9, 0)
    assert next_due(monthly, _ny(2027, 2, 1), NY) == _ny(2027, 2, 28, 9, 0)
    customised = Schedule("Month", time(9, 0), month_days=(1, 15))
    assert next_due(customised, _ny(2026, 11, 15, 9, 0), NY) == _ny(2026, 12, 1, 9, 0)


def test_the_wall_clock_time_holds_across_a_dst_change():
    daily = Schedule("Day", time(9, 0))
    before = next_due(daily, _ny(2026, 10, 30, 10, 0), NY)  # Oct 31, EDT, UTC-4
    after = next_due(daily, before, NY)  # 2026-11-01 is the change: EST, UTC-5
    assert before.astimezone(UTC).hour == 13 and after.astimezone(UTC).hour == 14
    # 02:30 does not exist on 2026-03-08 in New York: read with the offset before it
    skipped = next_due(Schedule("Day", time(2, 30)), _ny(2026, 3, 8, 0, 0), NY)
    assert skipped.astimezone(UTC) == datetime(2026, 3, 8, 7, 30, tzinfo=UTC)


def test_periods_run_from_their_start_to_the_due_time():
    due = _ny(2026, 11, 27, 9, 0).astimezone(UTC)  # a Friday
    assert period_bounds("today", due, NY) == (_ny(2026, 11, 27), due)
    assert period_bounds("week", due, NY)[0] == _ny(2026, 11, 23)  # Monday
    assert period_bounds("month", due, NY)[0] == _ny(2026, 11, 1)
    assert period_bounds("quarter", due, NY)[0] == _ny(2026, 10, 1)


def test_no_day_to_run_on_means_never_due():
    assert next_due(Schedule("Week", time(9, 0)), _ny(2026, 11, 27), NY) is None
