"""The workflow definition (the canvas graph, models.py's JSON document) as typed models,
and the graph itself: its edges, the steps reachable from the start, cycles, and deleting
a step with its branches. The engine (marketing/workflows/engine) reads these names.

    {"trigger": {"id": "trigger", "kind": "segmentEntered", "segmentId": 7},
     "start": "s1",
     "steps": [
        {"id": "s1", "type": "sendEmail", "templateId": 3, "senderId": 2,
         "subject": "Welcome", "previewText": "", "next": "s2"},
        {"id": "s2", "type": "wait", "delay": {"amount": 2, "unit": "days"}, "next": "s3"},
        {"id": "s3", "type": "condition",
         "condition": {"kind": "activity", "activity": "emailOpened", "operator": "did"},
         "yes": "s4", "no": "s5"},
        {"id": "s4", "type": "split", "branches": [{"percent": 50, "next": "s5"},
                                                    {"percent": 50}]},
        {"id": "s5", "type": "end"}],
     "positions": {"trigger": {"x": 0, "y": 0}, "s1": {"x": 0, "y": 120}}}

A draft may be incomplete (every field but `id` and `type` is optional here): the draft
save checks only this shape; publishing checks everything (services/checking.py) and
writes into the frozen version what the engine needs beyond it (an email step's and a
rep notification's fromName and fromAddress, from their sender). A step whose `next` is
absent ends the enrollment there. A day-only wait ("until" days without a time) is given
09:00 (spec 5.9 and 9) when the definition is stored.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from billing.models import CommerceEvent
from marketing.workflows.models import EmailActivity, StepType, TriggerKind

DEFAULT_DAY_TIME = "09:00"  # spec 9: day-only workflow emails go at 9 AM
STEPS_MAX = 500

StepId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
Ids = Annotated[list[Id], Field(max_length=100)]
Text = Annotated[str, StringConstraints(max_length=2000)]
ShortText = Annotated[str, StringConstraints(max_length=255)]
Address = Annotated[str, StringConstraints(max_length=254)]
HourMinute = Annotated[str, StringConstraints(max_length=5)]  # "HH:MM", checked at publish
Emails = Annotated[list[Address], Field(max_length=50)]
FieldKey = Annotated[str, StringConstraints(max_length=100)]  # city, custom.plan
FieldValue = str | int | float | bool | None
TimeUnit = Literal["minutes", "hours", "days", "weeks", "months"]
# A month counts as 31 days when a delay is held against the settings' longest delay.
UNIT_MINUTES = {"minutes": 1, "hours": 60, "days": 1440, "weeks": 10080, "months": 44640}
WeekDays = Annotated[list[Annotated[int, Field(ge=0, le=6)]], Field(max_length=7)]
MonthDays = Annotated[list[Annotated[int, Field(ge=1, le=31)]], Field(max_length=31)]
# Steps that do something to the profile or for it (spec 5.9's "required action").
REQUIRED_ACTIONS = frozenset(
    {
        StepType.SEND_EMAIL,
        StepType.UPDATE_FIELD,
        StepType.ADD_GROUP,
        StepType.REMOVE_GROUP,
        StepType.ADD_TAG,
        StepType.REMOVE_TAG,
        StepType.NOTIFY_REP,
        StepType.WEBHOOK,
    }
)
ACTIVITIES = ("emailOpened", "linkClick", "bounce", "spam", "unsubscribed", "sent", "delivered")


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Position(_Part):
    x: float
    y: float


class Trigger(_Part):
    """What starts an enrollment. The details each kind needs (checked at publish):
    formSubmission formId; emailActivity activity (+ campaignId: one campaign's messages
    only; + url: a linkClick on that link only); webhook webhookId; segmentEntered and
    segmentLeft segmentId; fieldChanged field (a field's API key: city, custom.plan);
    groupAdded/groupRemoved groupId; tagAdded/tagRemoved tagId; dateField field (a custom
    date field), days and when (N days before or after the date; 0 = on it; yearly: the
    day and month only, as a birthday) at time (the client's zone; 09:00 when not given);
    stageChanged toStage; summaryNotification frequency and recipients; chargeBrite
    commerceEvent."""

    id: Literal["trigger"] = "trigger"
    kind: Literal[tuple(TriggerKind.values)] | None = None
    label: ShortText | None = None
    formId: Id | None = None  # noqa: N815 - the definition's names are the wire's
    activity: Literal[tuple(EmailActivity.values)] | None = None
    campaignId: Id | None = None  # noqa: N815
    url: Text | None = None
    webhookId: Id | None = None  # noqa: N815
    segmentId: Id | None = None  # noqa: N815
    groupId: Id | None = None  # noqa: N815
    tagId: Id | None = None  # noqa: N815
    field: FieldKey | None = None
    days: Annotated[int, Field(ge=0, le=366)] | None = None
    when: Literal["before", "after"] | None = None
    yearly: bool | None = None
    time: HourMinute | None = None
    toStage: ShortText | None = None  # noqa: N815
    # chargeBrite (spec 3's trigger category): a subscription or order event of commerce
    commerceEvent: Literal[tuple(CommerceEvent.Kind.values)] | None = None  # noqa: N815
    frequency: Literal["day", "week", "month", "quarter"] | None = None
    recipients: Emails | None = None


class Condition(_Part):
    """A condition's or a goal's test (the engine answers it for a batch at once):

        {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"}
        {"kind": "group", "operator": "in", "ids": [3]}      (tag the same; or notIn)
        {"kind": "segment", "segmentId": 12}                 membership now
        {"kind": "activity", "activity": "emailOpened", "operator": "did"}  since enrollment
        {"kind": "rules", "rules": <a segment rule tree>}    (marketing/segments/rules.py)
        {"all": [...]} / {"any": [...]}                      several at once

    Field and rules conditions are checked at publish with the segment builder's rules."""

    kind: Literal["field", "group", "tag", "segment", "activity", "rules"] | None = None
    field: FieldKey | None = None
    operator: Annotated[str, StringConstraints(max_length=30)] | None = None
    value: FieldValue = None
    values: Annotated[list[str | int], Field(max_length=200)] | None = None
    ids: Ids | None = None
    segmentId: Id | None = None  # noqa: N815
    activity: Literal[ACTIVITIES] | None = None
    rules: dict | None = None
    all: Annotated[list[Condition], Field(max_length=20)] | None = None
    any: Annotated[list[Condition], Field(max_length=20)] | None = None


class _Step(_Part):
    id: StepId
    label: ShortText | None = None


class _Linear(_Step):
    next: StepId | None = None


class SendEmailStep(_Linear):
    """The sender is senderId, or the profile's rep with senderId as the fallback (spec 6:
    a disabled, unassigned or invalid rep falls back). Publishing writes the sender's
    fromName and fromAddress into the version; the subject falls back to the template's."""

    type: Literal["sendEmail"]
    templateId: Id | None = None  # noqa: N815
    senderId: Id | None = None  # noqa: N815
    useRepAsSender: bool = False  # noqa: N815
    subject: ShortText | None = None
    previewText: ShortText | None = None  # noqa: N815
    replyTo: Address | None = None  # noqa: N815
    fromName: ShortText | None = None  # noqa: N815 - written at publish
    fromAddress: Address | None = None  # noqa: N815 - written at publish


class DelayDraft(_Part):
    amount: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    unit: TimeUnit | None = None


class Until(_Part):
    """The next of the weekdays (0 = Sunday .. 6) or days of the month (1..31) at time
    (09:00 when only days are chosen), in the client's zone or the profile's."""

    weekdays: WeekDays | None = None
    monthDays: MonthDays | None = None  # noqa: N815
    time: HourMinute | None = None
    zone: Literal["client", "profile"] = "client"


class WaitStep(_Linear):
    """A delay, or a moment to wait until: one of the two."""

    type: Literal["wait"]
    delay: DelayDraft | None = None
    until: Until | None = None


class ConditionStep(_Step):
    type: Literal["condition"]
    condition: Condition | None = None
    yes: StepId | None = None
    no: StepId | None = None


class Branch(_Part):
    percent: Annotated[int, Field(ge=0, le=100)] | None = None
    next: StepId | None = None
    label: ShortText | None = None


class SplitStep(_Step):
    type: Literal["split"]
    branches: Annotated[list[Branch], Field(max_length=10)] = []


class UpdateFieldStep(_Linear):
    type: Literal["updateField"]
    field: FieldKey | None = None
    value: FieldValue = None


class GroupStep(_Linear):
    type: Literal["addGroup", "removeGroup"]
    groupIds: Ids = []  # noqa: N815


class TagStep(_Linear):
    type: Literal["addTag", "removeTag"]
    tagIds: Ids = []  # noqa: N815


class NotifyRepStep(_Linear):
    """An email to the profile's rep, from senderId (its fromName and fromAddress written
    at publish); the profile's merge tags in subject and message."""

    type: Literal["notifyRep"]
    subject: ShortText | None = None
    message: Text | None = None
    senderId: Id | None = None  # noqa: N815
    fromName: ShortText | None = None  # noqa: N815 - written at publish
    fromAddress: Address | None = None  # noqa: N815 - written at publish


class WebhookStep(_Linear):
    type: Literal["webhook"]
    url: Text | None = None


class GoalStep(_Linear):
    """Ends the enrollment as Completed when its condition is met; otherwise on to next
    (or, without one, it waits at the goal and is asked again)."""

    type: Literal["goal"]
    condition: Condition | None = None


class EndStep(_Step):
    type: Literal["end"]


Step = Annotated[
    SendEmailStep | WaitStep | ConditionStep | SplitStep | UpdateFieldStep | GroupStep
    | TagStep | NotifyRepStep | WebhookStep | GoalStep | EndStep,
    Field(discriminator="type"),
]  # fmt: skip


class Definition(_Part):
    trigger: Trigger | None = None
    start: StepId | None = None
    steps: Annotated[list[Step], Field(max_length=STEPS_MAX)] = []
    positions: Annotated[dict[str, Position], Field(max_length=STEPS_MAX + 1)] = {}


class SendWindow(_Part):
    fromTime: HourMinute | None = None  # noqa: N815
    toTime: HourMinute | None = None  # noqa: N815


class Delay(_Part):
    amount: Annotated[int, Field(ge=0, le=1_000_000)]
    unit: TimeUnit


class WorkflowSettings(_Part):
    """A workflow's settings: the send window (emails go out between fromTime and toTime,
    on sendDays, in the client's zone or the profile's) and the longest delay a wait may
    have (maxDelay; DELAY_MAX_DAYS when unset). The automation merge tags' fields of spec
    3 (webhookData, formData, formName, enrolledCampaignName) come from the enrollment's
    context, not from here."""

    sendWindow: SendWindow | None = None  # noqa: N815
    sendDays: WeekDays | None = None  # noqa: N815
    timeZone: Literal["client", "profile"] = "client"  # noqa: N815
    maxDelay: Delay | None = None  # noqa: N815


DELAY_MAX_DAYS = 365


def definition_read(data: dict) -> Definition:
    """The typed definition (raises pydantic's ValidationError on a malformed one)."""
    return Definition.model_validate(data or {})


def definition_dump(definition: Definition) -> dict:
    """The stored JSON: absent stays absent; a day-only wait gets 09:00 (spec 5.9)."""
    for step in definition.steps:
        until = step.until if isinstance(step, WaitStep) else None
        if until is not None and (until.weekdays or until.monthDays) and not until.time:
            until.time = DEFAULT_DAY_TIME
    return definition.model_dump(mode="json", exclude_none=True)


def step_edges(step) -> list[str | None]:
    """Where a step leads, in order (None = the enrollment ends there)."""
    if isinstance(step, ConditionStep):
        return [step.yes, step.no]
    if isinstance(step, SplitStep):
        return [branch.next for branch in step.branches]
    if isinstance(step, EndStep):
        return []
    return [step.next]


def reachable(definition: Definition) -> list[str]:
    """Step ids reachable from the start, in visiting order (unknown ids skipped)."""
    by_id = {step.id: step for step in definition.steps}
    seen: list[str] = []
    stack = [definition.start] if definition.start else []
    while stack:
        step_id = stack.pop()
        if step_id is None or step_id in seen or step_id not in by_id:
            continue
        seen.append(step_id)
        stack.extend(reversed(step_edges(by_id[step_id])))
    return seen


def cycle_steps(definition: Definition) -> list[str]:
    """Steps whose edge closes a loop (each reported once)."""
    by_id = {step.id: step for step in definition.steps}
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    closing: list[str] = []
    for root in by_id:
        if root in state:
            continue
        stack = [(root, iter(step_edges(by_id[root])))]
        state[root] = 1
        while stack:
            node, edges = stack[-1]
            nxt = next(edges, ...)
            if nxt is ...:
                state[node] = 2
                stack.pop()
            elif nxt in by_id:
                if state.get(nxt) == 1 and node not in closing:
                    closing.append(node)
                elif nxt not in state:
                    state[nxt] = 1
                    stack.append((nxt, iter(step_edges(by_id[nxt]))))
    return closing


def definition_step_delete(data: dict, step_id: str) -> dict:
    """The definition without `step_id` (spec 5.9: deleting a condition deletes its
    children). A condition or split goes with every step reached only through it; what
    led to it then ends there. Any other step is cut out: what led to it leads to its
    next. The canvas does the same before it saves; this is the rule it mirrors."""
    definition = definition_read(data)
    by_id = {step.id: step for step in definition.steps}
    step = by_id.get(step_id)
    if step is None:
        return definition_dump(definition)
    gone = {step_id}
    replacement: str | None = None
    if isinstance(step, ConditionStep | SplitStep):
        rest = definition.model_copy(
            update={"steps": [s for s in definition.steps if s.id != step_id]}
        )
        kept = set(reachable(rest))
        gone |= _descendants(by_id, step_id) - kept
    elif not isinstance(step, EndStep):
        replacement = step.next
    steps = [_repointed(s, gone, replacement) for s in definition.steps if s.id not in gone]
    start = definition.start
    if start in gone:
        start = replacement
    positions = {k: v for k, v in definition.positions.items() if k not in gone}
    return definition_dump(
        definition.model_copy(update={"steps": steps, "start": start, "positions": positions})
    )


def _descendants(by_id: dict, step_id: str) -> set[str]:
    found: set[str] = set()
    stack = [step_id]
    while stack:
        current = stack.pop()
        if current in found or current not in by_id:
            continue
        found.add(current)
        stack.extend(e for e in step_edges(by_id[current]) if e)
    return found


def _repointed(step, gone: set[str], replacement: str | None):
    def target(edge):
        return replacement if edge in gone else edge

    if isinstance(step, ConditionStep):
        return step.model_copy(update={"yes": target(step.yes), "no": target(step.no)})
    if isinstance(step, SplitStep):
        branches = [b.model_copy(update={"next": target(b.next)}) for b in step.branches]
        return step.model_copy(update={"branches": branches})
    if isinstance(step, EndStep):
        return step
    return step.model_copy(update={"next": target(step.next)})
