"""The rule tree: one JSON document per segment, nested AND/OR groups of rules, checked
here with the spec's messages (5.1 date rule, 5.8 number ranges and periods) before
anything is compiled (compiler.py). What needs the client's data (does the field exist,
does the operator suit its type, is the value one of its options) is checked by
`services.rules_check`, which knows the field registry.

    {"type": "and", "rules": [
        {"type": "field", "field": "custom.plan", "operator": "in", "values": ["Gold"]},
        {"type": "groups", "operator": "in", "ids": [3]},
        {"type": "or", "rules": [
            {"type": "tags", "operator": "in", "ids": [9]},
            {"type": "activity", "event": "opened", "operator": "did",
             "window": {"frequency": "last", "unit": "days", "amount": 30}},
            {"type": "form", "operator": "did", "ids": [12]}]}]}
"""

import datetime
from typing import Annotated, Literal, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    model_validator,
)
from pydantic_core import PydanticCustomError

from marketing.segments.messages import (
    DATES_ORDER,
    PAST_ONLY,
    PERIOD_POSITIVE,
    RANGE_ORDER,
    TOO_MANY_RULES,
    VALUE_EMPTY,
)

MAX_RULES = 50
MAX_DEPTH = 4
MAX_NUMBER = 10**15  # custom numbers are below this (audience's value rule)


def please_fill(label: str) -> str:
    """The spec's form helper wording (5.1): 'Please fill {field}'."""
    return f"Please fill {label}"


def _refuse(message: str) -> PydanticCustomError:
    return PydanticCustomError("segment_rule", message)


class RuleModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


Day = Annotated[datetime.date, Field(ge=datetime.date(1700, 1, 1), le=datetime.date(2260, 12, 31))]
Unit = Literal["days", "weeks", "months"]


class DateCondition(RuleModel):
    """Spec 5.1's date rule: a frequency, and what it needs. `last`/`next` need a unit and
    an amount > 0; `before`/`after`/`on` a date; `between` both dates, To after From."""

    frequency: Literal["last", "next", "before", "after", "on", "between"] | None = None
    unit: Unit | None = None
    amount: int | None = Field(None, ge=-(10**6), le=10**6)
    date: Day | None = None
    dateFrom: Day | None = None  # noqa: N815 - wire names
    dateTo: Day | None = None  # noqa: N815

    @model_validator(mode="after")
    def _complete(self):
        if self.frequency is None:
            raise _refuse(please_fill("Frequency"))
        if self.frequency in ("last", "next"):
            if self.unit is None:
                raise _refuse(please_fill("Unit"))
            if self.amount is None:
                raise _refuse(please_fill("Amount"))
            if self.amount <= 0:
                raise _refuse(PERIOD_POSITIVE)
        elif self.frequency == "between":
            if self.dateFrom is None:
                raise _refuse(please_fill("From date"))
            if self.dateTo is None:
                raise _refuse(please_fill("To date"))
            if self.dateTo <= self.dateFrom:
                raise _refuse(DATES_ORDER)
        elif self.date is None:
            raise _refuse(please_fill("Date"))
        return self


TEXT_OPERATORS = ("equals", "notEquals", "contains", "notContains", "startsWith")
NUMBER_OPERATORS = ("equals", "notEquals", "greaterThan", "lessThan", "between")
CHOICE_OPERATORS = ("in", "notIn")
ARRAY_OPERATORS = ("containsAny", "containsAll", "notContainsAny")
PRESENCE_OPERATORS = ("isEmpty", "isNotEmpty")
FieldOperator = Literal[
    "equals",
    "notEquals",
    "contains",
    "notContains",
    "startsWith",
    "greaterThan",
    "lessThan",
    "between",
    "in",
    "notIn",
    "containsAny",
    "containsAll",
    "notContainsAny",
    "is",
    "date",
    "isEmpty",
    "isNotEmpty",
]
Text = Annotated[str, StringConstraints(max_length=1000)]
Number = Annotated[float, Field(gt=-MAX_NUMBER, lt=MAX_NUMBER, allow_inf_nan=False)]
Choice = Annotated[str | int, Field(union_mode="left_to_right")]


