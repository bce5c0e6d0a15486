"""Enrollment: profiles a trigger matched become `Enrollment` rows at the workflow's first
step, due now, in one set-based INSERT (the writer's transaction: they commit with the
event that started them, or not at all).

- At most one enrollment per profile per trigger occurrence: the `enrollment_once`
  constraint (workflow, profile, occurrence), `ON CONFLICT DO NOTHING`; a repeated event
  or a sweep that runs twice enrolls no one again.
- The workflow's re-entry rule: `never` (a profile ever enrolled is not enrolled again),
  `afterCompletion` (not while an enrollment of it is in process), `always`. Concurrent
  writers of one workflow take its advisory lock for the statement's transaction, so two
  events at the same moment cannot both pass the rule.
- Only live profiles (not deleted, not archived) are enrolled.
- The enrollments are in the audit trail (`enrollment.started`, count and ids), and the
  client's runner is sent on commit (runner_kick), so the first step runs within seconds;
  the sweep (tasks.py) is the backstop."""

from __future__ import annotations

import json

from django.core.cache import cache
from django.db import connection

from core.audit.context import audit_context
from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.profile_events import ProfileEvent
from core.tasks import enqueue_on_commit
from marketing.audience.sql_surface import profile_table
from marketing.workflows.engine.triggers import ActiveTrigger
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStatus,
    ReEntry,
    Workflow,
    WorkflowVersion,
)
from marketing.workflows.task_declarations import ENROLLMENTS_RUN

ENROLLMENT = Enrollment._meta.db_table
WORKFLOW = Workflow._meta.db_table
VERSION = WorkflowVersion._meta.db_table

KICK_KEY = "workflows:run:queued"
AUDIT_IDS = 1000  # enrollment ids an audit row keeps (the count is always whole)
KICK_TTL = 10  # seconds: a queued run message that was lost is sent again after this


def _re_entry_sql(rule: str) -> str:
    if rule == ReEntry.ALWAYS:
        return "true"
    still = (
        f" AND e.status = '{EnrollmentStatus.IN_PROCESS}'"
        if rule == ReEntry.AFTER_COMPLETION
        else ""
    )
    return (
        f"NOT EXISTS (SELECT 1 FROM {ENROLLMENT} e WHERE e.workflow_id = %(workflow)s"
        f" AND e.profile_id = x.profile_id{still})"
    )


def _insert(trigger: ActiveTrigger, rows_sql: str, params: dict) -> tuple[int, list[int]]:
    """INSERT the enrollments of the rows `rows_sql` selects (profile_id, occurrence,
    context); (how many were added, the ids of the first AUDIT_IDS of them)."""
    if not trigger.start:
        return 0, []
    params = {
        **params,
        "workflow": trigger.workflow_id,
        "version": trigger.version_id,
        "start": trigger.start,
        "audit_ids": AUDIT_IDS,
    }
    with connection.cursor() as cursor:
        if trigger.re_entry != ReEntry.ALWAYS:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x5746, trigger.workflow_id])
        # The count and a few ids come back, not a row per enrollment (a segment entry
        # may add a million).
        # `owner` stands for the rows' foreign keys (models.Enrollment): one key-share lock
        # on the workflow and its version for the statement, not a check per row.
        cursor.execute(
            f"WITH owner AS (SELECT 1 FROM {WORKFLOW} w JOIN {VERSION} v ON v.workflow_id = w.id"
            " WHERE w.id = %(workflow)s AND v.id = %(version)s FOR KEY SHARE OF w, v),"
            f" added AS (INSERT INTO {ENROLLMENT} (workflow_id, version_id, profile_id,"
            " status, step_id, due_at, claimed_until, attempts, occurrence, context,"
            " enrolled_at, finished_at, status_message)"
            f" SELECT %(workflow)s, %(version)s, x.profile_id, '{EnrollmentStatus.IN_PROCESS}',"
            " %(start)s, now(), NULL, 0, x.occurrence, x.context, now(), NULL, ''"
            f" FROM owner, ({rows_sql}) x JOIN {profile_table()} p ON p.id = x.profile_id"
            " AND p.deleted_at IS NULL AND p.archived_at IS NULL"
            f" WHERE {_re_entry_sql(trigger.re_entry)}"
            " ON CONFLICT ON CONSTRAINT enrollment_once DO NOTHING"
            " RETURNING id)"
            " SELECT count(*), (array_agg(id))[1:%(audit_ids)s] FROM added",
            params,
        )
        count, ids = cursor.fetchone()
        return count, list(ids or [])


def _started(trigger: ActiveTrigger, added: tuple[int, list[int]]) -> int:
    count, ids = added
    if count:
        with audit_context(path=AuditPath.WORKFLOW):
            audit_record(
                AuditEvent.ENROLLMENT_STARTED,
                count=count,
                ids=ids,
                extra={
                    "workflowId": trigger.workflow_id,
                    "versionId": trigger.version_id,
                    "trigger": trigger.kind,
                    **({"idsTruncated": True} if count > len(ids) else {}),
                },
            )
        runner_kick()
    return count


def enroll(trigger: ActiveTrigger, events: list[ProfileEvent]) -> int:
    """Enroll the events' profiles in the trigger's workflow (each event once); returns
    how many enrollments were added."""
    if not events:
        return 0
    if trigger.re_entry != ReEntry.ALWAYS:  # one per profile in this batch: its first event
        seen: dict[int, ProfileEvent] = {}
        for event in events:
            seen.setdefault(event.profile_id, event)
        events = list(seen.values())
    rows_sql = (
        "SELECT * FROM unnest(%(profiles)s::bigint[], %(occurrences)s::text[],"
        " %(contexts)s::jsonb[]) AS u(profile_id, occurrence, context)"
    )
    added = _insert(
        trigger,
        rows_sql,
        {
            "profiles": [e.profile_id for e in events],
            "occurrences": [e.occurrence[:200] for e in events],
            "contexts": [json.dumps(e.context or {}) for e in events],
        },
    )
    return _started(trigger, added)


def enroll_sql(
    trigger: ActiveTrigger, ids_sql: str, params: list, *, occurrence: str, context: dict
) -> int:
    """Enroll every profile `ids_sql` selects (as `profile_id`, each once; its parameters
    `params`, %s style) under one occurrence: a segment entry, a date's day. One statement
    whatever the count (a million entries are one INSERT ... SELECT)."""
    inner = ids_sql.replace("%", "%%").replace("%%s", "%s") if "%(" not in ids_sql else ids_sql
    # The inner SQL's positional parameters become named ones of this statement.
    names = {}
    text = inner
    for index, value in enumerate(params):
        name = f"p{index}"
        text = text.replace("%s", f"%({name})s", 1)
        names[name] = value
    rows_sql = (
        f"SELECT i.profile_id, %(occurrence)s::text AS occurrence,"
        f" %(context)s::jsonb AS context FROM ({text}) i"
    )
    added = _insert(
        trigger,
        rows_sql,
        {**names, "occurrence": occurrence[:200], "context": json.dumps(context)},
    )
    return _started(trigger, added)


def runner_kick() -> None:
    """Send the client's runner once this transaction commits, unless a run is already
    queued (the runner clears the mark when it starts, so enrollments made while it runs
    kick it again)."""
    if cache.add(KICK_KEY, 1, KICK_TTL):
        enqueue_on_commit(ENROLLMENTS_RUN)


def runner_started() -> None:
    cache.delete(KICK_KEY)
