"""Pacing a run (issue 12): before each message the run asks `DeliveryPacer.postponed`
whether its sending domain and its receiving domain may take one more message now
(token buckets in Redis, buckets.py) and whether the sending domain's warm-up day has
room (services/warmup.py). A message over budget is not sent: its row is put back, due
when the bucket will have a token for it, without counting an attempt or a bounce, and
the run goes on with the next row, so other domains keep flowing.

- Rates are per client: a client's mail is judged by its own sending domain (DKIM d=)
  and its own complaints, so one client's slow-down must not hold another's mail back.
  The relay or ESP in front of us limits the platform as a whole.
- Rows put back are spread out: each domain keeps the last due time it gave out in this
  run and the next row goes one token later, so a batch of 50 Gmail rows at 1 a second
  comes back over 50 seconds instead of all at once (and claimed again and again).
- A warm-up day used up puts the whole send back until the next day in one statement.
- Test sends and transactional mail (the transactional lane) are not paced: a handful of
  messages someone is waiting for.
- A message no rate limits (no rate for either domain, no warm-up, no slow-down) costs no
  round trip to Redis; slow-downs are read at most once a second per run."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone

from marketing.delivery.buckets import Refusal, slow_factors, take
from marketing.delivery.models import Delivery, DeliveryPace, DeliveryState, PaceKind, Send
from marketing.delivery.services.ledger import Claimed, deliveries_release
from marketing.delivery.services.warmup import domain_warmup

SLOW_READ_SECONDS = 1.0


def domain_of(address: str) -> str:
    return address.rpartition("@")[2].lower()


def client_rates() -> dict[tuple[str, str], int]:
    """The client's own rates (messages per minute) by (kind, domain)."""
    return {(p.kind, p.domain): p.per_minute for p in DeliveryPace.objects.all()}


def recipient_domain_per_minute(domain: str, rates: dict[tuple[str, str], int]) -> int:
    own = rates.get((PaceKind.RECIPIENT_DOMAIN, domain))
    if own is not None:
        return own
    return settings.DELIVERY_DOMAIN_RATES.get(domain, settings.DELIVERY_DOMAIN_PER_MINUTE)


def sender_per_minute(domain: str, rates: dict[tuple[str, str], int]) -> int:
    return rates.get((PaceKind.SENDER, domain), settings.DELIVERY_SENDER_PER_MINUTE)


def send_postpone_until(send_id: int, until: datetime) -> int:
    """Every open row of the send not claimed now waits until `until` at least."""
    # Claimed rows are their runs' own: each run puts back what it holds.
    waiting = (DeliveryState.PENDING, DeliveryState.DEFERRED, DeliveryState.UNKNOWN)
    return Delivery.objects.filter(
        send_id=send_id, state__in=waiting, next_attempt_at__lt=until
    ).update(next_attempt_at=until)


class DeliveryPacer:
    """One run's pacing of one send (made once per run, asked once per message)."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.schema = connection.schema_name
        self.active = not send.transactional
        self.sender_domain = domain_of(send.from_address)
        self.rates = client_rates() if self.active else {}
        self.sender_rate = sender_per_minute(self.sender_domain, self.rates) / 60
        self.warmup = domain_warmup(self.sender_domain) if self.active else None
        self.warmup_used_up = False
        self._last_due: dict[str, datetime] = {}  # per domain ("" the sender): spreading
        self._slow: dict[str, float] = {}
        self._slow_read = 0.0

    def _slow_factor(self, domain: str) -> float:
        if time.monotonic() - self._slow_read > SLOW_READ_SECONDS:
            self._slow, self._slow_read = slow_factors(schema=self.schema), time.monotonic()
        return self._slow.get(domain, 1.0)

    def postponed(self, row: Claimed) -> bool:
        """True when the row may not go now: it was put back, due later, and the run
        moves on to the next row."""
        if not self.active:
            return False
        if self.warmup_used_up:
            deliveries_release([row], due_at=self.warmup.next_day_at)
            return True
        domain = domain_of(row.email)
        domain_rate = recipient_domain_per_minute(domain, self.rates) / 60
        factor = self._slow_factor(domain)
        if not self.sender_rate and not domain_rate and self.warmup is None and factor >= 1:
            return False
        verdict = take(
            schema=self.schema,
            sender_domain=self.sender_domain,
            recipient_domain=domain,
            sender_per_second=self.sender_rate,
            domain_per_second=domain_rate,
            warmup_day=self.warmup.day if self.warmup else "",
            warmup_allowance=self.warmup.allowance if self.warmup else None,
        )
        if verdict.allowed:
            return False
        if verdict.refusal == Refusal.WARMUP:
            self.warmup_used_up = True
            send_postpone_until(self.send.pk, self.warmup.next_day_at)
            deliveries_release([row], due_at=self.warmup.next_day_at)
            return True
        if verdict.refusal == Refusal.SENDER:
            key, rate = "", self.sender_rate
        else:
            key, rate = domain, self._effective(domain_rate, factor)
        now = timezone.now()
        due = now + timedelta(seconds=verdict.wait_seconds)
        last = self._last_due.get(key)
        if last is not None and last >= due:
            due = last + timedelta(seconds=1 / rate)
        self._last_due[key] = due
        deliveries_release([row], due_at=due)
        return True

    @staticmethod
    def _effective(rate: float, factor: float) -> float:
        if factor < 1:
            start = rate or settings.DELIVERY_SLOW_DOWN_START_PER_MINUTE / 60
            return max(settings.DELIVERY_SLOW_DOWN_FLOOR_PER_MINUTE / 60, start * factor)
        return rate
