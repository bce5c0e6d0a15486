"""The monthly send limit (spec 5.2: "The monthly send limit can block sending or
scheduling, including for next month"): messages per calendar month in the client's
zone, from its plan (limit "MonthlySends") or DELIVERY_MONTHLY_LIMIT; none when neither
names one.

Delivery counts what the ledger holds for a month: messages sent in it, and open rows
(still to go) due in it (rows overdue count toward the current month), test sends'
included (issue 22.2: a test is mail to outside addresses like any other). The campaigns app
adds what its scheduled campaigns of that month will send and the campaign at hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from marketing.delivery.models import OPEN_STATES, Delivery

# What the client's scheduled campaigns of a month will send (campaigns register it at
# start: campaigns stand above delivery).
_scheduled_lookup: Callable[..., int] | None = None


def scheduled_usage_register(lookup: Callable[..., int]) -> None:
    global _scheduled_lookup
    _scheduled_lookup = lookup


@dataclass(frozen=True)
class Month:
    start: datetime
    end: datetime
    label: str  # "November 2026"


def monthly_limit() -> int | None:
    """The current client's messages per month, or None for no limit."""
    client = connection.tenant
    plan = getattr(client, "plan", None)
    value = plan.limits.get(settings.MONTHLY_SENDS_PLAN_KEY) if plan is not None else None
    if value is None:
        value = settings.DELIVERY_MONTHLY_LIMIT or None
    return int(value) if value is not None else None


def month_of(instant: datetime) -> Month:
    """The calendar month (in the client's zone) that holds `instant`."""
    zone = ZoneInfo(connection.tenant.time_zone)
    local = instant.astimezone(zone)
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    following = (start.year + start.month // 12, start.month % 12 + 1)
    end = start.replace(year=following[0], month=following[1])
    return Month(start, end, start.strftime("%B %Y"))


def ledger_month_usage(month: Month, *, now: datetime | None = None) -> int:
    """Messages of the month in the ledger: sent in it, or still to go and due in it."""
    now = now or timezone.now()
    due = Q(next_attempt_at__lt=month.end)
    if month.start > now:  # a later month: only rows due in it
        due &= Q(next_attempt_at__gte=month.start)
    rows = Delivery.objects.filter(
        Q(sent_at__gte=month.start, sent_at__lt=month.end) | (Q(state__in=OPEN_STATES) & due)
    )
    return rows.count()


@dataclass(frozen=True)
class Allowance:
    month: Month
    used: int  # sent, still to go and scheduled in the month
    limit: int | None  # None: no limit


def month_allowance(month: Month, *, now: datetime | None = None) -> Allowance:
    """The month's use against the limit, as the campaign send check counts it (without a
    campaign at hand)."""
    used = ledger_month_usage(month, now=now)
    if _scheduled_lookup is not None:
        used += _scheduled_lookup(month, except_id=None)
    return Allowance(month, used, monthly_limit())


def allowances_now(*, now: datetime | None = None) -> list[Allowance]:
    """This month's and next month's allowance."""
    now = now or timezone.now()
    this_month = month_of(now)
    return [
        month_allowance(this_month, now=now),
        month_allowance(month_of(this_month.end), now=now),
    ]
