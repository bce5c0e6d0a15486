"""The dry run (/WorkflowTest): the path one profile would take through a workflow and the
emails it would send, computed with the engine's own conditions, timers and email content,
without sending or writing anything (read-only queries only).

Differences from a real run, by design: waits are passed through (their detail says until
when); the steps that change the profile (fields, groups, tags) are reported, not done, so
later conditions see the profile as it is now; a split picks its branch from the profile
id (a real enrollment's from its own id)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone

from marketing.audience.selectors.merge import profile_merge_values, profiles_for_merge
from marketing.workflows.engine import timing
from marketing.workflows.engine.conditions import ConditionInvalid, condition_true
from marketing.workflows.engine.email import StepRefused, step_email
from marketing.workflows.engine.steps import (
    NO_REP,
    WEBHOOK_REFUSED,
    _fill,
    _mail_refusals,
    _targets,
    split_bucket,
)

MAX_STEPS = 100


@dataclass
class _Probe:
    id: int
    profile_id: int
    enrolled_at: dt.datetime


def _definition(workflow) -> dict:
    if workflow.draft_definition:
        return workflow.draft_definition
    version = workflow.published_version
    return version.definition if version is not None else {}


def workflow_dry_run(workflow, profile, *, definition: dict | None = None) -> list[dict]:
    """[{stepId, type, outcome, detail, email?}] in path order; `definition` defaults to
    the workflow's draft (else its published version)."""
    definition = definition or _definition(workflow)
    steps = {s["id"]: s for s in definition.get("steps") or [] if "id" in s}
    zone = getattr(connection.tenant, "time_zone", None) or "UTC"
    now = timezone.now()
    probe = _Probe(0, profile.pk, now)
    merged = profiles_for_merge([profile.pk]).get(profile.pk)
    values = (
        {k: "" if v is None else str(v) for k, v in profile_merge_values(merged).items()}
        if merged
        else {}
    )
    path: list[dict] = []
    current = definition.get("start")
    seen = 0
    while current and seen < MAX_STEPS:
        seen += 1
        step = steps.get(current)
        if step is None:
            path.append(_row(current, "", "failed", f"Step {current} is not in the workflow."))
            break
        kind = step.get("type", "")
        try:
            row, current = _step(step, kind, probe, profile, zone, now, values)
        except (StepRefused, ConditionInvalid) as refused:
            path.append(_row(step["id"], kind, "failed", str(refused)))
            break
        path.append(row)
    return path


def _row(
    step_id: str, kind: str, outcome: str, detail: str = "", email: dict | None = None
) -> dict:
    row = {"stepId": step_id, "type": kind, "outcome": outcome, "detail": detail}
    if email is not None:
        row["email"] = email
    return row


def _step(step, kind, probe, profile, zone, now, values) -> tuple[dict, str | None]:
    sid, nxt = step["id"], step.get("next")
    if kind == "wait":
        tz_name = zone
        if timing.wait_wants_profile_zone(step):
            tz_name = (profile.custom or {}).get(timing.profile_zone_field(step)) or zone
        due = timing.wait_due(step, now=now, zone=timing.zone_of(tz_name, zone))
        return _row(sid, kind, "waiting", f"until {due.isoformat()}"), nxt
    if kind in ("condition", "goal"):
        met = bool(condition_true(step.get("condition") or {}, [probe], zone=zone))
        if kind == "goal":
            if met:
                return _row(sid, kind, "goalMet", "The goal is met: the enrollment ends."), None
            return _row(sid, kind, "goalNotMet"), nxt
        return _row(sid, kind, "yes" if met else "no"), step.get("yes" if met else "no")
    if kind == "split":
        branches = step.get("branches") or []
        bucket, edge, chosen = split_bucket(profile.pk, sid), 0, max(len(branches) - 1, 0)
        for n, branch in enumerate(branches):
            edge += int(branch.get("percent") or 0)
            if bucket < edge:
                chosen = n
                break
        target = branches[chosen].get("next") if branches else None
        return _row(
            sid,
            kind,
            f"branch:{chosen}",
            f"{branches[chosen].get('percent')}% branch" if branches else "",
        ), target
    if kind == "sendEmail":
        content = step_email(step)
        refusal = _mail_refusals([profile.pk]).get(profile.pk)
        email = {
            "to": profile.email,
            "subject": _fill(content.subject, values),
            "fromName": content.from_name,
            "fromAddress": content.from_address,
            "templateId": step.get("templateId"),
        }
        if refusal:
            return _row(sid, kind, "skipped", refusal, email), nxt
        return _row(sid, kind, "wouldSend", "The email would be handed to delivery.", email), nxt
    if kind == "notifyRep":
        rep = getattr(profile, "rep", None)
        if rep is None or not rep.email:
            return _row(sid, kind, "skipped", NO_REP), nxt
        email = {
            "to": rep.email,
            "subject": _fill(str(step.get("subject") or ""), values),
            "fromAddress": step.get("fromAddress", ""),
        }
        return _row(sid, kind, "wouldSend", f"The rep {rep.email} would be told.", email), nxt
    if kind == "webhook":
        return _row(sid, kind, "failed", WEBHOOK_REFUSED), None
    if kind == "updateField":
        return _row(sid, kind, "wouldUpdate", f"{step.get('field')} = {step.get('value')!r}"), nxt
    if kind in ("addGroup", "removeGroup", "addTag", "removeTag"):
        name = "group" if kind.endswith("Group") else "tag"
        targets = _targets(step, name)
        return _row(sid, kind, "wouldChange", f"{kind} {', '.join(map(str, targets))}"), nxt
    if kind == "end":
        return _row(sid, kind, "done", "The enrollment ends."), None
    return _row(
        sid, kind, "failed", f"Step {sid} has a type the engine does not know: {kind}."
    ), None
