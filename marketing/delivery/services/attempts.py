"""Each message's attempt and its outcome, on two connections of the worker's own:

1. `attempts.lock(batch)`, once per claimed batch on the *locks* connection: BEGIN and one
   read of every recipient (their profile rows `FOR SHARE`, in id order: still mailable,
   same address, not suppressed; a bare address only against the suppression list). That
   transaction stays open until the batch has been handed over (`release`), so an
   unsubscribe (an UPDATE of a profile row) waits for the batch: it commits before the
   read or after every message of the batch went, never in between, and no message
   reaches an address after its unsubscribe committed. Before each handover the run
   checks that this connection is still there (a lost connection lost its locks).
2. `attempts.begin(row)`: whether that read let the row go (else it ends as suppressed);
   the caller hands the message over;
3. `attempts.outcome(row, reply)`: one statement on the *writes* connection writing the
   delivery row and everything that goes with that outcome (the sent or bounced event,
   the suppression, the soft-bounce streak, the send's pause), in autocommit: each
   outcome is committed on its own, as it comes. A delivered message's statement is only
   sent; its reply is read before the next write, so PostgreSQL works on it while the run
   hands over the next message. Any other outcome (and one that writes the profile's
   streak) first ends the batch's lock transaction, since its statement may write a
   profile row that transaction holds, and is read at once; the rest of the batch is
   read and locked again at its next `begin`.

Both connections are the process's own, made by Django's backend (core/tenancy.py
`connection_own`) and set to the client of Django's connection by
`client_schema_follow`, the function that chooses every connection's schema
(django-tenants writes their search_path, once per run); outcome statements are prepared
once per connection. `synchronous_commit` is off on them (they run nothing but attempts):
a commit returns before its WAL reaches the disk. A worker that dies loses nothing it
committed (the outcome sent last may or may not have been committed; its row comes back
after its lease and goes again with the same Message-ID); only a PostgreSQL crash can
lose the last few hundred milliseconds of outcomes, whose rows come back the same way:
the ambiguous case the ledger already allows (an `unknown` outcome). A run that fails
closes both connections, so its locks never outlive it.

Inside a transaction the caller already holds (tests, which roll everything back) the
same code runs on Django's connection, its schema chosen by the same function and the
same statements prepared, with three differences that one connection imposes: no
BEGIN/COMMIT, each write's reply read at once, no check for a lost lock connection.
Nothing could commit per message there, and another connection would not see the
caller's rows; tests/marketing/delivery/test_own_connections.py runs the run's own
connections on committed rows, in two clients."""

from __future__ import annotations

import secrets
import select
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

import psycopg
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils import timezone
from psycopg import generators, pq

