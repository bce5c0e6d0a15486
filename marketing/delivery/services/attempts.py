"""Each message's attempt in a transaction of its own, at two round trips to PostgreSQL:

1. `attempts.begin(row)`: BEGIN and the locked read of the recipient (their profile row
   `FOR SHARE`: still mailable, same address, not suppressed), one query string. An
   unsubscribe (an UPDATE of that row) now waits for this transaction, so it commits
   after the message was handed over or before the read, never in between: no message
   reaches an address after its unsubscribe committed.
2. the caller hands the message over;
3. `attempts.outcome(row, reply)`: one statement writing the delivery row and everything
   that goes with that outcome (the sent or bounced event, the suppression, the soft-bounce
   streak, the send's pause), then COMMIT, one query string.

The attempts connection. A worker process keeps one connection of its own for attempts,
beside Django's, because of what runs between begin and outcome: the renderer's and the
pacing checks' ORM calls stay on Django's connection, outside this transaction, where
their own `transaction.atomic()` works. On it:

- transactions are explicit (BEGIN/COMMIT in the query string, autocommit otherwise) and
  parameters bound client-side, so each step above is one query string;
- `search_path` is set once per run, not per cursor as django-tenants does;
- `synchronous_commit` is off for the session (the connection runs nothing but attempts):
  a commit returns before its WAL reaches the disk. A worker that dies loses nothing it
  committed; only a PostgreSQL crash can lose the last few hundred milliseconds of
  outcomes, whose rows then come back after their lease and are sent again with the same
  Message-ID: the ambiguous case the ledger already allows (an `unknown` outcome).

Inside a transaction the caller already holds (tests, which roll everything back) the
same statements run on Django's connection without BEGIN/COMMIT: nothing could commit per
message there, and another connection would not see the caller's rows."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import psycopg
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone
from django_tenants.utils import get_public_schema_name
from psycopg import sql

from marketing.audience.selectors.mailable import mailable_condition, profile_table
from marketing.audience.services.bounces import (
    soft_bounce_record_sql,
    soft_bounce_streak_end_sql,
)
from marketing.delivery.buckets import slow_down
from marketing.delivery.messages import SENDER_REFUSED, SUPPRESSED_AT_CLAIM
from marketing.delivery.models import (
    DeliveryState,
    Send,
    SendKind,
    SendStatus,
    SuppressionReason,
)
from marketing.delivery.services.breaker import breaker_check_soon
from marketing.delivery.services.ledger import ADDRESS_ROW_BASE, DELIVERY, SUPPRESSION, Claimed
from marketing.delivery.services.throttle import domain_of
from marketing.delivery.smtp import Outcome, Reply
from marketing.tracking.services import event_code, event_insert_sql

SEND = Send._meta.db_table
ATTEMPTS_APPLICATION = "mailcraft-attempts"  # the attempts connection in pg_stat_activity
_WRITE = (
    f"UPDATE {DELIVERY} SET state = %s, last_reply = %s, lease_expires_at = NULL,"
    " next_attempt_at = %s, sent_at = %s"
    f" WHERE id = %s AND state = {DeliveryState.CLAIMED} AND attempts = %s"
    " RETURNING profile_id, email"
)
_EVENT = event_insert_sql("SELECT d.profile_id, %s, %s::bigint, %s::bigint FROM d")
_SUPPRESS = (
    f"INSERT INTO {SUPPRESSION} (email, reason, detail, created_at)"
    " SELECT d.email, %s, %s, now() FROM d ON CONFLICT (email) DO NOTHING"
)
_PAUSE = (
    f"UPDATE {SEND} SET status = %s, status_message = %s"
    " WHERE id = %s AND status = %s AND EXISTS (SELECT 1 FROM d)"
)
_PROFILE_IDS = "SELECT d.profile_id FROM d"


def _retry_delay(attempts: int) -> timedelta:
    """Exponential backoff with jitter: about 1, 2, 4 ... minutes, at most 4 hours."""
    base = min(settings.DELIVERY_RETRY_FIRST_SECONDS * 2 ** (attempts - 1), 4 * 3600)
    return timedelta(seconds=base * (0.8 + secrets.randbelow(401) / 1000))


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


def outcome_statement(
    send: Send, claimed: Claimed, reply: Reply, *, streak: int | None = None
) -> tuple[str, list, DeliveryState]:
    """One statement writing what an attempt came to, only if this claim still holds the
    row (same attempt number: a worker that outlived its lease changes nothing), and
    selecting how many rows it wrote (0 or 1). `streak` is the soft-bounce streak the
    attempt read under its lock (None: not known, so a delivered message ends it)."""
    now = timezone.now()
    state, next_attempt = _next_state(send, claimed, reply, now)
    summary = reply.summary
    sent_at = now if state == DeliveryState.SENT else None
    write = [int(state), summary, next_attempt, sent_at, claimed.id, claimed.attempts]
    parts = [("d", _WRITE, write)]
    counted = send.kind != SendKind.TEST  # test sends leave no trace in reports
    campaign_id = send.source_id if send.kind == SendKind.CAMPAIGN else None
    step_id = send.source_id if send.kind == SendKind.WORKFLOW_STEP else None

    def event(name: str) -> None:
        parts.append(("e", _EVENT, [event_code(name), campaign_id, step_id]))

    if state == DeliveryState.SENT:
        if counted:
            event("sent")
            if streak != 0:  # a run of soft bounces ends (most profiles have none)
                parts.append(("z", soft_bounce_streak_end_sql(_PROFILE_IDS), []))
    elif reply.outcome == Outcome.HARD_BOUNCE:
        parts.append(("s", _SUPPRESS, [SuppressionReason.HARD_BOUNCE.value, summary]))
        if counted:
            event("bounced")
    elif state == DeliveryState.FAILED and counted and reply.outcome != Outcome.FAILED:
        parts.append(("b", soft_bounce_record_sql(_PROFILE_IDS), []))  # gave up after deferrals
    if reply.outcome == Outcome.SENDER_PROBLEM:
        message = SENDER_REFUSED.format(reply=summary)
        pause = [SendStatus.PAUSED.value, message, send.pk, SendStatus.SENDING.value]
        parts.append(("p", _PAUSE, pause))
    statement = "WITH " + ", ".join(f"{name} AS ({text})" for name, text, _ in parts)
    params = [value for _, _, values in parts for value in values]
    return statement + " SELECT count(*) FROM d", params, state


def _suppressed_statement(claimed: Claimed) -> tuple[str, list]:
    return (
        f"UPDATE {DELIVERY} SET state = {DeliveryState.SUPPRESSED}, lease_expires_at = NULL,"
        f" last_reply = %s WHERE id = %s AND state = {DeliveryState.CLAIMED} AND attempts = %s",
        [SUPPRESSED_AT_CLAIM, claimed.id, claimed.attempts],
    )


def _check_statement(claimed: Claimed) -> tuple[str, list]:
    """Whether the recipient may still be mailed, and their soft-bounce streak; a profile's
    row is locked FOR SHARE until the attempt commits."""
    if claimed.profile_id >= ADDRESS_ROW_BASE:  # a bare address: no profile to lock
        return (
            f"SELECT NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = %s), NULL",
            [claimed.email],
        )
    mailable, mailable_params = mailable_condition("p")
    return (
        f"SELECT {mailable} AND p.email = %s AND NOT EXISTS (SELECT 1 FROM"
        f" {SUPPRESSION} s WHERE s.email = p.email), p.soft_bounce_streak"
        f" FROM {profile_table()} p WHERE p.id = %s FOR SHARE OF p",
        [*mailable_params, claimed.email, claimed.profile_id],
    )


class Attempts:
    """A run's attempts, one after the other (module docstring)."""

    def __init__(self, send: Send, cursor, *, commits: bool) -> None:
        self.send, self.cursor, self.commits = send, cursor, commits
        self.open = False  # an attempt begun (its transaction, where this one commits)
        self._streak: int | None = None
        # The next message's attempt, begun in the same query string as the last outcome's
        # commit: (its delivery id, its locked read's row).
        self._begun: tuple[int, tuple | None] | None = None

    def begin(self, claimed: Claimed) -> bool:
        """Start the message's attempt with the locked read; whether the recipient may
        still be mailed. One who may not ends as suppressed (committed here)."""
        if self._begun is not None and self._begun[0] == claimed.id:
            read = self._begun[1]
        else:
            self.abandon()
            read = self._execute("", [], then=claimed)[1]
        self._begun = None
        if read is not None and read[0]:
            self._streak = read[1]
            return True
        self._execute(*_suppressed_statement(claimed))
        return False

    def outcome(
        self, claimed: Claimed, reply: Reply, *, then: Claimed | None = None
    ) -> DeliveryState:
        """Write and commit the outcome (inside the attempt begun for `claimed`, or on its
        own for a message that never got that far); returns the row's new state. `then`,
        the next row to try, has its attempt begun in the same round trip."""
        statement, params, state = outcome_statement(
            self.send, claimed, reply, streak=self._streak if self.open else None
        )
        written, read = self._execute(statement, params, then=then)
        self._begun = (then.id, read) if then is not None else None
        if written:
            _after_outcome(self.send, claimed, reply)
        return state

    def abandon(self) -> None:
        """End an attempt begun for a message that will not be tried now."""
        self._begun = None
        if self.open:
            self.open = False
            if self.commits:
                self.cursor.execute("ROLLBACK")

    def _execute(
        self, statement: str, params: list, *, then: Claimed | None = None
    ) -> tuple[int, tuple | None]:
        """One query string: the write `statement` (committing the attempt begun), then
        `then`'s attempt begun with its locked read. Returns what the write selected (0
        when nothing) and the read's row."""
        parts, values = [], []
        if statement:
            parts.append(statement)
            values.extend(params)
            if self.open and self.commits:
                parts.append("COMMIT")
        if then is not None:
            if self.commits:
                parts.append("BEGIN")
            check, check_params = _check_statement(then)
            parts.append(check)
            values.extend(check_params)
        self.cursor.execute("; ".join(parts), values)
        self.open, self._streak = then is not None, None
        written = 0
        if statement and self.cursor.description:
            written = (self.cursor.fetchone() or (0,))[0]
        read = None
        if then is not None:
            while self.cursor.nextset():  # to the last result: the read's
                pass
            read = self.cursor.fetchone()
        return written, read


