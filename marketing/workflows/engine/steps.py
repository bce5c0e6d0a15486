"""What each step does to a batch of enrollments that reached it. A handler takes the step
(its definition) and the items at it, does its effect set-based (one statement or one
service call for the whole group, inside the runner's transaction) and answers one
`Result` per item: the history's outcome and message, and where the item goes: the next
step now, the next step at a later instant (a wait), or the end (a status).

Unknown or refused steps raise StepRefused: the item fails with that message."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection

from marketing.audience.selectors.merge import profile_merge_values, profiles_for_merge
from marketing.audience.services.field_set import profiles_field_set
from marketing.audience.services.profiles import (
    profiles_group_add,
    profiles_group_remove,
    profiles_tag_add,
    profiles_tag_remove,
)
from marketing.audience.sql_surface import mailable_condition, profile_table
from marketing.delivery.services.send_control import (
    SendKind,
    deliveries_from_set,
    send_recipients_add,
)
from marketing.delivery.services.transactional import addresses_send
from marketing.senders.selectors import senders_for_reps
from marketing.workflows.engine import timing
from marketing.workflows.engine.conditions import ConditionInvalid, condition_true
from marketing.workflows.engine.email import StepRefused, step_email
from marketing.workflows.models import EnrollmentStatus, WorkflowEmail

WEBHOOK_REFUSED = "Outgoing webhooks are not available yet"
NO_REP = "The profile has no rep to notify."
GOAL_RECHECK = dt.timedelta(hours=1)


@dataclass
class Item:
    id: int
    workflow_id: int
    version_id: int
    profile_id: int
    step_id: str
    attempts: int
    enrolled_at: dt.datetime
    context: dict


@dataclass(frozen=True)
class Result:
    outcome: str  # the history's: done, waiting, yes, no, branch:<n>, skipped, goalMet ...
    message: str = ""
    next: str | None = None  # the step it goes to
    due: dt.datetime | None = None  # None: now (the runner goes on with it)
    finish: str | None = None  # an EnrollmentStatus: the enrollment ends


@dataclass
class Context:
    now: dt.datetime
    zone: str  # the client's time zone


def _go(step: dict, outcome: str = "done", message: str = "") -> Result:
    nxt = step.get("next")
    if not nxt:
        return Result(outcome, message, finish=EnrollmentStatus.COMPLETED)
    return Result(outcome, message, next=nxt)


def _branch(step: dict, target: str | None, outcome: str) -> Result:
    if not target:
        return Result(outcome, finish=EnrollmentStatus.COMPLETED)
    return Result(outcome, next=target)


def wait(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    zones: dict[int, str] = {}
    if timing.wait_wants_profile_zone(step):
        field = timing.profile_zone_field(step)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, custom ->> %s FROM {profile_table()} WHERE id = ANY(%s)",
                [field, [i.profile_id for i in items]],
            )
            zones = {pid: zone for pid, zone in cursor.fetchall() if zone}
    results = []
    cache: dict[str, dt.datetime] = {}
    for item in items:
        name = zones.get(item.profile_id, ctx.zone)
        if name not in cache:
            cache[name] = timing.wait_due(step, now=ctx.now, zone=timing.zone_of(name, ctx.zone))
        due = cache[name]
        if due <= ctx.now:
            results.append(_go(step, "done"))
        else:
            nxt = step.get("next")
            message = f"until {due.isoformat()}"
            if nxt:
                results.append(Result("waiting", message, next=nxt, due=due))
            else:  # a wait at the end: the enrollment completes when it is over
                results.append(Result("waiting", message, next="__end__", due=due))
    return results


def condition(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    try:
        yes = condition_true(step.get("condition") or {}, items, zone=ctx.zone)
    except ConditionInvalid as exc:
        raise StepRefused(str(exc)) from exc
    return [
        _branch(step, step.get("yes") if n in yes else step.get("no"), "yes" if n in yes else "no")
        for n in range(len(items))
    ]


def split_bucket(enrollment_id: int, step_id: str) -> int:
    """0..99, the same for an enrollment and step every time it is asked."""
    digest = hashlib.sha256(f"{enrollment_id}:{step_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 100


def split(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    branches = step.get("branches") or []
    if not branches:
        raise StepRefused("The split has no branches.")
    results = []
    for item in items:
        bucket, edge = split_bucket(item.id, step["id"]), 0
        chosen = len(branches) - 1
        for n, branch in enumerate(branches):
            edge += int(branch.get("percent") or 0)
            if bucket < edge:
                chosen = n
                break
        results.append(_branch(step, branches[chosen].get("next"), f"branch:{chosen}"))
    return results


def _ids(items: list[Item]) -> list[int]:
    return [item.profile_id for item in items]


def _changed(step: dict, items: list[Item], changed: set[int]) -> list[Result]:
    return [_go(step, "done" if item.profile_id in changed else "unchanged") for item in items]


def update_field(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    field = str(step.get("field") or "")
    if not field:
        raise StepRefused("The update step names no field.")
    try:
        changed = set(
            profiles_field_set(profile_ids=_ids(items), field=field, value=step.get("value"))
        )
    except Exception as exc:  # ValidationFailed: in the form's words
        if exc.__class__.__name__ == "ValidationFailed":
            raise StepRefused(str(exc)) from exc
        raise
    return _changed(step, items, changed)


def _targets(step: dict, name: str) -> list[int]:
    """The step's groups or tags: `groupIds`/`tagIds` (the definition's), or one `groupId`."""
    values = list(step.get(f"{name}Ids") or []) or [step.get(f"{name}Id")]
    ids = [int(v) for v in values if v]
    if not ids:
        raise StepRefused(f"The step names no {name}.")
    return ids


def _links(action: Callable, name: str):
    def handler(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
        affected = 0
        for target in _targets(step, name):
            try:
                result = action(profile_ids=_ids(items), **{f"{name}_id": target})
            except Exception as exc:
                if exc.__class__.__name__ == "ValidationFailed":  # the group or tag is gone
                    raise StepRefused(str(exc)) from exc
                raise
            affected += result.affected
        outcome = "done" if affected else "unchanged"
        return [_go(step, outcome) for _ in items]

    return handler


def _mail_refusals(profile_ids: list[int]) -> dict[int, str]:
    """Why profiles may not be mailed now, by id (absent: mailable)."""
    mailable, params = mailable_condition("p")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.id, p.unsubscribed_at IS NOT NULL, p.do_not_email, {mailable},"
            " EXISTS (SELECT 1 FROM delivery_suppression s WHERE s.email = p.email)"
            f" FROM {profile_table()} p WHERE p.id = ANY(%s)",
            [*params, profile_ids],
        )
        reasons, existing = {}, set()
        for pid, unsubscribed, do_not_email, ok, suppressed in cursor.fetchall():
            existing.add(pid)
            if unsubscribed:
                reasons[pid] = "Skipped: the profile is unsubscribed."
            elif do_not_email:
                reasons[pid] = "Skipped: the profile is marked Do Not Email."
            elif suppressed:
                reasons[pid] = "Skipped: the address is suppressed (bounce or complaint)."
            elif not ok:
                reasons[pid] = (
                    "Skipped: the profile may not be mailed (inactive, invalid or bouncing)."
                )
    for pid in set(profile_ids) - existing:
        reasons[pid] = "Skipped: the profile was deleted."
    return reasons


def email_step_id(item: Item, step: dict) -> int:
    """The id the ledger and tracking name this email step by (WorkflowEmail)."""
    row, _ = WorkflowEmail.objects.get_or_create(
        version_id=item.version_id, step_id=step["id"], defaults={"workflow_id": item.workflow_id}
    )
    return row.pk


def send_email(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    content = step_email(step)
    source_id = email_step_id(items[0], step)
    refused = _mail_refusals(_ids(items))
    wanted = [i.profile_id for i in items if i.profile_id not in refused]
    queued: set[int] = set()
    if wanted:
        added = send_recipients_add(
            kind=SendKind.WORKFLOW_STEP,
            source_id=source_id,
            profile_ids=wanted,
            subject=content.subject,
            html=content.html,
            text=content.text,
            from_name=content.from_name,
            from_address=content.from_address,
            reply_to=content.reply_to,
        )
        queued = set(added.profile_ids)
        if queued and step.get("useRepAsSender"):
            _rep_senders_set(added.send_id, sorted(queued), step.get("senderId"))
    results = []
    for item in items:
        if item.profile_id in refused:
            results.append(_go(step, "skipped", refused[item.profile_id]))
        elif item.profile_id in queued:
            results.append(_go(step, "done", "Handed to delivery."))
        else:
            results.append(
                _go(step, "skipped", "Skipped: this email was already sent to the profile.")
            )
    return results


def _rep_senders_set(send_id: int, profile_ids: list[int], sender_id) -> None:
    """Rep as Sender (spec 6): each profile whose rep may send gets its rep's From on its
    ledger row; the others keep the step's sender (a disabled, unassigned or invalid rep
    falls back), by the senders app's rule, as campaigns do."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT rep_id FROM {profile_table()} WHERE id = ANY(%s)"
            " AND rep_id IS NOT NULL",
            [profile_ids],
        )
        rep_ids = [row[0] for row in cursor.fetchall()]
    answers = senders_for_reps(rep_ids, sender_id=int(sender_id) if sender_id else None)
    own = [(rep_id, s) for rep_id, s in answers.items() if s is not None and s.from_rep]
    if not own:
        return
    deliveries_from_set(
        send_id,
        from_sql=(
            "SELECT p.id AS profile_id, v.name AS from_name, v.address AS from_address,"
            f" v.reply AS reply_to FROM {profile_table()} p JOIN unnest(%s::bigint[],"
            " %s::text[], %s::text[], %s::text[]) AS v(rep_id, name, address, reply)"
            " ON p.rep_id = v.rep_id WHERE p.id = ANY(%s)"
        ),
        params=[
            [rep_id for rep_id, _ in own],
            [s.name for _, s in own],
            [s.email for _, s in own],
            [s.reply_to for _, s in own],
            profile_ids,
        ],
    )


