"""Spec 5.9's rules, checked before a workflow is published, as field problems a screen
shows beside the field: (where, field, message). `where` is "workflow" (name,
description), "settings", "trigger", or a step's id.

- Name and description are required.
- At least one action and one required action (services that act on or for the profile:
  definition.REQUIRED_ACTIONS).
- Trigger details are required (each kind's, Trigger's docstring), and the things they
  name exist.
- From-time must be before to-time (the send window of the settings).
- The delay must fall within the workflow settings (maxDelay, or DELAY_MAX_DAYS).
- Unsaved actions block publishing (the canvas sends the ids of the steps it holds
  unsaved edits of).
- An email must be valid (a trigger's recipients, a notification's copies, a reply-to).
- The graph: one trigger leading to a start step, every edge to an existing step, unique
  ids, no loop, every step reachable.
- Webhook steps and webhook triggers are refused until the integrations issue brings
  them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from marketing.audience.selectors.fields import segment_field_list
from marketing.audience.selectors.groups import group_list
from marketing.audience.selectors.tags import tag_list
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.content.selectors import template_list
from marketing.segments.selectors import segment_list
from marketing.senders.selectors import sender_list
from marketing.workflows import messages
from marketing.workflows.definition import (
    DELAY_MAX_DAYS,
    REQUIRED_ACTIONS,
    RULE_OPERATORS,
    UNIT_MINUTES,
    ConditionStep,
    Definition,
    EndStep,
    GoalStep,
    GroupStep,
    NotifyRepStep,
    Rule,
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
from marketing.workflows.models import EmailActivity, TriggerKind

HH_MM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
TRIGGER_DETAILS = {
    TriggerKind.FORM_SUBMISSION: ("formId",),
    TriggerKind.EMAIL_ACTIVITY: ("activity",),
    TriggerKind.WEBHOOK: ("webhookId",),
    TriggerKind.SEGMENT_ENTERED: ("segmentId",),
    TriggerKind.SEGMENT_LEFT: ("segmentId",),
    TriggerKind.FIELD_CHANGED: ("fieldName",),
    TriggerKind.GROUP_ADDED: ("groupId",),
    TriggerKind.GROUP_REMOVED: ("groupId",),
    TriggerKind.TAG_ADDED: ("tagId",),
    TriggerKind.TAG_REMOVED: ("tagId",),
    TriggerKind.DATE_FIELD: ("fieldName", "days", "direction", "time"),
    TriggerKind.STAGE_CHANGED: ("toStage",),
    TriggerKind.SUMMARY_NOTIFICATION: ("frequency", "recipients"),
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


class _Refs:
    """The ids a definition names, looked up once each."""

    def __init__(self, definition: Definition):
        templates, senders, groups, tags, segments = set(), set(), set(), set(), set()
        for step in definition.steps:
            if isinstance(step, SendEmailStep):
                templates.add(step.templateId)
                senders.add(step.senderId)
            elif isinstance(step, GroupStep):
                groups.update(step.groupIds)
            elif isinstance(step, TagStep):
                tags.update(step.tagIds)
            rule = getattr(step, "rule", None)
            if rule is not None:
                groups.add(rule.groupId)
                tags.add(rule.tagId)
                segments.add(rule.segmentId)
        trigger = definition.trigger
        if trigger is not None:
            groups.add(trigger.groupId)
            tags.add(trigger.tagId)
            segments.add(trigger.segmentId)
        self.templates = _existing(template_list(), templates)
        self.senders = _existing(sender_list(), senders)
        self.groups = _existing(group_list(), groups)
        self.tags = _existing(tag_list(), tags)
        self.segments = _existing(segment_list(), segments)
        self.fields = {field.key for field in segment_field_list()}


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
            problems.append(Problem(where, field, messages.INVALID_EMAIL))
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
    if (
        kind == TriggerKind.EMAIL_ACTIVITY
        and trigger.activity == EmailActivity.LINK_CLICK
        and trigger.linkUrl
        and trigger.campaignId is None
    ):
        problems.append(Problem("trigger", "campaignId", messages.TRIGGER_DETAILS_REQUIRED))
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
    if trigger.fieldName and trigger.fieldName not in refs.fields:
        problems.append(Problem("trigger", "fieldName", messages.FIELD_UNKNOWN))
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


def _rule_problems(step_id: str, rule: Rule | None, refs: _Refs, steps: set[str]):
    if rule is None or rule.kind is None:
        return [Problem(step_id, "rule", messages.RULE_REQUIRED)]
    problems = []
    if rule.operator not in RULE_OPERATORS[rule.kind]:
        problems.append(_required(step_id, "rule.operator", "Operator"))
    needs = {
        "field": ("fieldName", refs.fields, messages.FIELD_UNKNOWN, "Field"),
        "group": ("groupId", refs.groups, messages.GROUP_UNKNOWN, "Group"),
        "tag": ("tagId", refs.tags, messages.TAG_UNKNOWN, "Tag"),
        "segment": ("segmentId", refs.segments, messages.SEGMENT_UNKNOWN, "Segment"),
    }
    if rule.kind in needs:
        field, known, unknown, label = needs[rule.kind]
        value = getattr(rule, field)
        if value in (None, ""):
            problems.append(_required(step_id, f"rule.{field}", label))
        elif value not in known:
            problems.append(Problem(step_id, f"rule.{field}", unknown))
        compares = rule.operator not in ("isEmpty", "isNotEmpty")
        if rule.kind == "field" and compares and rule.value in (None, ""):
            problems.append(_required(step_id, "rule.value", "Value"))
    else:
        if rule.activity is None:
            problems.append(_required(step_id, "rule.activity", "Email Activity"))
        if rule.stepId is not None and rule.stepId not in steps:
            problems.append(Problem(step_id, "rule.stepId", messages.EDGE_UNKNOWN))
    return problems


def _step_problems(step, refs: _Refs, definition: Definition, max_minutes: int):
    email_steps = {s.id for s in definition.steps if isinstance(s, SendEmailStep)}
    i = step.id
    problems: list[Problem] = []
    if isinstance(step, SendEmailStep):
        if step.templateId is None:
            problems.append(_required(i, "templateId", "Template"))
        elif step.templateId not in refs.templates:
            problems.append(Problem(i, "templateId", messages.TEMPLATE_UNKNOWN))
        if step.senderId is None and not step.useRepAsSender:
            problems.append(Problem(i, "senderId", messages.SENDER_REQUIRED))
        elif step.senderId is not None and step.senderId not in refs.senders:
            problems.append(Problem(i, "senderId", messages.SENDER_UNKNOWN))
        if not (step.subject or "").strip():
            problems.append(_required(i, "subject", "Subject"))
        if step.replyTo:
            problems += _email_problems(i, "replyTo", [step.replyTo])
    elif isinstance(step, WaitStep):
        problems += _wait_problems(step, max_minutes)
    elif isinstance(step, ConditionStep | GoalStep):
        problems += _rule_problems(i, step.rule, refs, email_steps)
    elif isinstance(step, SplitStep):
        if len(step.branches) < 2:
            problems.append(Problem(i, "branches", messages.SPLIT_BRANCHES))
        elif sum(branch.percent or 0 for branch in step.branches) != 100:
            problems.append(Problem(i, "branches", messages.SPLIT_PERCENT))
    elif isinstance(step, UpdateFieldStep):
        if not step.fieldName:
            problems.append(_required(i, "fieldName", "Field"))
        elif step.fieldName not in refs.fields:
            problems.append(Problem(i, "fieldName", messages.FIELD_UNKNOWN))
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
        problems += _email_problems(i, "ccEmails", step.ccEmails)
    elif isinstance(step, WebhookStep):
        problems.append(Problem(i, "type", messages.WEBHOOK_STEP_UNAVAILABLE))
    return problems


def _wait_problems(step: WaitStep, max_minutes: int) -> list[Problem]:
    i = step.id
    if step.mode is None:
        return [_required(i, "mode", "Wait")]
    if step.mode == "delay":
        if step.amount is None or step.unit is None:
            return [Problem(i, "amount", messages.DELAY_REQUIRED)]
        if _minutes(step.amount, step.unit) > max_minutes:
            return [
                Problem(
                    i, "amount", messages.DELAY_OUTSIDE_SETTINGS.format(most=_most(max_minutes))
                )
            ]
        return []
    problems = []
    if not step.weekdays and not step.monthDays:
        problems.append(Problem(i, "weekdays", messages.WAIT_DAYS_REQUIRED))
    if step.time and not HH_MM.match(step.time):
        problems.append(Problem(i, "time", messages.TIME_FORMAT))
    return problems


def _most(minutes: int) -> str:
    for unit in ("weeks", "days", "hours"):
        size = UNIT_MINUTES[unit]
        if minutes % size == 0:
            return f"{minutes // size} {unit}"
    return f"{minutes} minutes"
