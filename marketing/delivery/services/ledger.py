"""The send ledger's writes: freeze the audience, claim due rows under a lease, release
them (each attempt and its outcome: attempts.py). Every statement is set-based or per
message and safe to repeat:

- freezing twice inserts nothing the second time (ON CONFLICT DO NOTHING);
- a claim takes rows no one holds (`FOR UPDATE SKIP LOCKED`) and whose lease, if any,
  has expired, and looks at suppression again before handing them out;
- an outcome is written only by the claim that holds the row (same attempt number), so a
  worker that lost its lease cannot overwrite what the next one did.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from marketing.audience.sql_surface import mailable_condition, profile_table
from marketing.delivery.messages import ATTEMPTS_EXHAUSTED, SUPPRESSED_AT_CLAIM
from marketing.delivery.models import (
    OPEN_STATES,
    Delivery,
    DeliveryState,
    Send,
    SendStatus,
    Suppression,
)
from marketing.delivery.services.settled import send_settled_announce

DELIVERY = Delivery._meta.db_table
SUPPRESSION = Suppression._meta.db_table
# Rows for a bare address (no profile: a test send's typed addresses) take profile ids from
# here up (services/recipients.py); profile ids, a bigserial, never get here.
ADDRESS_ROW_BASE = 1 << 62
# Open (the claim index's own condition, written out so that PostgreSQL can use it) and
# not held under a live lease.
CLAIMABLE = (
    f"d.state IN ({', '.join(str(int(s)) for s in OPEN_STATES)})"
    f" AND (d.state <> {DeliveryState.CLAIMED} OR d.lease_expires_at < now())"
)


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


def _freeze_sql(send: Send, audience_sql: str, params: list, variant: str) -> tuple[str, list]:
    mailable, mailable_params = mailable_condition("p")
    return (
        f"INSERT INTO {DELIVERY} (send_id, profile_id, email, variant, state, attempts,"
        " next_attempt_at, last_reply)"
        f" SELECT %s, p.id, p.email, %s, {DeliveryState.PENDING}, 0, now(), ''"
        f" FROM {profile_table()} p WHERE p.id IN ({audience_sql}) AND {mailable}"
        f" AND NOT EXISTS (SELECT 1 FROM {SUPPRESSION} s WHERE s.email = p.email)"
        " ON CONFLICT (send_id, profile_id) DO NOTHING",
        [send.pk, variant, *params, *mailable_params],
    )


def send_freeze(send: Send, *, audience_sql: str, params: list, variant: str = "") -> int:
    """Write a pending ledger row for every mailable profile of the audience (SQL that
    selects profile ids as `id`). Returns how many rows this call added."""
    with connection.cursor() as cursor:
        cursor.execute(*_freeze_sql(send, audience_sql, params, variant))
        return cursor.rowcount


def send_rows_add(send: Send, *, profile_ids: list[int]) -> list[int]:
    """send_freeze for a list of profiles (a send that grows as its recipients arrive);
    returns the ids of the profiles given a row by this call, read from the INSERT itself
    (reading the send's rows before and after scanned all of them on each call)."""
    sql, params = _freeze_sql(send, "SELECT unnest(%s::bigint[]) AS id", [profile_ids], "")
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} RETURNING profile_id", params)
        return [row[0] for row in cursor.fetchall()]


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
        # Each claimed row says whether it may still go: its profile looked up by id and
        # its address in the suppression list, a scalar subquery each (an EXISTS here may
        # be planned as a hash of every mailable profile, built again for every batch).
        # A bare address's row (ADDRESS_ROW_BASE) has no profile to look at.
        cursor.execute(
            f"UPDATE {DELIVERY} AS c SET state = {DeliveryState.CLAIMED},"
            " attempts = c.attempts + 1, lease_expires_at = now() + make_interval(secs => %s)"
            f" WHERE c.id IN (SELECT d.id FROM {DELIVERY} d WHERE d.send_id = %s"
            f" AND d.next_attempt_at <= now() AND {CLAIMABLE}"
            " ORDER BY d.next_attempt_at, d.id LIMIT %s FOR UPDATE SKIP LOCKED)"
            " RETURNING c.id, c.profile_id, c.email, c.variant, c.attempts, c.from_name,"
            " c.from_address, c.reply_to,"
            f" (c.profile_id < %s AND NOT COALESCE((SELECT {mailable} FROM {profile_table()} p"
            " WHERE p.id = c.profile_id AND p.email = c.email), false))"
            f" OR (SELECT true FROM {SUPPRESSION} s WHERE s.email = c.email) IS NOT NULL",
            [lease_seconds, send_id, limit, ADDRESS_ROW_BASE, *mailable_params],
        )
        rows = cursor.fetchall()
        stopped = [row[0] for row in rows if row[-1]]
        if stopped:
            cursor.execute(
                f"UPDATE {DELIVERY} SET state = {DeliveryState.SUPPRESSED},"
                " lease_expires_at = NULL, last_reply = %s WHERE id = ANY(%s)",
                [SUPPRESSED_AT_CLAIM, stopped],
            )
    # RETURNING follows no ORDER BY: oldest rows first again, as the claim chose them.
    return sorted((Claimed(*row[:-1]) for row in rows if not row[-1]), key=lambda c: c.id)


def deliveries_release(rows: list[Claimed], *, due_at=None) -> None:
    """Claimed rows a run stops before trying (its time is up, the send was paused, a
    rate says not yet): due again at once or at `due_at`, and the attempt they were
    claimed with is not counted."""
    if not rows:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {DELIVERY} AS d SET state = {DeliveryState.PENDING},"
            " attempts = d.attempts - 1, lease_expires_at = NULL,"
            " next_attempt_at = COALESCE(%s, now())"
            " FROM unnest(%s::bigint[], %s::int[]) AS r(id, attempts)"
            f" WHERE d.id = r.id AND d.attempts = r.attempts AND d.state = {DeliveryState.CLAIMED}",
            [due_at, [row.id for row in rows], [row.attempts for row in rows]],
        )


def deliveries_postpone(rows: list[tuple[Claimed, datetime]]) -> None:
    """`deliveries_release` of rows each due at its own time (a pacer's held rows), in one
    statement."""
    if not rows:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {DELIVERY} AS d SET state = {DeliveryState.PENDING},"
            " attempts = d.attempts - 1, lease_expires_at = NULL, next_attempt_at = r.due"
            " FROM unnest(%s::bigint[], %s::int[], %s::timestamptz[]) AS r(id, attempts, due)"
            f" WHERE d.id = r.id AND d.attempts = r.attempts AND d.state = {DeliveryState.CLAIMED}",
            [
                [row.id for row, _due in rows],
                [row.attempts for row, _due in rows],
                [due for _row, due in rows],
            ],
        )


def send_pause(send: Send, *, message: str) -> None:
    paused = Send.objects.filter(pk=send.pk, status=SendStatus.SENDING).update(
        status=SendStatus.PAUSED, status_message=message
    )
    send.status, send.status_message = SendStatus.PAUSED, message
    if paused:
        send_settled_announce(send.kind, send.pk)


def send_finish_if_done(send: Send) -> bool:
    """Finished when no row is pending, claimed, deferred or unknown."""
    if Delivery.objects.filter(send=send, state__in=OPEN_STATES).exists():
        return False
    finished = Send.objects.filter(pk=send.pk, status=SendStatus.SENDING).update(
        status=SendStatus.FINISHED, finished_at=timezone.now()
    )
    if finished:
        send_settled_announce(send.kind, send.pk)
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