def notify_rep(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    from_address = str(step.get("fromAddress") or "").strip()
    if not from_address:
        raise StepRefused("The notify step has no sender address.")
    profiles = profiles_for_merge(_ids(items))
    results = []
    for item in items:
        profile = profiles.get(item.profile_id)
        rep = getattr(profile, "rep", None) if profile else None
        if rep is None or not rep.email or not rep.is_active:
            results.append(_go(step, "skipped", NO_REP))
            continue
        values = {k: "" if v is None else str(v) for k, v in profile_merge_values(profile).items()}
        values.update({f"trigger.{k}": str(v) for k, v in (item.context or {}).items()})
        subject = _fill(str(step.get("subject") or "About <% firstName %> <% lastName %>"), values)
        body = _fill(str(step.get("body") or step.get("message") or ""), values)
        body = f"{body}\n\n{profile.first_name} {profile.last_name} <{profile.email}>".strip()
        addresses_send(
            addresses=[rep.email],
            subject=subject[:998],
            html="<html><body><pre>" + _escape(body) + "</pre></body></html>",
            text=body,
            from_name=str(step.get("fromName") or ""),
            from_address=from_address,
        )
        results.append(_go(step, "done", f"Notified {rep.email}."))
    return results


def _escape(text: str) -> str:
    import html

    return html.escape(text).replace("%", "&#37;")


def _fill(text: str, values: dict[str, str]) -> str:
    import re

    return re.sub(r"<%\s*([\w.]+)\s*%>", lambda m: values.get(m.group(1), ""), text)


def webhook(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    return [Result("failed", WEBHOOK_REFUSED, finish=EnrollmentStatus.FAILED) for _ in items]


def goal(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    """Met: the enrollment ends (Completed, goalMet). Not met: on to `next` if the goal has
    one, else it waits at the goal and is asked again every GOAL_RECHECK."""
    try:
        met = condition_true(step.get("condition") or {}, items, zone=ctx.zone)
    except ConditionInvalid as exc:
        raise StepRefused(str(exc)) from exc
    results = []
    for n in range(len(items)):
        if n in met:
            results.append(Result("goalMet", finish=EnrollmentStatus.COMPLETED))
        elif step.get("next"):
            results.append(Result("goalNotMet", next=step["next"]))
        else:
            results.append(
                Result(
                    "waiting", "until the goal is met", next=step["id"], due=ctx.now + GOAL_RECHECK
                )
            )
    return results


def end(ctx: Context, step: dict, items: list[Item]) -> list[Result]:
    return [Result("done", finish=EnrollmentStatus.COMPLETED) for _ in items]


HANDLERS: dict[str, Callable[[Context, dict, list[Item]], list[Result]]] = {
    "sendEmail": send_email,
    "wait": wait,
    "condition": condition,
    "split": split,
    "updateField": update_field,
    "addGroup": _links(profiles_group_add, "group"),
    "removeGroup": _links(profiles_group_remove, "group"),
    "addTag": _links(profiles_tag_add, "tag"),
    "removeTag": _links(profiles_tag_remove, "tag"),
    "notifyRep": notify_rep,
    "webhook": webhook,
    "goal": goal,
    "end": end,
}
