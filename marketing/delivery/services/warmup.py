"""Warm-up of a sending domain verified recently: on the day it was verified (in the
client's zone) it may send DELIVERY_WARMUP_FIRST_DAY messages, each later day
DELIVERY_WARMUP_GROWTH times more, and after DELIVERY_WARMUP_DAYS days as much as its
rates allow. Mailbox providers judge a new domain by its first weeks: a domain that
starts with a flood looks like a spammer's fresh domain.

The run loop counts each message against the day in Redis, in the same script as the
token buckets (buckets.py); a run that finds the day used up puts the send's rows back
until the next day (services/throttle.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection
from django.utils import timezone

from marketing.delivery.buckets import warmup_used

# When the client's sending domain was verified, or None (marketing.senders registers its
# selector at start: senders stands above delivery, so delivery asks through this hook).
_verified_at_lookup: Callable[[str], datetime | None] | None = None
# The client's sending domains verified since a time (names), by the same hook.
_verified_since_lookup: Callable[[datetime], list[str]] | None = None


def domain_verified_at_lookup_register(
    lookup: Callable[[str], datetime | None],
    verified_since: Callable[[datetime], list[str]] | None = None,
) -> None:
    global _verified_at_lookup, _verified_since_lookup
    _verified_at_lookup = lookup
    _verified_since_lookup = verified_since


@dataclass(frozen=True)
class Warmup:
    domain: str
    day: str  # the client's local date, yyyy-mm-dd: the counter's key
    allowance: int  # messages the domain may send that day
    next_day_at: datetime  # when the next day (and allowance) begins
    day_number: int  # 1 = the day the domain was verified

    def remaining(self) -> int:
        used = warmup_used(schema=connection.schema_name, sender_domain=self.domain, day=self.day)
        return max(0, self.allowance - used)


def allowance_for(day_number: int) -> int | None:
    """Messages allowed on the domain's `day_number`-th day (1 = the day it was
    verified); None once the warm-up is over."""
    if day_number > settings.DELIVERY_WARMUP_DAYS:
        return None
    first, growth = settings.DELIVERY_WARMUP_FIRST_DAY, settings.DELIVERY_WARMUP_GROWTH
    return int(first * growth ** (max(day_number, 1) - 1))


def domain_warmup(domain: str, *, now: datetime | None = None) -> Warmup | None:
    """The sending domain's warm-up today, or None when it has none (not a domain of the
    client's, verified long enough ago, or not verified through the senders app)."""
    if _verified_at_lookup is None or not domain:
        return None
    verified_at = _verified_at_lookup(domain.lower())
    if verified_at is None:
        return None
    zone = ZoneInfo(connection.tenant.time_zone)
    now = now or timezone.now()
    today: date = now.astimezone(zone).date()
    day_number = (today - verified_at.astimezone(zone).date()).days + 1
    allowance = allowance_for(day_number)
    if allowance is None:
        return None
    tomorrow = datetime.combine(today + timedelta(days=1), time(), tzinfo=zone)
    return Warmup(domain.lower(), today.isoformat(), allowance, tomorrow, day_number)


def warmups_now(*, now: datetime | None = None) -> list[Warmup]:
    """Every sending domain of the client in its warm-up today, by name (the Sending
    Health screen)."""
    if _verified_since_lookup is None:
        return []
    now = now or timezone.now()
    # A day's margin: the days are counted in the client's zone.
    since = now - timedelta(days=settings.DELIVERY_WARMUP_DAYS + 1)
    found = (domain_warmup(name, now=now) for name in sorted(_verified_since_lookup(since)))
    return [warmup for warmup in found if warmup is not None]
