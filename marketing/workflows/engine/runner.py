"""The runner: claims due enrollments and carries each one step at a time, a step's effect
and the move to the next step in one transaction, so a step runs at most once.

One batch (`batch_run`):

1. **Claim** (a short transaction of its own): up to `limit` enrollments in process whose
   due time has come and whose lease, if any, has passed (`FOR UPDATE SKIP LOCKED` over
   the partial index `enrollment_due`: two runners never take the same row), each given a
   lease (`claimed_until`) and one more attempt. An enrollment claimed WORKFLOW_MAX_ATTEMPTS
   times without its step being done (a step that fails, a worker killed under it each
   time) is set aside: Failed, with the last error, and the queue moves on.
2. **Work** (one transaction): the claimed rows are locked again, only where the attempt
   is still ours (a runner that outlived its lease does nothing); enrollments of deleted
   profiles are dropped; then the items are grouped by (version, step) and each group's
   handler runs (steps.py) in a savepoint. An item that goes on to a step due now goes
   on in the same transaction (trigger -> wait 0 -> condition -> tag -> end is one
   batch); a wait parks it with its due time. A group that raises is run again item by
   item so that only the faulty ones fail; their attempt stays counted, they are due
   again after a back-off, and their history says why.
3. The moves, the history rows (`EnrollmentStep`) and the audit rows are written in that
   transaction, set-based. A worker killed before the commit leaves nothing done: the
   lease passes and another run takes the rows again; after the commit nothing is left
   to repeat.

Enrollments stay on the version they started on: the definition is read from their
`version_id` (versions are frozen, so they are kept per process)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from core.audit.context import audit_context
from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from marketing.audience.sql_surface import profile_table
from marketing.workflows.engine.email import StepRefused
from marketing.workflows.engine.steps import HANDLERS, Context, Item, Result
from marketing.workflows.models import Enrollment, EnrollmentStatus, EnrollmentStep, WorkflowVersion

logger = logging.getLogger(__name__)
ENROLLMENT = Enrollment._meta.db_table
HISTORY = EnrollmentStep._meta.db_table
END = "__end__"
MAX_CHAIN = 50  # steps one enrollment may run in one batch (a loop in a definition stops here)
PROFILE_GONE = "The profile was deleted or archived."
STEP_MISSING = "Step {step} is not in the workflow's version."
STEP_UNKNOWN = "Step {step} has a type the engine does not know: {type}."


def _setting(name: str, default):
    return getattr(settings, name, default)


@dataclass
class Version:
    steps: dict[str, dict]


_versions: dict[int, Version] = {}


def version_get(version_id: int) -> Version:
    key = (connection.schema_name, version_id)
    found = _versions.get(key)
    if found is None:
        definition = WorkflowVersion.objects.values_list("definition", flat=True).get(pk=version_id)
        found = Version({s["id"]: s for s in (definition or {}).get("steps") or [] if "id" in s})
        if len(_versions) > 2000:
            _versions.clear()
        _versions[key] = found
    return found


@dataclass
class Batch:
    now: dt.datetime
    moves: dict[int, tuple] = field(default_factory=dict)  # id -> (status, step, due, message)
    history: list[tuple] = field(default_factory=list)  # (enrollment, step, type, outcome, message)
    failed_attempts: dict[int, str] = field(default_factory=dict)  # id -> error (retry later)
    steps_run: int = 0


def _claim(limit: int, lease: int, max_attempts: int) -> list[Item]:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {ENROLLMENT} AS c SET claimed_until = now() + make_interval(secs => %s),"
            " attempts = c.attempts + 1"
            f" WHERE c.id IN (SELECT e.id FROM {ENROLLMENT} e"
            f" WHERE e.status = '{EnrollmentStatus.IN_PROCESS}' AND e.due_at <= now()"
            " AND (e.claimed_until IS NULL OR e.claimed_until < now())"
            " ORDER BY e.due_at LIMIT %s FOR UPDATE SKIP LOCKED)"
            " RETURNING c.id, c.workflow_id, c.version_id, c.profile_id, c.step_id, c.attempts,"
            " c.enrolled_at, c.context, c.status_message",
            [lease, limit],
        )
        rows = cursor.fetchall()
        worn = [r for r in rows if r[5] > max_attempts]
        if worn:
            cursor.execute(
                f"UPDATE {ENROLLMENT} SET status = '{EnrollmentStatus.FAILED}', due_at = NULL,"
                " claimed_until = NULL, finished_at = now(),"
                " status_message = left('Set aside after ' || %s || ' attempts. '"
                " || status_message, 500) WHERE id = ANY(%s)",
                [max_attempts, [r[0] for r in worn]],
            )
            _history_write(
                [
                    (r[0], r[4], "", "failed", f"Set aside after {max_attempts} attempts.")
                    for r in worn
                ],
                timezone.now(),
            )
            _audit(AuditEvent.ENROLLMENT_FAILED, [r[0] for r in worn])
    return [_item(row) for row in rows if row[5] <= max_attempts]


def _item(row) -> Item:
    item = Item(*row[:8])
    if isinstance(item.context, str):  # Django reads jsonb as text
        item.context = json.loads(item.context)
    return item


def _lock(items: list[Item]) -> tuple[list[Item], set[int]]:
    """The items still ours (same attempt, still in process), locked to the commit, and
    the ids of those whose profile is live (not deleted, not archived)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.id, p.id IS NOT NULL FROM {ENROLLMENT} e"
            " JOIN unnest(%s::bigint[], %s::int[]) AS r(id, n)"
            f" ON e.id = r.id AND e.attempts = r.n LEFT JOIN {profile_table()} p"
            " ON p.id = e.profile_id AND p.deleted_at IS NULL AND p.archived_at IS NULL"
            f" WHERE e.status = '{EnrollmentStatus.IN_PROCESS}' FOR UPDATE OF e",
            [[i.id for i in items], [i.attempts for i in items]],
        )
        rows = cursor.fetchall()
    held = {row[0] for row in rows}
    return [i for i in items if i.id in held], {row[0] for row in rows if row[1]}


