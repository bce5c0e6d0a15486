"""The published triggers of the current client, as the event hooks read them: one read
of the active `WorkflowTrigger` rows (index `workflow_trigger_active`) kept per process
and per schema, read again when a publish or unpublish changed them (a version number in
the shared cache, bumped on commit by `triggers_changed`) or after TRIGGERS_MAX_AGE.

A hook with no listening workflow thus costs a dictionary lookup (and, at most once a
second, one cache read): nothing is written and no profile is read.

The same copy keeps the goal steps of every version of the published workflows
(`goal_steps`): goals.py checks them when an event could meet one."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import connection, transaction

from marketing.workflows.models import ReEntry, WorkflowStatus, WorkflowTrigger, WorkflowVersion

VERSION_KEY = "workflows:triggers:version"
TRIGGERS_MAX_AGE = 30.0  # seconds a process trusts its copy without looking at all
VERSION_CHECK_EVERY = 1.0  # seconds between two looks at the shared version


@dataclass(frozen=True)
class ActiveTrigger:
    id: int
    workflow_id: int
    version_id: int
    kind: str
    key: str
    details: dict
    re_entry: str
    start: str  # the definition's first step id


@dataclass
class _Copy:
    version: object
    loaded_at: float
    checked_at: float
    by_kind: dict[str, list[ActiveTrigger]] = field(default_factory=dict)
    goals: dict[int, list[dict]] = field(default_factory=dict)  # version id -> goal steps


_copies: dict[str, _Copy] = {}


def triggers_changed() -> None:
    """Publish and unpublish call this (in their transaction): once it commits, every
    process reads the triggers again before matching its next event."""
    schema = connection.schema_name
    transaction.on_commit(lambda: _bump(schema))


def _bump(schema: str) -> None:
    _copies.pop(schema, None)
    try:
        cache.incr(VERSION_KEY)
    except ValueError:
        cache.set(VERSION_KEY, time.time_ns(), None)


def triggers_forget() -> None:
    """This process's copies dropped (tests, and after a rolled-back publish)."""
    _copies.clear()


def _load() -> dict[str, list[ActiveTrigger]]:
    rows = (
        WorkflowTrigger.objects.filter(active=True, workflow__status=WorkflowStatus.PUBLISHED)
        .select_related("workflow", "version")
        .order_by("id")
    )
    by_kind: dict[str, list[ActiveTrigger]] = {}
    for row in rows:
        definition = row.version.definition or {}
        by_kind.setdefault(row.kind, []).append(
            ActiveTrigger(
                id=row.pk,
                workflow_id=row.workflow_id,
                version_id=row.version_id,
                kind=row.kind,
                key=row.key,
                details=row.details or {},
                re_entry=row.workflow.re_entry or ReEntry.NEVER,
                start=definition.get("start") or "",
            )
        )
    return by_kind


def _goals_load() -> dict[int, list[dict]]:
    """The goal steps of every version of the published workflows (in-flight enrollments
    may be on an older one), by version id; versions without a goal are left out."""
    versions = WorkflowVersion.objects.filter(
        workflow__status=WorkflowStatus.PUBLISHED
    ).values_list("pk", "definition")
    goals = {}
    for version_id, definition in versions:
        steps = [s for s in (definition or {}).get("steps") or [] if s.get("type") == "goal"]
        if steps:
            goals[version_id] = steps
    return goals


def _copy() -> _Copy:
    schema = connection.schema_name
    now = time.monotonic()
    copy = _copies.get(schema)
    if copy is not None and now - copy.checked_at >= VERSION_CHECK_EVERY:
        copy.checked_at = now
        if cache.get(VERSION_KEY) != copy.version or now - copy.loaded_at > TRIGGERS_MAX_AGE:
            copy = None
    if copy is None:
        version = cache.get(VERSION_KEY)
        copy = _Copy(version, now, now, _load(), _goals_load())
        _copies[schema] = copy
    return copy


def active_triggers(kind: str) -> list[ActiveTrigger]:
    """Every published trigger of this kind in the current client (any key)."""
    return _copy().by_kind.get(kind, [])


def goal_steps() -> dict[int, list[dict]]:
    """The goal steps of the published workflows' versions, by version id (goals.py)."""
    return _copy().goals


def triggers_matching(kind: str, key: str) -> list[ActiveTrigger]:
    """The published triggers of this kind whose key is this one or "" (any)."""
    key = str(key)
    return [t for t in active_triggers(kind) if t.key in ("", key)]