from core.tenancy import client_schema_follow, connection_own
from marketing.audience.sql_surface import (
    mailable_condition,
    profile_table,
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
from marketing.delivery.services.settled import send_settled_announce
from marketing.delivery.services.throttle import domain_of
from marketing.delivery.smtp import Outcome, Reply
from marketing.tracking.services import event_code, smtp_bounce_announce
from marketing.tracking.sql_surface import event_insert_sql

SEND = Send._meta.db_table
ATTEMPTS_APPLICATION = "mailcraft-attempts"  # the attempts connection in pg_stat_activity
_WRITE = (
    f"UPDATE {DELIVERY} SET state = %s, last_reply = %s, lease_expires_at = NULL,"
    " next_attempt_at = %s, sent_at = %s"
    f" WHERE id = %s AND state = {DeliveryState.CLAIMED} AND attempts = %s"
    " RETURNING profile_id, email"
)
# Typed where the column's type cannot be inferred: the writes connection prepares these
# statements, and an untyped parameter in a select list would be text.
_EVENT = event_insert_sql("SELECT d.profile_id, %s::smallint, %s::bigint, %s::bigint FROM d")
_SUPPRESS = (
    f"INSERT INTO {SUPPRESSION} (email, reason, detail, from_test_send, created_at)"
    " SELECT d.email, %s, %s, %s, now() FROM d ON CONFLICT (email) DO NOTHING"
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
        suppress = [SuppressionReason.HARD_BOUNCE.value, summary, not counted]
        parts.append(("s", _SUPPRESS, suppress))
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


def _lock_statement(rows: list[Claimed]) -> tuple[str, list]:
    """The batch's recipients: whether each may still be mailed, their address and their
    soft-bounce streak, by delivery id; the profiles' rows are locked FOR SHARE (in id
    order) until the batch's lock transaction ends. A bare address has no profile to
    lock: only the suppression list is read."""
    mailable, mailable_params = mailable_condition("p")
    profiles = [(r.id, r.profile_id) for r in rows if r.profile_id < ADDRESS_ROW_BASE]
    profile_ids = [p for _, p in profiles]
    addresses = [(r.id, r.email) for r in rows if r.profile_id >= ADDRESS_ROW_BASE]
    return (
        f"SELECT r.id, {mailable} AND NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s"
        f" WHERE s.email = p.email), p.email, p.soft_bounce_streak"
        f" FROM {profile_table()} p JOIN unnest(%s::bigint[], %s::bigint[]) AS r(id, profile_id)"
        # Named twice: the profiles are found by id, never by a scan of the whole table.
        " ON p.id = r.profile_id WHERE p.id = ANY(%s::bigint[]) ORDER BY p.id FOR SHARE OF p; "
        f"SELECT a.id, NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = a.email),"
        " a.email, NULL FROM unnest(%s::bigint[], %s::text[]) AS a(id, email)",
        [
            *mailable_params,
            [i for i, _ in profiles],
            profile_ids,
            profile_ids,
            [i for i, _ in addresses],
            [e for _, e in addresses],
        ],
    )


class Attempts:
    """A run's attempts (module docstring): the batch's locked read on one connection,
    the outcomes on the other."""

    def __init__(self, send: Send, locks, writes, *, commits: bool) -> None:
        self.send, self.locks, self.writes, self.commits = send, locks, writes, commits
        self._batch: list[Claimed] = []
        # The batch's locked read while its lock transaction is open: delivery id ->
        # (may be mailed, address, soft-bounce streak).
        self._reads: dict[int, tuple] | None = None
        # A write sent whose reply is not read yet: (its row, the outcome or None).
        self._pending: tuple[Claimed, Reply | None] | None = None

    def lock(self, rows: list[Claimed]) -> None:
        """Lock the batch's recipients (one round trip) until `release`."""
        self.release()
        self._batch = rows
        self._lock(rows)

    def _lock(self, rows: list[Claimed]) -> None:
        statement, params = _lock_statement(rows)
        if self.commits:
            statement = "BEGIN; " + statement
        self.locks.execute(statement, params)
        reads = {}
        while True:
            if self.locks.description:  # not BEGIN's
                for row_id, mailable, email, streak in self.locks.fetchall():
                    reads[row_id] = (bool(mailable), email, streak)
            if not self.locks.nextset():
                break
        self._reads = reads

    def release(self) -> None:
        """End the batch's lock transaction (every message it covered handed over)."""
        self._settle()
        if self._reads is not None:
            self._reads = None
            if self.commits:
                self.locks.execute("COMMIT")

    def begin(self, claimed: Claimed) -> bool:
        """Whether the recipient may still be mailed, as the batch's locked read saw them
        (read again for the rest of the batch if a rare outcome ended that lock). One who
        may not ends as suppressed."""
        if self._reads is None:
            self._lock(self._batch[self._batch.index(claimed) :])
        read = self._reads.get(claimed.id)
        if read is not None and read[0] and read[1] == claimed.email:
            self._lock_held()
            return True
        self._settle()
        self._send(*_suppressed_statement(claimed), pending=(claimed, None))
        return False

    def outcome(self, claimed: Claimed, reply: Reply) -> DeliveryState:
        """Write and commit the outcome, in a statement of its own; returns the row's new
        state. A delivered message's write is only sent here, its reply read by the next
        call (PostgreSQL works on it while the run hands over the next message). Any other
        outcome ends the batch's lock first (its statement may write the profile row that
        lock holds) and is read at once: what follows it (a paused send, a slower domain)
        must be known before the next message goes."""
        self._settle()
        read = self._reads.get(claimed.id) if self._reads is not None else None
        streak = read[2] if read is not None else None
        if claimed.profile_id >= ADDRESS_ROW_BASE:
            streak = 0  # a bare address: no profile, no streak to end
        statement, params, state = outcome_statement(self.send, claimed, reply, streak=streak)
        profile_write = self.send.kind != SendKind.TEST and streak != 0
        if reply.outcome != Outcome.SENT or profile_write:
            self.release()
        self._send(statement, params, pending=(claimed, reply))
        if reply.outcome != Outcome.SENT:
            self._settle()
        return state

    def _lock_held(self) -> None:
        """Raise if the lock connection may have been lost (its locks with it): nothing may
        be handed over then. Idle in its transaction, it has nothing to read unless the
        server ended it (a backend ended sends its farewell and closes; libpq may still
        call the connection good after reading it): anything to read fails the run, which
        is retried on new connections."""
        if not self.commits:
            return
        if select.select([self.locks.connection.pgconn.socket], [], [], 0)[0]:
            raise psycopg.OperationalError("The attempts lock connection was ended.")

    def _settle(self) -> None:
        """Read the reply to the write sent last, if not read yet."""
        if self._pending is None:
            return
        claimed, reply = self._pending
        self._pending = None
        written = self._receive()
        if written and reply is not None:
            _after_outcome(self.send, claimed, reply)

    def _send(self, statement: str, params: list, *, pending: tuple) -> None:
        """Send one write on the writes connection (autocommit: committed on its own);
        `_settle` reads its reply. Each statement's text is prepared once per connection
        (a handful of shapes): PostgreSQL neither parses nor plans it again per message.
        In the caller's transaction the one connection is Django's: the reply is read at
        once, before anything else runs on it."""
        conn = self.writes.connection
        name = _prepared(conn, statement)
        conn.pgconn.send_query_prepared(name, [_text(value) for value in params])
        conn.wait(generators.send(conn.pgconn))
        self._pending = pending
        if not self.commits:
            self._settle()

    def _receive(self) -> int:
        """What the write sent last selected (rows written), 0 when nothing."""
        conn = self.writes.connection
        results = conn.wait(generators.fetch_many(conn.pgconn))
        for result in results:
            if result.status == pq.ExecStatus.FATAL_ERROR:
                raise psycopg.errors.error_from_result(result, encoding=conn.info.encoding)
        first = results[0] if results else None
        if first is not None and first.status == pq.ExecStatus.TUPLES_OK and first.ntuples:
            return int(first.get_value(0, 0))
        return 0


# The statements prepared on each connection: text -> name (the connection's own).
_statements: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _prepared(conn: psycopg.Connection, statement: str) -> bytes:
    """The name `statement` (%s parameters) is prepared under on `conn` (prepared on first
    use: one round trip, with no reply outstanding)."""
    names = _statements.setdefault(conn, {})
    name = names.get(statement)
    if name is None:
        name = f"mc_attempt_{len(names)}".encode()
        pieces = statement.split("%s")
        text = "".join(f"{piece}${n}" for n, piece in enumerate(pieces[:-1], 1)) + pieces[-1]
        conn.pgconn.send_prepare(name, text.replace("%%", "%").encode(conn.info.encoding))
        conn.wait(generators.send(conn.pgconn))
        for result in conn.wait(generators.fetch_many(conn.pgconn)):
            if result.status == pq.ExecStatus.FATAL_ERROR:
                raise psycopg.errors.error_from_result(result, encoding=conn.info.encoding)
        names[statement] = name
    return name


def _text(value) -> bytes | None:
    """A parameter in PostgreSQL's text form (the outcome statements' few types)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return b"t" if value else b"f"
    if isinstance(value, int):
        return b"%d" % value
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, datetime):
        return value.isoformat().encode()
    raise TypeError(f"No text form for {type(value).__name__}")


# The thread's own connections (core.tenancy.connection_own), kept between runs: a
# connection, like Django's, serves the thread that made it.
_kept = threading.local()


def _own() -> dict[str, BaseDatabaseWrapper]:
    if not hasattr(_kept, "own"):
        _kept.own = {}
    return _kept.own


def _attempts_connection(role: str) -> psycopg.Connection:
    """The thread's `locks` or `writes` connection (made on first use, kept), in the
    current client's schema (core.tenancy.client_schema_follow)."""
    kept = _own()
    own = kept.get(role)
    if own is None:
        own = kept[role] = connection_own(f"attempts_{role}", application_name=ATTEMPTS_APPLICATION)
    raw = own.connection
    fresh = raw is None or raw.closed or raw.broken
    if fresh:
        _own_close(own)
    conn = client_schema_follow(own)
    if fresh:
        conn.execute("SET synchronous_commit TO off")
    return conn


def _own_close(own: BaseDatabaseWrapper) -> None:
    try:
        own.close()
    except (DatabaseError, psycopg.Error):
        own.connection = None  # already gone: a new one next time


def attempts_connections_close() -> None:
    """Close the thread's attempts connections (a run that failed; a test that ran on
    them, before its database goes)."""
    for own in _own().values():
        _own_close(own)


@contextmanager
def attempts_open(send: Send) -> Iterator[Attempts]:
    """The run's attempts, in the current client's schema (module docstring)."""
    if connection.in_atomic_block:
        # The caller's transaction (tests): Django's connection for both, its schema
        # chosen by the same function as the run's own connections'.
        raw = client_schema_follow(connection)
        with raw.cursor() as cursor:
            yield Attempts(send, cursor, cursor, commits=False)
        return

    def opened() -> list[psycopg.Connection]:
        return [_attempts_connection("locks"), _attempts_connection("writes")]

    try:
        try:
            locks, writes = opened()
        except (psycopg.OperationalError, OperationalError, InterfaceError):
            # A kept connection died while idle (PostgreSQL restarted): new ones, once.
            attempts_connections_close()
            locks, writes = opened()
        with locks.cursor() as lock_cursor, writes.cursor() as write_cursor:
            attempts = Attempts(send, lock_cursor, write_cursor, commits=True)
            try:
                yield attempts
            except BaseException:
                # Whatever the run held ends with its connections: the batch's locks (an
                # unsubscribe must not wait on a failed run) and a reply not read.
                attempts_connections_close()
                raise
            attempts.release()
    except (psycopg.OperationalError, psycopg.InterfaceError) as error:
        # Django's kinds, which the send task retries (core.tasks.TRANSIENT_ERRORS).
        attempts_connections_close()
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
        send_settled_announce(send.kind, send.pk)
    elif reply.outcome == Outcome.SLOW_DOWN:  # the receiving domain's rate halves a while
        slow_down(schema=connection.schema_name, recipient_domain=domain_of(claimed.email))
    elif reply.outcome == Outcome.HARD_BOUNCE and send.kind != SendKind.TEST:
        transaction.on_commit(breaker_check_soon)
        if claimed.profile_id < ADDRESS_ROW_BASE:  # workflows listen as to a bounce notice
            smtp_bounce_announce(
                delivery_id=claimed.id,
                profile_id=claimed.profile_id,
                campaign_id=send.source_id if send.kind == SendKind.CAMPAIGN else None,
                workflow_step_id=send.source_id if send.kind == SendKind.WORKFLOW_STEP else None,
            )