def _run_group(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    handler = HANDLERS.get(step.get("type", ""))
    if handler is None:
        raise StepRefused(STEP_UNKNOWN.format(step=step.get("id"), type=step.get("type")))
    results = handler(ctx, step, items)
    if len(results) != len(items):
        raise RuntimeError(f"step {step.get('id')}: {len(results)} results for {len(items)} items")
    return results


def _apply(batch: Batch, item: Item, step: dict, result: Result, onward: list[Item]) -> None:
    batch.steps_run += 1
    batch.history.append(
        (
            item.id,
            step.get("id", item.step_id),
            step.get("type", ""),
            result.outcome,
            result.message[:500],
        )
    )
    if result.finish:
        batch.moves[item.id] = (result.finish, item.step_id, None, result.message)
    elif result.next == END:
        batch.moves[item.id] = (EnrollmentStatus.IN_PROCESS, END, result.due, "")
    elif result.due is not None and result.due > batch.now:
        batch.moves[item.id] = (EnrollmentStatus.IN_PROCESS, result.next, result.due, "")
    else:
        item.step_id = result.next
        batch.moves[item.id] = (EnrollmentStatus.IN_PROCESS, result.next, batch.now, "")
        onward.append(item)


def _fail(batch: Batch, item: Item, step: dict, message: str, *, final: bool) -> None:
    batch.history.append((item.id, item.step_id, step.get("type", ""), "failed", message[:500]))
    if final:
        batch.moves[item.id] = (EnrollmentStatus.FAILED, item.step_id, None, message)
    else:
        batch.failed_attempts[item.id] = message


def _step_for(item: Item) -> dict | None:
    if item.step_id == END:
        return {"id": END, "type": "end"}
    return version_get(item.version_id).steps.get(item.step_id)


class _Redo(Exception):
    """A group failed in the fast pass: the batch is rolled back and run again carefully."""


def _work(batch: Batch, ctx: Context, items: list[Item], *, careful: bool) -> None:
    """Run the items' steps. The fast pass runs each group without a savepoint (a savepoint
    costs round trips per group); any error but a refusal raises _Redo, the caller rolls
    the whole batch back and runs it again with `careful`: each group in a savepoint, and a
    group that fails item by item, so that only the faulty items fail."""
    pending = items
    for _ in range(MAX_CHAIN):
        groups: dict[tuple[int, str], list[Item]] = defaultdict(list)
        for item in pending:
            groups[(item.version_id, item.step_id)].append(item)
        onward: list[Item] = []
        for (_version, step_id), group in groups.items():
            step = _step_for(group[0])
            if step is None:
                for item in group:
                    _fail(batch, item, {}, STEP_MISSING.format(step=step_id), final=True)
                continue
            try:
                if careful:
                    with transaction.atomic():
                        results = _run_group(ctx, step, group)
                else:
                    results = _run_group(ctx, step, group)
            except StepRefused as refused:
                for item in group:
                    _fail(batch, item, step, str(refused), final=True)
                continue
            except Exception as exc:  # noqa: BLE001 - isolate the faulty items, the others go on
                if not careful:
                    raise _Redo from exc
                logger.exception("workflows: step %s failed for a group; item by item", step_id)
                results = None
            if results is None:
                for item in group:
                    try:
                        with transaction.atomic():
                            (result,) = _run_group(ctx, step, [item])
                    except StepRefused as refused:
                        _fail(batch, item, step, str(refused), final=True)
                    except Exception as exc:  # noqa: BLE001
                        logger.exception(
                            "workflows: enrollment %s step %s failed", item.id, step_id
                        )
                        _fail(batch, item, step, f"{type(exc).__name__}: {exc}", final=False)
                    else:
                        _apply(batch, item, step, result, onward)
                continue
            for item, result in zip(group, results, strict=True):
                _apply(batch, item, step, result, onward)
        pending = onward
        if not pending:
            break


def _history_write(rows: list[tuple], at: dt.datetime) -> None:
    """The history rows, by COPY (a batch writes a row per step it ran: thousands), all
    at `at` (the batch's instant)."""
    if not rows:
        return
    with connection.cursor() as cursor:
        with cursor.cursor.copy(
            f"COPY {HISTORY} (enrollment_id, step_id, step_type, outcome, message, at) FROM STDIN"
        ) as copy:
            for row in rows:
                copy.write_row((*row, at))


def _moves_write(batch: Batch) -> None:
    if batch.moves:
        ids, statuses, steps, dues, messages = [], [], [], [], []
        for enrollment_id, (status, step, due, message) in batch.moves.items():
            ids.append(enrollment_id)
            statuses.append(status)
            steps.append(step)
            dues.append(due)
            messages.append((message or "")[:500])
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {ENROLLMENT} e SET status = m.status, step_id = m.step,"
                f" due_at = CASE WHEN m.status = '{EnrollmentStatus.IN_PROCESS}' THEN m.due END,"
                f" finished_at = CASE WHEN m.status = '{EnrollmentStatus.IN_PROCESS}'"
                " THEN NULL ELSE now() END, claimed_until = NULL, attempts = 0,"
                " status_message = CASE WHEN m.message <> '' THEN m.message"
                " ELSE e.status_message END"
                " FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::timestamptz[], %s::text[])"
                " AS m(id, status, step, due, message) WHERE e.id = m.id",
                [ids, statuses, steps, dues, messages],
            )
    if batch.failed_attempts:
        backoff = _setting("WORKFLOW_RETRY_SECONDS", 30)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {ENROLLMENT} e SET claimed_until = NULL,"
                " attempts = GREATEST(e.attempts, 1),"
                " due_at = now() + make_interval(secs => %s * GREATEST(e.attempts, 1)),"
                " status_message = left(m.message, 500)"
                " FROM unnest(%s::bigint[], %s::text[]) AS m(id, message) WHERE e.id = m.id",
                [backoff, list(batch.failed_attempts), list(batch.failed_attempts.values())],
            )


