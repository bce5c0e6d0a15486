"""The send ledger's writes: freeze the audience, claim due rows under a lease, record
each outcome. Every statement is set-based or per message and safe to repeat:

- freezing twice inserts nothing the second time (ON CONFLICT DO NOTHING);
- a claim takes rows no one holds (`FOR UPDATE SKIP LOCKED`) and whose lease, if any,
  has expired, and looks at suppression again before handing them out;
- an outcome is written only by the claim that holds the row (same attempt number), so a
  worker that lost its lease cannot overwrite what the next one did.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from marketing.audience.selectors.mailable import mailable_condition, profile_table
from marketing.audience.services.bounces import soft_bounce_record, soft_bounce_streak_end
from marketing.delivery.messages import ATTEMPTS_EXHAUSTED, SENDER_REFUSED, SUPPRESSED_AT_CLAIM
from marketing.delivery.models import (
    OPEN_STATES,
    Delivery,
    DeliveryState,
    Send,
    SendKind,
    SendStatus,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.smtp import Outcome, Reply
from marketing.tracking.services import Event, events_record

DELIVERY = Delivery._meta.db_table
SUPPRESSION = Suppression._meta.db_table
# Rows for a bare address (no profile: a test send's typed addresses) take profile ids from
# here up (services/recipients.py); profile ids, a bigserial, never get here.
ADDRESS_ROW_BASE = 1 << 62
CLAIMABLE = (
    f"(d.state IN ({DeliveryState.PENDING}, {DeliveryState.DEFERRED}, {DeliveryState.UNKNOWN})"
    f" OR (d.state = {DeliveryState.CLAIMED} AND d.lease_expires_at < now()))"
)


# The soft-bounce streak the current attempt read under its lock (None outside one): a
# message that reached a profile with no streak has no streak to end.
_attempt_streak: ContextVar[int | None] = ContextVar("attempt_streak", default=None)


@dataclass(frozen=True)
class Claimed:
    id: int
    profile_id: int
    email: str
    variant: str
    attempts: int  # this claim's attempt number: only it may record the outcome
    # Rep as Sender: this row's own From ("" : the send's).
    from_name: str = ""
    from_address: str = ""
    reply_to: str = ""


def send_freeze(send: Send, *, audience_sql: str, params: list, variant: str = "") -> int:
    """Write a pending ledger row for every mailable profile of the audience (SQL that
    selects profile ids as `id`). Returns how many rows this call added."""
    mailable, mailable_params = mailable_condition("p")
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {DELIVERY} (send_id, profile_id, email, variant, state, attempts,"
            " next_attempt_at, last_reply)"
            f" SELECT %s, p.id, p.email, %s, {DeliveryState.PENDING}, 0, now(), ''"
            f" FROM {profile_table()} p WHERE p.id IN ({audience_sql}) AND {mailable}"
            f" AND NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = p.email)"
            " ON CONFLICT (send_id, profile_id) DO NOTHING",
            [send.pk, variant, *params, *mailable_params],
        )
        return cursor.rowcount


def deliveries_claim(send_id: int, *, limit: int, lease_seconds: int) -> list[Claimed]:
    """Claim up to `limit` due rows of the send for `lease_seconds`; rows whose profile is
    no longer mailable (or whose address was suppressed) end as suppressed instead."""
    mailable, mailable_params = mailable_condition("p")
    with transaction.atomic(), connection.cursor() as cursor:
        # A row whose every claim ended without an outcome (the runs holding it died: a
        # message that kills its worker) is given up, not handed out for ever.
        cursor.execute(
            f"UPDATE {DELIVERY} AS d SET state = {DeliveryState.FAILED}, lease_expires_at = NULL,"
            " last_reply = %s WHERE d.send_id = %s AND d.next_attempt_at <= now()"
            f" AND d.state = {DeliveryState.CLAIMED} AND d.lease_expires_at < now()"
            f" AND d.attempts >= (SELECT max_attempts FROM {Send._meta.db_table} WHERE id = %s)",
            [ATTEMPTS_EXHAUSTED, send_id, send_id],
        )
        cursor.execute(
            f"UPDATE {DELIVERY} AS c SET state = {DeliveryState.CLAIMED},"
            " attempts = c.attempts + 1, lease_expires_at = now() + make_interval(secs => %s)"
            f" WHERE c.id IN (SELECT d.id FROM {DELIVERY} d WHERE d.send_id = %s"
            f" AND d.next_attempt_at <= now() AND {CLAIMABLE}"
            " ORDER BY d.next_attempt_at, d.id LIMIT %s FOR UPDATE SKIP LOCKED)"
            " RETURNING c.id, c.profile_id, c.email, c.variant, c.attempts, c.from_name,"
            " c.from_address, c.reply_to",
            [lease_seconds, send_id, limit],
        )
        # RETURNING follows no ORDER BY: oldest rows first again, as the claim chose them.
        claimed = sorted((Claimed(*row) for row in cursor.fetchall()), key=lambda c: c.id)
        if not claimed:
            return []
        cursor.execute(
            f"UPDATE {DELIVERY} AS d SET state = {DeliveryState.SUPPRESSED},"
            " lease_expires_at = NULL, last_reply = %s"
            # A bare address's row (ADDRESS_ROW_BASE) has no profile to look at.
            " WHERE d.id = ANY(%s) AND ((d.profile_id < %s AND NOT EXISTS (SELECT 1 FROM"
            f" {profile_table()} p WHERE p.id = d.profile_id AND p.email = d.email"
            f" AND {mailable})) OR EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = d.email))"
            " RETURNING d.id",
            [SUPPRESSED_AT_CLAIM, [c.id for c in claimed], ADDRESS_ROW_BASE, *mailable_params],
        )
        suppressed = {row[0] for row in cursor.fetchall()}
    return [c for c in claimed if c.id not in suppressed]


@contextmanager
def delivery_attempt(claimed: Claimed) -> Iterator[bool]:
    """One message's attempt, in one transaction: yields whether the recipient may still
    be mailed; the caller sends and records the outcome inside it (one commit per message).

    The profile row is read `FOR SHARE`: an unsubscribe (an UPDATE of that row) waits for
    this transaction, so it commits after the message was handed over or not at all before
    it, and no message reaches an address after its unsubscribe committed. A recipient no
    longer mailable (or whose address was suppressed since the claim) ends as suppressed."""
    mailable, mailable_params = mailable_condition("p")
    with transaction.atomic(), connection.cursor() as cursor:
        if claimed.profile_id >= ADDRESS_ROW_BASE:  # a bare address: no profile to lock
            cursor.execute(
                f"SELECT NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = %s)",
                [claimed.email],
            )
        else:
            cursor.execute(
                f"SELECT {mailable} AND p.email = %s AND NOT EXISTS (SELECT 1 FROM"
                f" {SUPPRESSION} s WHERE s.email = p.email), p.soft_bounce_streak"
                f" FROM {profile_table()} p WHERE p.id = %s FOR SHARE OF p",
                [*mailable_params, claimed.email, claimed.profile_id],
            )
        row = cursor.fetchone()
        if row is not None and row[0]:
            # Locked: no soft bounce can change the streak before this commits.
            token = _attempt_streak.set(row[1] if len(row) > 1 else None)
            try:
                yield True
            finally:
                _attempt_streak.reset(token)
            return
        Delivery.objects.filter(
            pk=claimed.id, state=DeliveryState.CLAIMED, attempts=claimed.attempts
        ).update(
            state=DeliveryState.SUPPRESSED, lease_expires_at=None, last_reply=SUPPRESSED_AT_CLAIM
        )
        yield False


def deliveries_release(rows: list[Claimed]) -> None:
    """Claimed rows a run stops before trying (its time is up, the send was paused): due
    again at once, and the attempt they were claimed with is not counted."""
    for row in rows:
        Delivery.objects.filter(
            pk=row.id, state=DeliveryState.CLAIMED, attempts=row.attempts
        ).update(
            state=DeliveryState.PENDING,
            attempts=row.attempts - 1,
            lease_expires_at=None,
            next_attempt_at=timezone.now(),
        )


def _retry_delay(attempts: int) -> timedelta:
    """Exponential backoff with jitter: about 1, 2, 4 ... minutes, at most 4 hours."""
    base = min(settings.DELIVERY_RETRY_FIRST_SECONDS * 2 ** (attempts - 1), 4 * 3600)
    return timedelta(seconds=base * (0.8 + secrets.randbelow(401) / 1000))


def delivery_outcome_record(send: Send, claimed: Claimed, reply: Reply) -> DeliveryState:
    """Write what one attempt came to; returns the row's new state. Hard bounces suppress
    the address; a sender problem pauses the send (the receiver refuses us, not them)."""
    now = timezone.now()
    state, next_attempt = _next_state(send, claimed, reply, now)
    # Inside delivery_attempt's transaction no savepoint is needed: its commit is this one.
    with transaction.atomic(savepoint=False):
        updated = Delivery.objects.filter(
            pk=claimed.id, state=DeliveryState.CLAIMED, attempts=claimed.attempts
        ).update(
            state=state,
            last_reply=reply.summary,
            lease_expires_at=None,
            next_attempt_at=next_attempt,
            sent_at=now if state == DeliveryState.SENT else None,
        )
        if not updated:  # our lease ran out and another claim owns the row now
            return state
        _side_effects(send, claimed, reply, state)
    return state


def _next_state(send: Send, claimed: Claimed, reply: Reply, now):
    outcome = reply.outcome
    if outcome == Outcome.SENT:
        return DeliveryState.SENT, now
    if outcome in (Outcome.HARD_BOUNCE, Outcome.FAILED):
        return DeliveryState.FAILED, now
    if claimed.attempts >= send.max_attempts:
        return DeliveryState.FAILED, now
    if outcome == Outcome.UNKNOWN:
        # Retried with the same Message-ID once the lease a receiver might still be
        # finishing under has passed.
        return DeliveryState.UNKNOWN, now + timedelta(seconds=settings.DELIVERY_LEASE_SECONDS)
    return DeliveryState.DEFERRED, now + _retry_delay(claimed.attempts)


def _side_effects(send: Send, claimed: Claimed, reply: Reply, state: DeliveryState) -> None:
    campaign_id = send.source_id if send.kind == SendKind.CAMPAIGN else None
    step_id = send.source_id if send.kind == SendKind.WORKFLOW_STEP else None
    counted = send.kind != SendKind.TEST  # test sends leave no trace in reports

    def event(name: str) -> Event:
        return Event(claimed.profile_id, name, campaign_id=campaign_id, workflow_step_id=step_id)

    if state == DeliveryState.SENT:
        if counted:
            events_record([event("sent")])
            if _attempt_streak.get() != 0:
                soft_bounce_streak_end(profile_ids=[claimed.profile_id])
    elif reply.outcome == Outcome.HARD_BOUNCE:
        Suppression.objects.get_or_create(
            email=claimed.email,
            defaults={"reason": SuppressionReason.HARD_BOUNCE, "detail": reply.summary},
        )
        if counted:
            events_record([event("bounced")])
    elif state == DeliveryState.FAILED and counted and reply.outcome != Outcome.FAILED:
        soft_bounce_record(profile_id=claimed.profile_id)  # gave up after deferrals
    if reply.outcome == Outcome.SENDER_PROBLEM:
        send_pause(send, message=SENDER_REFUSED.format(reply=reply.summary))


def send_pause(send: Send, *, message: str) -> None:
    Send.objects.filter(pk=send.pk, status=SendStatus.SENDING).update(
        status=SendStatus.PAUSED, status_message=message
    )
    send.status, send.status_message = SendStatus.PAUSED, message


def send_finish_if_done(send: Send) -> bool:
    """Finished when no row is pending, claimed, deferred or unknown."""
    if Delivery.objects.filter(send=send, state__in=OPEN_STATES).exists():
        return False
    Send.objects.filter(pk=send.pk, status=SendStatus.SENDING).update(
        status=SendStatus.FINISHED, finished_at=timezone.now()
    )
    return True


def sends_due() -> list[int]:
    """The sends still sending that have rows a claim would take now (the sweeper's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.id FROM {Send._meta.db_table} s WHERE s.status = %s AND EXISTS"
            f" (SELECT 1 FROM {DELIVERY} d WHERE d.send_id = s.id"
            f" AND d.next_attempt_at <= now() AND {CLAIMABLE})",
            [SendStatus.SENDING],
        )
        return [row[0] for row in cursor.fetchall()]


def sends_unfinished() -> list[Send]:
    return list(Send.objects.filter(status=SendStatus.SENDING))


def send_has_due(send_id: int) -> bool:
    """Whether a claim would find something now."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {DELIVERY} d WHERE d.send_id = %s"
            f" AND d.next_attempt_at <= now() AND {CLAIMABLE})",
            [send_id],
        )
        return cursor.fetchone()[0]