class FieldRule(RuleModel):
    """A profile field, standard (its API key: `firstName`, `source`, ...) or custom
    (`custom.<key>`). Which operators and values fit depends on the field's type."""

    type: Literal["field"]
    field: Annotated[str, StringConstraints(min_length=1, max_length=80)]
    operator: FieldOperator
    value: bool | Number | Text | None = None
    values: list[Choice] = Field(default_factory=list, max_length=200)
    valueFrom: Number | None = None  # noqa: N815 - wire names
    valueTo: Number | None = None  # noqa: N815
    date: DateCondition | None = None

    @model_validator(mode="after")
    def _complete(self):
        op = self.operator
        if op == "between":
            # Spec 5.8: a number range needs both ends, To greater than From.
            if self.valueFrom is None or self.valueTo is None:
                raise _refuse(VALUE_EMPTY)
            if self.valueTo <= self.valueFrom:
                raise _refuse(RANGE_ORDER)
        elif op in (*TEXT_OPERATORS, "greaterThan", "lessThan", "is"):
            if self.value is None or (isinstance(self.value, str) and not self.value.strip()):
                raise _refuse(VALUE_EMPTY)
        elif op in (*CHOICE_OPERATORS, *ARRAY_OPERATORS):
            if not self.values:
                raise _refuse(VALUE_EMPTY)
        elif op == "date" and self.date is None:
            raise _refuse(please_fill("Date"))
        return self


Ids = Annotated[list[Annotated[int, Field(ge=1, le=2**63 - 1)]], Field(max_length=200)]


class _MembershipRule(RuleModel):
    operator: Literal["in", "notIn"]  # in any of `ids` / in none of them
    ids: Ids

    @model_validator(mode="after")
    def _complete(self):
        if not self.ids:
            raise _refuse(please_fill(self._label))
        return self


class GroupsRule(_MembershipRule):
    type: Literal["groups"]
    _label = "Groups"


class TagsRule(_MembershipRule):
    type: Literal["tags"]
    _label = "Tags"


class CsbRule(RuleModel):
    """Flagged for consecutive soft bounces (5 or more), or not."""

    type: Literal["csb"]
    value: bool


class SubscriptionRule(RuleModel):
    type: Literal["subscription"]
    state: Literal["subscribed", "unsubscribed", "doNotEmail"]


EventName = Literal[
    "sent", "delivered", "opened", "clicked", "bounced", "complained", "unsubscribed"
]


class ActivityRule(RuleModel):
    """Email activity: did (or did not) `event` at least `minCount` times, for one
    campaign or any, in the window (or ever). Machine events never count."""

    type: Literal["activity"]
    event: EventName
    operator: Literal["did", "didNot"] = "did"
    campaignId: Annotated[int, Field(ge=1, le=2**63 - 1)] | None = None  # noqa: N815
    minCount: int = Field(1, ge=1, le=10_000)  # noqa: N815
    window: DateCondition | None = None

    @model_validator(mode="after")
    def _past(self):
        if self.window is not None and self.window.frequency == "next":
            raise _refuse(PAST_ONLY)
        return self


class FormRule(RuleModel):
    """Submitted one of the forms `ids` (a submission that reached the profile: confirmed,
    or taken at once with single opt-in), or did not; in the window (or ever)."""

    type: Literal["form"]
    operator: Literal["did", "didNot"] = "did"
    ids: Ids
    window: DateCondition | None = None

    @model_validator(mode="after")
    def _complete(self):
        if not self.ids:
            raise _refuse(please_fill("Forms"))
        if self.window is not None and self.window.frequency == "next":
            raise _refuse(PAST_ONLY)
        return self


Rule = Annotated[
    Union[
        "AndGroup",
        "OrGroup",
        FieldRule,
        GroupsRule,
        TagsRule,
        CsbRule,
        SubscriptionRule,
        ActivityRule,
        FormRule,
    ],
    Field(discriminator="type"),
]


class AndGroup(RuleModel):
    type: Literal["and"]
    rules: list[Rule] = Field(min_length=1, max_length=MAX_RULES)


class OrGroup(RuleModel):
    type: Literal["or"]
    rules: list[Rule] = Field(min_length=1, max_length=MAX_RULES)


RuleTree = Annotated[AndGroup | OrGroup, Field(discriminator="type")]


def _size(node, depth: int = 1) -> tuple[int, int]:
    """(rules, depth) of a node."""
    if isinstance(node, AndGroup | OrGroup):
        sizes = [_size(child, depth + 1) for child in node.rules]
        return sum(s for s, _ in sizes), max(d for _, d in sizes)
    return 1, depth - 1


def tree_limits_check(tree: AndGroup | OrGroup) -> None:
    rules, depth = _size(tree)
    if rules > MAX_RULES or depth > MAX_DEPTH:
        raise _refuse(TOO_MANY_RULES)


AndGroup.model_rebuild()
OrGroup.model_rebuild()


def tree_parse(data) -> AndGroup | OrGroup:
    """A stored or sent tree, checked (raises pydantic's ValidationError)."""
    tree = _TREE.validate_python(data)
    tree_limits_check(tree)
    return tree


def tree_dump(tree: AndGroup | OrGroup) -> dict:
    return tree.model_dump(mode="json", exclude_none=True)


_TREE = TypeAdapter(RuleTree)
