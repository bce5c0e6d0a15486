"""Pacing a run (issue 12): before each message the run asks `DeliveryPacer.postponed`
whether its sending domain and its receiving domain may take one more message now
(token buckets in Redis, buckets.py) and whether the sending domain's warm-up day has
room (services/warmup.py). A message over budget is not sent: its row is held and put
back at the end of the batch (one statement for all of them), due when the bucket will
have a token for it, without counting an attempt or a bounce, and the run goes on with
the next row, so other domains keep flowing. The sending domain is the row's own: a
Rep-as-Sender row may send from another of the client's domains, with its own rate and
warm-up.

- Rates are per client: a client's mail is judged by its own sending domain (DKIM d=)
  and its own complaints, so one client's slow-down must not hold another's mail back.
  The relay or ESP in front of us limits the platform as a whole.
- Rows put back are spread out: each domain keeps the last due time it gave out in this
  run and the next row goes one token later, so a batch of 50 Gmail rows at 1 a second
  comes back over 50 seconds instead of all at once (and claimed again and again).
- A warm-up day used up puts the send's rows from that domain back until the next day in
  one statement.
- Transactional mail (the transactional lane) is not paced: a handful of messages someone
  is waiting for. Test sends are, though they run on that lane: any member can send them
  to outside addresses, so they meet the client's rates and warm-up as a broadcast does
  (issue 22.2).
- A message no rate limits (no rate for either domain, no warm-up, no slow-down) costs no
  round trip to Redis; slow-downs are read at most once a second per run."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from marketing.delivery.buckets import Refusal, slow_factors, take
from marketing.delivery.models import (
    Delivery,
    DeliveryPace,
    DeliveryState,
    PaceKind,
    Send,
    SendKind,
)
from marketing.delivery.services.ledger import Claimed, deliveries_postpone
from marketing.delivery.services.warmup import Warmup, domain_warmup

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


def send_postpone_until(send: Send, until: datetime, *, sender_domain: str) -> int:
    """Every open row of the send from `sender_domain` (the send's own From, or a row's
    Rep-as-Sender From) not claimed now waits until `until` at least."""
    # Claimed rows are their runs' own: each run puts back what it holds.
    waiting = (DeliveryState.PENDING, DeliveryState.DEFERRED, DeliveryState.UNKNOWN)
    rows = Delivery.objects.filter(send_id=send.pk, state__in=waiting, next_attempt_at__lt=until)
    from_domain = Q(from_address__iendswith=f"@{sender_domain}")
    if domain_of(send.from_address) == sender_domain:
        from_domain |= Q(from_address="")
    return rows.filter(from_domain).update(next_attempt_at=until)


@dataclass
class _Sender:
    """One sending domain's pace in a run: its rate and its warm-up day."""

    domain: str
    per_second: float
    warmup: Warmup | None
    used_up: bool = False  # the warm-up day has no room left


class DeliveryPacer:
    """One run's pacing of one send (made once per run, asked once per message). The rows
    it puts back are released together by `put_back`, once per batch."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.schema = connection.schema_name
        self.active = not send.transactional or send.kind == SendKind.TEST
        self.rates = client_rates() if self.active else {}
        self._senders: dict[str, _Sender] = {}
        self._held: list[tuple[Claimed, datetime]] = []
        self._last_due: dict[str, datetime] = {}  # per bucket: spreading
        self._slow: dict[str, float] = {}
        self._slow_read = 0.0

    def _sender(self, row: Claimed) -> _Sender:
        """The pace of the row's From domain: a Rep-as-Sender row may send from a domain
        of its own, with its own rate and warm-up."""
        domain = domain_of(row.from_address or self.send.from_address)
        sender = self._senders.get(domain)
        if sender is None:
            sender = self._senders[domain] = _Sender(
                domain, sender_per_minute(domain, self.rates) / 60, domain_warmup(domain)
            )
        return sender

    def _slow_factor(self, domain: str) -> float:
        if time.monotonic() - self._slow_read > SLOW_READ_SECONDS:
            self._slow, self._slow_read = slow_factors(schema=self.schema), time.monotonic()
        return self._slow.get(domain, 1.0)

    def postponed(self, row: Claimed) -> bool:
        """True when the row may not go now: it is held, to be put back due later, and the
        run moves on to the next row."""
        if not self.active:
            return False
        sender = self._sender(row)
        if sender.used_up:
            self._held.append((row, sender.warmup.next_day_at))
            return True
        domain = domain_of(row.email)
        domain_rate = recipient_domain_per_minute(domain, self.rates) / 60
        factor = self._slow_factor(domain)
        if not sender.per_second and not domain_rate and sender.warmup is None and factor >= 1:
            return False
        verdict = take(
            schema=self.schema,
            sender_domain=sender.domain,
            recipient_domain=domain,
            sender_per_second=sender.per_second,
            domain_per_second=domain_rate,
            warmup_day=sender.warmup.day if sender.warmup else "",
            warmup_allowance=sender.warmup.allowance if sender.warmup else None,
        )
        if verdict.allowed:
            return False
        if verdict.refusal == Refusal.WARMUP:
            sender.used_up = True
            send_postpone_until(self.send, sender.warmup.next_day_at, sender_domain=sender.domain)
            self._held.append((row, sender.warmup.next_day_at))
            return True
        if verdict.refusal == Refusal.SENDER:
            key, rate = f"@{sender.domain}", sender.per_second
        else:
            key, rate = domain, self._effective(domain_rate, factor)
        now = timezone.now()
        due = now + timedelta(seconds=verdict.wait_seconds)
        last = self._last_due.get(key)
        if last is not None and last >= due:
            due = last + timedelta(seconds=1 / rate)
        self._last_due[key] = due
        self._held.append((row, due))
        return True

    def put_back(self) -> None:
        """Release the rows held since the last call, each due when `postponed` said, in
        one statement."""
        held, self._held = self._held, []
        deliveries_postpone(held)

    @staticmethod
    def _effective(rate: float, factor: float) -> float:
        if factor < 1:
            start = rate or settings.DELIVERY_SLOW_DOWN_START_PER_MINUTE / 60
            return max(settings.DELIVERY_SLOW_DOWN_FLOOR_PER_MINUTE / 60, start * factor)
        return rate
