"""Spec 5.9's rules, checked before a workflow is published, as field problems a screen
shows beside the field: (where, field, message). `where` is "workflow" (name,
description), "settings", "trigger", or a step's id.

- Name and description are required.
- At least one action and one required action (steps that act on or for the profile:
  definition.REQUIRED_ACTIONS).
- Trigger details are required (each kind's, Trigger's docstring), and the things they
  name exist.
- From-time must be before to-time (the send window of the settings).
- The delay must fall within the workflow settings (maxDelay, or DELAY_MAX_DAYS).
- Unsaved actions block publishing (the canvas sends the ids of the steps it holds
  unsaved edits of).
- An email must be valid (a summary's recipients, a reply-to address).
- The graph: one trigger leading to a start step, every edge to an existing step, unique
  ids, no loop, every step reachable.
- A sender named by a step may send (confirmed, its domain verified); conditions are
  checked with the segment builder's rules (marketing/segments).
- Webhook steps and webhook triggers are refused until the integrations issue brings
  them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import ValidationError

from core.errors import ValidationFailed
from core.messages import INVALID_EMAIL
from marketing.audience.selectors.groups import group_list
from marketing.audience.selectors.tags import tag_list
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.content.selectors import template_list
from marketing.segments.rules import tree_parse
from marketing.segments.selectors import segment_fields, segment_list
from marketing.segments.services.segments import rules_check
from marketing.senders.selectors import sender_list, sender_problem
from marketing.workflows import messages
from marketing.workflows.definition import (
    DELAY_MAX_DAYS,
    REQUIRED_ACTIONS,
    UNIT_MINUTES,
    Condition,
    ConditionStep,
    Definition,
    EndStep,
    GoalStep,
    GroupStep,
    NotifyRepStep,
    SendEmailStep,
    SplitStep,
    TagStep,
    Trigger,
    UpdateFieldStep,
    WaitStep,
    WebhookStep,
    WorkflowSettings,
    cycle_steps,
    reachable,
    step_edges,
)
from marketing.workflows.models import TriggerKind

HH_MM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
TRIGGER_DETAILS = {
    TriggerKind.FORM_SUBMISSION: ("formId",),
    TriggerKind.EMAIL_ACTIVITY: ("activity",),
    TriggerKind.WEBHOOK: ("webhookId",),
    TriggerKind.SEGMENT_ENTERED: ("segmentId",),
    TriggerKind.SEGMENT_LEFT: ("segmentId",),
    TriggerKind.FIELD_CHANGED: ("field",),
    TriggerKind.GROUP_ADDED: ("groupId",),
    TriggerKind.GROUP_REMOVED: ("groupId",),
    TriggerKind.TAG_ADDED: ("tagId",),
    TriggerKind.TAG_REMOVED: ("tagId",),
    TriggerKind.DATE_FIELD: ("field", "days", "when"),
    TriggerKind.STAGE_CHANGED: ("toStage",),
    TriggerKind.SUMMARY_NOTIFICATION: ("frequency", "recipients"),
    TriggerKind.CHARGEBRITE: ("commerceEvent",),
}


@dataclass(frozen=True)
class Problem:
    where: str  # "workflow", "settings", "trigger" or a step id
    field: str
    message: str

    @property
    def key(self) -> str:
        """The error's name in the API's `errors` map: name, description,
        settings.<field>, trigger.<field>, steps.<id>.<field>."""
        if self.where == "workflow":
            return self.field
        if self.where in ("settings", "trigger"):
            return f"{self.where}.{self.field}"
        return f"steps.{self.where}.{self.field}"


def _conditions(condition: Condition | None):
    """A condition and every one nested under all/any."""
    if condition is None:
        return
    yield condition
    for child in (condition.all or []) + (condition.any or []):
        yield from _conditions(child)


class _Refs:
    """The ids a definition names, looked up once each."""

    def __init__(self, definition: Definition):
        templates, senders, groups, tags, segments = set(), set(), set(), set(), set()
        for step in definition.steps:
            if isinstance(step, SendEmailStep):
                templates.add(step.templateId)
            if isinstance(step, SendEmailStep | NotifyRepStep):
                senders.add(step.senderId)
            elif isinstance(step, GroupStep):
                groups.update(step.groupIds)
            elif isinstance(step, TagStep):
                tags.update(step.tagIds)
            for condition in _conditions(getattr(step, "condition", None)):
                known = {"group": groups, "tag": tags}.get(condition.kind)
                if known is not None:
                    known.update(condition.ids or [])
                segments.add(condition.segmentId)
        trigger = definition.trigger
        if trigger is not None:
            groups.add(trigger.groupId)
            tags.add(trigger.tagId)
            segments.add(trigger.segmentId)
        self.templates = _existing(template_list(), templates)
        ids = {i for i in senders if i is not None}
        self.senders = {s.pk: s for s in sender_list().filter(pk__in=ids)} if ids else {}
        self.groups = _existing(group_list(), groups)
        self.tags = _existing(tag_list(), tags)
        self.segments = _existing(segment_list(), segments)
        self.fields = segment_fields()


def _existing(queryset, ids: set) -> set[int]:
    ids = {i for i in ids if i is not None}
    if not ids:
        return set()
    return set(queryset.filter(pk__in=ids).values_list("pk", flat=True))


def _minutes(amount: int, unit: str) -> int:
    return amount * UNIT_MINUTES[unit]


def _email_problems(where: str, field: str, emails: list[str] | None) -> list[Problem]:
    problems = []
    for email in emails or []:
        try:
            email_normalise(email)
        except InvalidEmail:
            problems.append(Problem(where, field, INVALID_EMAIL))
            break
    return problems


def workflow_check(
    *,
    name: str,
    description: str,
    definition: Definition,
    settings: WorkflowSettings,
    unsaved_step_ids: list[str] = (),
) -> list[Problem]:
    """Every problem that stops a publish (none: it may be published)."""
    problems: list[Problem] = []
    if not name.strip():
        problems.append(Problem("workflow", "name", messages.NAME_REQUIRED))
    if not description.strip():
        problems.append(Problem("workflow", "description", messages.DESCRIPTION_REQUIRED))
    problems += _settings_problems(settings)
    refs = _Refs(definition)
    problems += _trigger_problems(definition.trigger, refs)
    problems += _graph_problems(definition)
    max_minutes = (
        _minutes(settings.maxDelay.amount, settings.maxDelay.unit)
        if settings.maxDelay
        else DELAY_MAX_DAYS * 1440
    )
    for step in definition.steps:
        problems += _step_problems(step, refs, definition, max_minutes)
    for step_id in unsaved_step_ids:
        problems.append(Problem(step_id, "step", messages.UNSAVED_ACTION))
    return problems


def _settings_problems(settings: WorkflowSettings) -> list[Problem]:
    window = settings.sendWindow
    if window is None or (not window.fromTime and not window.toTime):
        return []
    problems = []
    for field in ("fromTime", "toTime"):
        value = getattr(window, field)
        if not value:
            label = "From Time" if field == "fromTime" else "To Time"
            problems.append(Problem("settings", field, messages.FIELD_REQUIRED.format(field=label)))
        elif not HH_MM.match(value):
            problems.append(Problem("settings", field, messages.TIME_FORMAT))
    if not problems and window.fromTime >= window.toTime:
        problems.append(Problem("settings", "toTime", messages.FROM_BEFORE_TO))
    return problems


def _trigger_problems(trigger: Trigger | None, refs: _Refs) -> list[Problem]:
    if trigger is None or trigger.kind is None:
        return [Problem("trigger", "kind", messages.TRIGGER_REQUIRED)]
    kind = TriggerKind(trigger.kind)
    problems = [
        Problem("trigger", field, messages.TRIGGER_DETAILS_REQUIRED)
        for field in TRIGGER_DETAILS[kind]
        if getattr(trigger, field) in (None, "", [])
    ]
    if kind == TriggerKind.WEBHOOK:
        problems.append(Problem("trigger", "kind", messages.WEBHOOK_TRIGGER_UNAVAILABLE))
    if trigger.time and not HH_MM.match(trigger.time):
        problems.append(Problem("trigger", "time", messages.TIME_FORMAT))
    checks = (
        ("segmentId", refs.segments, messages.SEGMENT_UNKNOWN),
        ("groupId", refs.groups, messages.GROUP_UNKNOWN),
        ("tagId", refs.tags, messages.TAG_UNKNOWN),
    )
    for field, known, message in checks:
        value = getattr(trigger, field)
        if value is not None and value not in known:
            problems.append(Problem("trigger", field, message))
    if trigger.field and trigger.field not in refs.fields:
        problems.append(Problem("trigger", "field", messages.FIELD_UNKNOWN))
    elif kind == TriggerKind.DATE_FIELD and trigger.field:
        if refs.fields[trigger.field].type != "date" or not trigger.field.startswith("custom."):
            problems.append(Problem("trigger", "field", messages.DATE_FIELD_REQUIRED))
    problems += _email_problems("trigger", "recipients", trigger.recipients)
    return problems


def _graph_problems(definition: Definition) -> list[Problem]:
    problems: list[Problem] = []
    steps = definition.steps
    ids = [step.id for step in steps]
    known = set(ids)
    if not [s for s in steps if not isinstance(s, EndStep)]:
        problems.append(Problem("workflow", "steps", messages.ACTION_REQUIRED))
    elif not [s for s in steps if s.type in REQUIRED_ACTIONS]:
        problems.append(Problem("workflow", "steps", messages.REQUIRED_ACTION_REQUIRED))
    for step_id in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(Problem(step_id, "id", messages.STEP_ID_TAKEN))
    if steps and definition.start is None:
        problems.append(Problem("trigger", "start", messages.START_REQUIRED))
    elif definition.start is not None and definition.start not in known:
        problems.append(Problem("trigger", "start", messages.EDGE_UNKNOWN))
    for step in steps:
        if any(edge is not None and edge not in known for edge in step_edges(step)):
            problems.append(Problem(step.id, "next", messages.EDGE_UNKNOWN))
    for step_id in cycle_steps(definition):
        problems.append(Problem(step_id, "next", messages.CYCLE))
    connected = set(reachable(definition))
    for step in steps:
        if definition.start is not None and step.id not in connected:
            problems.append(Problem(step.id, "step", messages.STEP_UNREACHABLE))
    return problems


def _required(step_id: str, field: str, label: str) -> Problem:
    return Problem(step_id, field, messages.FIELD_REQUIRED.format(field=label))


def _condition_problems(step_id: str, condition: Condition | None, refs: _Refs):
    if condition is None or (condition.kind is None and not condition.all and not condition.any):
        return [Problem(step_id, "condition", messages.RULE_REQUIRED)]
    problems = []
    for part in _conditions(condition):
        if part.kind is None:
            continue
        problems += _one_condition_problems(step_id, part, refs)
    return problems


def _one_condition_problems(step_id: str, condition: Condition, refs: _Refs) -> list[Problem]:
    kind = condition.kind
    where = f"condition.{kind}"
    if kind in ("field", "rules"):
        if kind == "field":
            rule = condition.model_dump(exclude_none=True, exclude={"kind", "ids", "segmentId"})
            tree = {"type": "and", "rules": [{"type": "field", **rule}]}
        else:
            tree = condition.rules or {}
        try:
            rules_check(tree_parse(tree), fields=refs.fields)
        except ValidationError as exc:
            return [Problem(step_id, where, exc.errors()[0]["msg"])]
        except ValidationFailed as exc:
            return [Problem(step_id, where, exc.message)]
        return []
    if kind in ("group", "tag"):
        known, unknown, label = {
            "group": (refs.groups, messages.GROUP_UNKNOWN, "Groups"),
            "tag": (refs.tags, messages.TAG_UNKNOWN, "Tags"),
        }[kind]
        if condition.operator not in (None, "in", "notIn"):
            return [_required(step_id, f"{where}.operator", "Operator")]
        if not condition.ids:
            return [_required(step_id, f"{where}.ids", label)]
        if set(condition.ids) - known:
            return [Problem(step_id, f"{where}.ids", unknown)]
        return []
    if kind == "segment":
        if condition.segmentId is None:
            return [_required(step_id, f"{where}.segmentId", "Segment")]
        if condition.segmentId not in refs.segments:
            return [Problem(step_id, f"{where}.segmentId", messages.SEGMENT_UNKNOWN)]
        return []
    problems = []
    if condition.activity is None:
        problems.append(_required(step_id, f"{where}.activity", "Email Activity"))
    if condition.operator not in (None, "did", "didNot"):
        problems.append(_required(step_id, f"{where}.operator", "Operator"))
    return problems


def _sender_problems(step_id: str, sender_id: int | None, refs: _Refs) -> list[Problem]:
    sender = refs.senders.get(sender_id)
    if sender is None:
        return [Problem(step_id, "senderId", messages.SENDER_UNKNOWN)]
    problem = sender_problem(sender)
    return [Problem(step_id, "senderId", problem)] if problem else []


def _step_problems(step, refs: _Refs, definition: Definition, max_minutes: int):
    i = step.id
    problems: list[Problem] = []
    if isinstance(step, SendEmailStep):
        if step.templateId is None:
            problems.append(_required(i, "templateId", "Template"))
        elif step.templateId not in refs.templates:
            problems.append(Problem(i, "templateId", messages.TEMPLATE_UNKNOWN))
        if step.senderId is None:
            problems.append(Problem(i, "senderId", messages.SENDER_REQUIRED))
        else:
            problems += _sender_problems(i, step.senderId, refs)
        if not (step.subject or "").strip():
            problems.append(_required(i, "subject", "Subject"))
        if step.replyTo:
            problems += _email_problems(i, "replyTo", [step.replyTo])
    elif isinstance(step, WaitStep):
        problems += _wait_problems(step, max_minutes)
    elif isinstance(step, ConditionStep | GoalStep):
        problems += _condition_problems(i, step.condition, refs)
    elif isinstance(step, SplitStep):
        if len(step.branches) < 2:
            problems.append(Problem(i, "branches", messages.SPLIT_BRANCHES))
        elif sum(branch.percent or 0 for branch in step.branches) != 100:
            problems.append(Problem(i, "branches", messages.SPLIT_PERCENT))
    elif isinstance(step, UpdateFieldStep):
        if not step.field:
            problems.append(_required(i, "field", "Field"))
        elif step.field not in refs.fields:
            problems.append(Problem(i, "field", messages.FIELD_UNKNOWN))
    elif isinstance(step, GroupStep):
        if not step.groupIds:
            problems.append(_required(i, "groupIds", "Groups"))
        elif set(step.groupIds) - refs.groups:
            problems.append(Problem(i, "groupIds", messages.GROUP_UNKNOWN))
    elif isinstance(step, TagStep):
        if not step.tagIds:
            problems.append(_required(i, "tagIds", "Tags"))
        elif set(step.tagIds) - refs.tags:
            problems.append(Problem(i, "tagIds", messages.TAG_UNKNOWN))
    elif isinstance(step, NotifyRepStep):
        if not (step.subject or "").strip():
            problems.append(_required(i, "subject", "Subject"))
        if not (step.message or "").strip():
            problems.append(_required(i, "message", "Message"))
        if step.senderId is None:
            problems.append(Problem(i, "senderId", messages.NOTIFY_SENDER_REQUIRED))
        else:
            problems += _sender_problems(i, step.senderId, refs)
    elif isinstance(step, WebhookStep):
        problems.append(Problem(i, "type", messages.WEBHOOK_STEP_UNAVAILABLE))
    return problems


def _wait_problems(step: WaitStep, max_minutes: int) -> list[Problem]:
    i = step.id
    if (step.delay is None) == (step.until is None):
        return [Problem(i, "delay", messages.WAIT_REQUIRED)]
    if step.delay is not None:
        delay = step.delay
        if delay.amount is None or delay.unit is None:
            return [Problem(i, "delay.amount", messages.DELAY_REQUIRED)]
        if _minutes(delay.amount, delay.unit) > max_minutes:
            most = _most(max_minutes)
            return [Problem(i, "delay.amount", messages.DELAY_OUTSIDE_SETTINGS.format(most=most))]
        return []
    until = step.until
    problems = []
    if not until.weekdays and not until.monthDays and not until.time:
        problems.append(Problem(i, "until.weekdays", messages.WAIT_DAYS_REQUIRED))
    if until.time and not HH_MM.match(until.time):
        problems.append(Problem(i, "until.time", messages.TIME_FORMAT))
    return problems


def _most(minutes: int) -> str:
    """A length in the largest unit that measures it exactly: "1 day", "36 hours"."""
    for unit in ("weeks", "days", "hours", "minutes"):
        size = UNIT_MINUTES[unit]
        if minutes % size == 0:
            count = minutes // size
            return f"{count} {unit[:-1] if count == 1 else unit}"
    return f"{minutes} minutes"
