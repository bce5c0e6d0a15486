"""Goals met early: a goal step ends its enrollment (Completed, `goalMet`) as soon as its
condition holds, not only when the enrollment reaches it. Every announced profile event
(events.py) that could change a goal's answer asks it again for the in-process
enrollments of those profiles, on every version of a published workflow with a goal
(triggers.py keeps them per process: no query when no workflow has one):

    emailActivity -> goals on email activity or a rule tree (or a segment)
    groupAdded/Removed, tagAdded/Removed -> group / tag goals (rules, segments)
    fieldChanged -> field goals (rules, segments)
    anything else -> rule-tree and segment goals

It runs in the writer's transaction, like enrollment: the goal's exit commits with the
event that met it. Enrollments a runner holds right now (row locked) are skipped
(`SKIP LOCKED`): the runner's own goal step, or the next event, answers for them. A goal
the enrollment waits at is still asked every GOAL_RECHECK (steps.py) as the backstop for
changes no event announces (a segment's rules edited)."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from core.audit.context import audit_context
from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.profile_events import ProfileEvent
from marketing.workflows.engine.conditions import ConditionInvalid, condition_true
from marketing.workflows.engine.triggers import goal_steps
from marketing.workflows.models import Enrollment, EnrollmentStatus, EnrollmentStep

GOAL_MET = "The goal was met."
_ALWAYS = {"rules", "segment"}
_CHANGED_BY = {
    "emailActivity": {"activity"},
    "groupAdded": {"group"},
    "groupRemoved": {"group"},
    "tagAdded": {"tag"},
    "tagRemoved": {"tag"},
    "fieldChanged": {"field"},
}


def _kinds(condition: dict) -> set[str]:
    parts = condition.get("all") or condition.get("any")
    if parts:
        return set().union(*(_kinds(part) for part in parts))
    return {str(condition.get("kind") or "")}


def goals_for(kind: str) -> dict[int, list[dict]]:
    """The goal steps an event of `kind` could meet, by version id."""
    wanted = _ALWAYS | _CHANGED_BY.get(kind, set())
    found = {}
    for version_id, steps in goal_steps().items():
        steps = [s for s in steps if _kinds(s.get("condition") or {}) & wanted]
        if steps:
            found[version_id] = steps
    return found


def goals_check(kind: str, events: list[ProfileEvent]) -> int:
    """Complete the events' profiles' enrollments whose goal now holds; how many."""
    goals = goals_for(kind)
    if not goals or not events:
        return 0
    profile_ids = sorted({event.profile_id for event in events})
    zone = getattr(connection.tenant, "time_zone", None) or "UTC"
    with transaction.atomic():
        enrollments = list(
            Enrollment.objects.select_for_update(skip_locked=True)
            .filter(
                status=EnrollmentStatus.IN_PROCESS,
                profile_id__in=profile_ids,
                version_id__in=list(goals),
            )
            .only("id", "version_id", "profile_id", "enrolled_at")
            .order_by("id")
        )
        met: dict[int, str] = {}  # enrollment id -> the goal step met
        for version_id, steps in goals.items():
            for step in steps:
                items = [e for e in enrollments if e.version_id == version_id and e.pk not in met]
                try:
                    hits = condition_true(step.get("condition") or {}, items, zone=zone)
                except ConditionInvalid:
                    continue  # the goal step itself fails the enrollment with the message
                met.update({items[n].pk: step["id"] for n in hits})
        if met:
            _complete(met)
    return len(met)


def _complete(met: dict[int, str]) -> None:
    by_step: dict[str, list[int]] = {}
    for enrollment_id, step_id in met.items():
        by_step.setdefault(step_id, []).append(enrollment_id)
    now = timezone.now()
    for step_id, ids in by_step.items():
        Enrollment.objects.filter(pk__in=ids).update(
            status=EnrollmentStatus.COMPLETED,
            step_id=step_id,
            due_at=None,
            claimed_until=None,
            finished_at=now,
        )
    EnrollmentStep.objects.bulk_create(
        EnrollmentStep(
            enrollment_id=enrollment_id,
            step_id=step_id,
            step_type="goal",
            outcome="goalMet",
            message=GOAL_MET,
        )
        for enrollment_id, step_id in sorted(met.items())
    )
    ids = sorted(met)
    with audit_context(path=AuditPath.WORKFLOW):
        audit_record(AuditEvent.ENROLLMENT_COMPLETED, count=len(ids), ids=ids[:1000])