def _audit(event: AuditEvent, ids: list[int]) -> None:
    if ids:
        with audit_context(path=AuditPath.WORKFLOW):
            audit_record(event, count=len(ids), ids=ids)


def _audit_finished(batch: Batch) -> None:
    by_status: dict[str, list[int]] = defaultdict(list)
    for enrollment_id, (status, *_rest) in batch.moves.items():
        by_status[status].append(enrollment_id)
    _audit(AuditEvent.ENROLLMENT_COMPLETED, by_status.get(EnrollmentStatus.COMPLETED, []))
    _audit(AuditEvent.ENROLLMENT_FAILED, by_status.get(EnrollmentStatus.FAILED, []))
    _audit(AuditEvent.ENROLLMENT_DROPPED, by_status.get(EnrollmentStatus.DROPPED, []))


def batch_run(*, limit: int | None = None, zone: str | None = None) -> int:
    """Claim and run one batch in the current client; the number of steps run (0: nothing
    was due)."""
    limit = limit or _setting("WORKFLOW_BATCH_SIZE", 500)
    lease = _setting("WORKFLOW_LEASE_SECONDS", 120)
    max_attempts = _setting("WORKFLOW_MAX_ATTEMPTS", 5)
    items = _claim(limit, lease, max_attempts)
    if not items:
        return 0
    zone = zone or getattr(connection.tenant, "time_zone", None) or "UTC"
    try:
        return _batch_work(items, zone, careful=False)
    except _Redo:
        logger.warning("workflows: a step failed in a batch; running it again item by item")
        return _batch_work(items, zone, careful=True)