_connection: psycopg.Connection | None = None


def _attempts_connection() -> psycopg.Connection:
    global _connection
    if _connection is None or _connection.closed or _connection.broken:
        params = connection.get_connection_params()
        for django_only in ("cursor_factory", "context", "prepare_threshold"):
            params.pop(django_only, None)
        _connection = psycopg.connect(
            **params,
            autocommit=True,
            cursor_factory=psycopg.ClientCursor,
            application_name=ATTEMPTS_APPLICATION,
        )
        _connection.execute("SET synchronous_commit TO off")
    return _connection


def _attempts_connection_close() -> None:
    global _connection
    if _connection is not None:
        _connection.close()
    _connection = None


@contextmanager
def attempts_open(send: Send) -> Iterator[Attempts]:
    """The run's attempts, in the current client's schema (module docstring)."""
    if connection.in_atomic_block:
        with connection.cursor() as cursor:
            yield Attempts(send, cursor, commits=False)
        return
    schemas = [connection.schema_name, get_public_schema_name()]
    search_path = sql.SQL(", ").join(sql.Identifier(s) for s in dict.fromkeys(schemas))
    set_search_path = sql.SQL("SET search_path TO {}").format(search_path)
    try:
        try:
            conn = _attempts_connection()
            conn.execute(set_search_path)
        except psycopg.OperationalError:
            # The kept connection died while idle (PostgreSQL restarted): a new one, once.
            _attempts_connection_close()
            conn = _attempts_connection()
            conn.execute(set_search_path)
        with conn.cursor() as cursor:
            attempts = Attempts(send, cursor, commits=True)
            try:
                yield attempts
            finally:
                attempts.abandon()
    except (psycopg.OperationalError, psycopg.InterfaceError) as error:
        # Django's kinds, which the send task retries (core.tasks.TRANSIENT_ERRORS).
        _attempts_connection_close()
        kind = OperationalError if isinstance(error, psycopg.OperationalError) else InterfaceError
        raise kind(str(error)) from error


def delivery_outcome_record(send: Send, claimed: Claimed, reply: Reply) -> DeliveryState:
    """Write what one attempt came to outside a run (on Django's connection, in the
    caller's transaction or its own); returns the row's new state."""
    statement, params, state = outcome_statement(send, claimed, reply)
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        written = cursor.fetchone()[0]
    if written:
        _after_outcome(send, claimed, reply)
    return state


def _after_outcome(send: Send, claimed: Claimed, reply: Reply) -> None:
    """What a written outcome changes beyond its statement: the send a sender problem
    paused (as the statement wrote it), the receiving domain's rate after a "slow down",
    the client's breaker after a hard bounce (once the bounce is committed)."""
    if reply.outcome == Outcome.SENDER_PROBLEM:
        send.status = SendStatus.PAUSED
        send.status_message = SENDER_REFUSED.format(reply=reply.summary)
    elif reply.outcome == Outcome.SLOW_DOWN:  # the receiving domain's rate halves a while
        slow_down(schema=connection.schema_name, recipient_domain=domain_of(claimed.email))
    elif reply.outcome == Outcome.HARD_BOUNCE and send.kind != SendKind.TEST:
        transaction.on_commit(breaker_check_soon)