def _batch_work(claimed: list[Item], zone: str, *, careful: bool) -> int:
    with transaction.atomic():
        items, live = _lock([_copy(i) for i in claimed])
        batch = Batch(now=timezone.now())
        for item in items:
            if item.id not in live:
                batch.moves[item.id] = (EnrollmentStatus.DROPPED, item.step_id, None, PROFILE_GONE)
                batch.history.append((item.id, item.step_id, "", "dropped", PROFILE_GONE))
        live_items = [i for i in items if i.id in live]
        _work(batch, Context(now=batch.now, zone=zone), live_items, careful=careful)
        _moves_write(batch)
        _history_write(batch.history, batch.now)
        _audit_finished(batch)
    return max(batch.steps_run, 1)


def _copy(item: Item) -> Item:
    return Item(**{**item.__dict__, "context": dict(item.context or {})})


def run_for(seconds: float, *, limit: int | None = None) -> tuple[int, bool]:
    """Batches until nothing is due or `seconds` are up: (steps run, more may be due). When
    nothing is due now but a timer comes due within WORKFLOW_IDLE_WAIT_SECONDS (and the
    budget allows), the run waits for it rather than ending: dense timers fire on time
    instead of at the next sweep."""
    deadline = time.monotonic() + seconds
    idle_wait = _setting("WORKFLOW_IDLE_WAIT_SECONDS", 2.0)
    total = 0
    while time.monotonic() < deadline:
        done = batch_run(limit=limit)
        if done:
            total += done
            continue
        wait = next_due_in()
        if wait is None or wait > idle_wait or time.monotonic() + wait >= deadline:
            return total, False
        time.sleep(max(wait, 0.05))
    return total, True


def next_due_in() -> float | None:
    """Seconds until the earliest timer of an enrollment in process (the partial index's
    first entry); None when none waits."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT extract(epoch FROM min(e.due_at) - clock_timestamp()) FROM {ENROLLMENT} e"
            f" WHERE e.status = '{EnrollmentStatus.IN_PROCESS}'"
        )
        (seconds,) = cursor.fetchone()
    return None if seconds is None else float(seconds)


def due_exists() -> bool:
    """Whether a claim would find something now (the sweep's question; the partial index)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {ENROLLMENT} e"
            f" WHERE e.status = '{EnrollmentStatus.IN_PROCESS}' AND e.due_at <= now()"
            " AND (e.claimed_until IS NULL OR e.claimed_until < now()))"
        )
        return cursor.fetchone()[0]


def enrollment_context_json(item: Item) -> str:
    return json.dumps(item.context or {})
