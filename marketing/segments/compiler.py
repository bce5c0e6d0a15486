"""The rule tree (rules.py) compiled into one parameterised SQL query over the client's
profiles. Values only ever travel as parameters; identifiers come from the registry
(the audience's segment sources, the tracking selectors), never from the tree.

One case per rule type. A rule on a profile's own columns is a row predicate; a rule on
another table (groups, tags, email activity, form submissions) is a set of profile ids. An
AND group keeps its predicates in one WHERE and joins its sets as semi-joins (`p.id IN (...)`) or
anti-joins (`NOT EXISTS`); an OR group whose children are all row predicates stays one
WHERE, and any other OR becomes a UNION of id sets joined once: never a per-row
`OR EXISTS (...)`, which the planner cannot turn into a join (on 1M profiles / 10M events
that form ran for minutes, the UNION in well under a second).

Only live profiles count: neither deleted nor archived."""

import datetime
import json
import zoneinfo
from dataclasses import dataclass, field

from dateutil.relativedelta import relativedelta

from marketing.segments.rules import (
    ARRAY_OPERATORS,
    CHOICE_OPERATORS,
    NUMBER_OPERATORS,
    PRESENCE_OPERATORS,
    TEXT_OPERATORS,
    ActivityRule,
    AndGroup,
    CsbRule,
    DateCondition,
    FieldRule,
    FormRule,
    GroupsRule,
    OrGroup,
    SubscriptionRule,
    TagsRule,
)

# A field's type (a standard field's kind or a custom field's type) -> its operators.
OPERATORS_BY_TYPE: dict[str, tuple[str, ...]] = {
    "email": (*TEXT_OPERATORS, *PRESENCE_OPERATORS),
    "text": (*TEXT_OPERATORS, *PRESENCE_OPERATORS),
    "number": (*NUMBER_OPERATORS, *PRESENCE_OPERATORS),
    "date": ("date", *PRESENCE_OPERATORS),
    "datetime": ("date", *PRESENCE_OPERATORS),
    "choice": (*CHOICE_OPERATORS, *PRESENCE_OPERATORS),
    "radio": (*CHOICE_OPERATORS, *PRESENCE_OPERATORS),
    "dropdown": (*CHOICE_OPERATORS, *PRESENCE_OPERATORS),
    "rep": (*CHOICE_OPERATORS, *PRESENCE_OPERATORS),
    "checkbox": (*ARRAY_OPERATORS, *PRESENCE_OPERATORS),
    "boolean": ("is",),
}


@dataclass(frozen=True)
class SegmentableField:
    """A field as the compiler sees it: a Profile column, or a key of Profile.custom."""

    key: str
    type: str
    column: str | None = None  # standard fields
    custom_key: str | None = None  # custom fields
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sources:
    """The identifiers the compiler may write: table names, and how to select the profiles
    with email activity (tracking's selector)."""

    profile: str
    profile_group: str
    profile_tag: str
    csb_threshold: int
    activity_members: object  # callable(**kwargs) -> (sql, params)
    # callable(form_ids, since, until) -> (sql, params): the forms app's submitters
    # (registered by it: services/form_source.py), None while no app provides them
    form_members: object = None


@dataclass
class Sql:
    text: str
    params: list = field(default_factory=list)


def _join(parts: list[Sql], glue: str) -> Sql:
    return Sql(glue.join(f"({p.text})" for p in parts), [x for p in parts for x in p.params])


def like_escape(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


BASE = "p.deleted_at IS NULL AND p.archived_at IS NULL"


@dataclass(frozen=True)
class Window:
    """An instant range: `since` inclusive, `until` exclusive (None: open)."""

    since: datetime.datetime | None
    until: datetime.datetime | None


def _period(unit: str, amount: int) -> relativedelta:
    return relativedelta(**{unit: amount})


def date_bounds(
    condition: DateCondition, *, today: datetime.date
) -> tuple[datetime.date | None, datetime.date | None]:
    """A date condition as whole days: first and last day, inclusive (None: open)."""
    f = condition.frequency
    if f == "last":
        return today - _period(condition.unit, condition.amount), today
    if f == "next":
        return today, today + _period(condition.unit, condition.amount)
    if f == "before":
        return None, condition.date - datetime.timedelta(days=1)
    if f == "after":
        return condition.date + datetime.timedelta(days=1), None
    if f == "on":
        return condition.date, condition.date
    return condition.dateFrom, condition.dateTo


def instant_window(
    condition: DateCondition, *, now: datetime.datetime, zone: zoneinfo.ZoneInfo
) -> Window:
    """A date condition over instants (a timestamp column, events): `last` and `next`
    count back or forward from now; dates are whole days of the client's time zone."""
    if condition.frequency == "last":
        return Window(now - _period(condition.unit, condition.amount), None)
    if condition.frequency == "next":
        return Window(now, now + _period(condition.unit, condition.amount))
    first, last = date_bounds(condition, today=now.astimezone(zone).date())

    def start(day):
        return datetime.datetime.combine(day, datetime.time.min, tzinfo=zone)

    return Window(
        start(first) if first else None,
        start(last + datetime.timedelta(days=1)) if last else None,
    )


class Compiler:
    def __init__(
        self,
        *,
        fields: dict[str, SegmentableField],
        sources: Sources,
        now: datetime.datetime,
        time_zone: str = "UTC",
    ):
        self.fields = fields
        self.sources = sources
        self.now = now
        self.zone = zoneinfo.ZoneInfo(time_zone)

    # --- the query ------------------------------------------------------------------------

    def where(self, tree) -> Sql:
        """The WHERE clause (alias `p`) selecting the tree's live profiles."""
        condition = self._condition(tree)[0]
        return Sql(f"{BASE} AND ({condition.text})", condition.params)

    def ids(self, tree) -> Sql:
        where = self.where(tree)
        return Sql(f"SELECT p.id FROM {self.sources.profile} p WHERE {where.text}", where.params)

    def count(self, tree) -> Sql:
        where = self.where(tree)
        return Sql(
            f"SELECT count(*) FROM {self.sources.profile} p WHERE {where.text}", where.params
        )

    # --- nodes -----------------------------------------------------------------------------

    def _condition(self, node) -> tuple[Sql, bool]:
        """(condition on `p`, whether it is a plain row predicate with no subquery)."""
        if isinstance(node, AndGroup):
            parts = [self._condition(child) for child in node.rules]
            return _join([c for c, _ in parts], " AND "), all(pure for _, pure in parts)
        if isinstance(node, OrGroup):
            parts = [self._condition(child) for child in node.rules]
            if all(pure for _, pure in parts):
                return _join([c for c, _ in parts], " OR "), True
            members = []
            pure = [c for c, is_pure in parts if is_pure]
            if pure:
                where = _join(pure, " OR ")
                members.append(
                    Sql(
                        f"SELECT p.id FROM {self.sources.profile} p WHERE {where.text}",
                        where.params,
                    )
                )
            members += [
                self._members(child)
                for child, (_, is_pure) in zip(node.rules, parts, strict=True)
                if not is_pure
            ]
            union = Sql(
                " UNION ".join(f"({m.text})" for m in members),
                [x for m in members for x in m.params],
            )
            return Sql(f"p.id IN ({union.text})", union.params), False
        members = self._set(node)
        if members is not None:
            sql, negated = members
            if negated:
                return Sql(
                    f"NOT EXISTS (SELECT 1 FROM ({sql.text}) m WHERE m.id = p.id)", sql.params
                ), False
            return Sql(f"p.id IN ({sql.text})", sql.params), False
        return self._row(node), True

    def _members(self, node) -> Sql:
        """A SELECT of profile ids (`id`) the node selects; the outer query keeps the live."""
        members = self._set(node)
        if members is not None and not members[1]:
            return members[0]
        condition = self._condition(node)[0]
        return Sql(
            f"SELECT p.id FROM {self.sources.profile} p WHERE {condition.text}", condition.params
        )

    def _set(self, node) -> tuple[Sql, bool] | None:
        """(the ids of profiles the rule is about, whether the rule wants the others), for
        rules on another table; None for a rule on the profile's own columns."""
        s = self.sources
        if isinstance(node, GroupsRule | TagsRule):
            table, column = (
                (s.profile_group, "group_id")
                if isinstance(node, GroupsRule)
                else (s.profile_tag, "tag_id")
            )
            # One id compares with `=`: the planner estimates it from the column's statistics.
            ids = Sql("= %s", [node.ids[0]]) if len(node.ids) == 1 else Sql("= ANY(%s)", [node.ids])
            sql = Sql(
                f"SELECT x.profile_id AS id FROM {table} x WHERE x.{column} {ids.text}", ids.params
            )
            return sql, node.operator == "notIn"
        if isinstance(node, ActivityRule):
            window = (
                instant_window(node.window, now=self.now, zone=self.zone)
                if node.window
                else Window(None, None)
            )
            text, params = s.activity_members(
                event=node.event,
                since=window.since,
                until=window.until,
                campaign_id=node.campaignId,
                min_count=node.minCount,
            )
            return Sql(text, list(params)), node.operator == "didNot"
        if isinstance(node, FormRule):
            if s.form_members is None:
                raise LookupError("no app provides form submitters to segments")
            window = (
                instant_window(node.window, now=self.now, zone=self.zone)
                if node.window
                else Window(None, None)
            )
            text, params = s.form_members(form_ids=node.ids, since=window.since, until=window.until)
            return Sql(text, list(params)), node.operator == "didNot"
        return None

    def _row(self, node) -> Sql:
        if isinstance(node, CsbRule):
            op = ">=" if node.value else "<"
            return Sql(f"p.soft_bounce_streak {op} %s", [self.sources.csb_threshold])
        if isinstance(node, SubscriptionRule):
            return Sql(
                {
                    "subscribed": "p.unsubscribed_at IS NULL AND NOT p.do_not_email",
                    "unsubscribed": "p.unsubscribed_at IS NOT NULL",
                    "doNotEmail": "p.do_not_email",
                }[node.state]
            )
        if isinstance(node, FieldRule):
            return self._field(node)
        raise TypeError(f"no case for {type(node).__name__}")

    # --- field rules, one case per type ----------------------------------------------------

    def _field(self, rule: FieldRule) -> Sql:
        f = self.fields[rule.field]
        op = rule.operator
        if f.type in ("text", "email"):
            return self._text(f, rule)
        if f.type == "number":
            return self._number(f, rule)
        if f.type in ("date", "datetime"):
            return self._date(f, rule)
        if f.type == "checkbox":
            return self._checkbox(f, rule)
        if f.type == "boolean":
            return Sql(f"p.{f.column} = %s", [bool(rule.value)])
        if f.type in ("choice", "radio", "dropdown", "rep"):
            return self._choice(f, rule)
        raise TypeError(f"no case for field type {f.type} ({op})")

    def _text(self, f: SegmentableField, rule: FieldRule) -> Sql:
        if f.column:
            value = Sql(f"coalesce(p.{f.column}, '')")
        else:
            value = Sql("coalesce(p.custom ->> %s, '')", [f.custom_key])
        op = rule.operator
        if op == "isEmpty":
            return Sql(f"{value.text} = ''", value.params)
        if op == "isNotEmpty":
            return Sql(f"{value.text} <> ''", value.params)
        term = str(rule.value).strip().lower()
        lowered = f"lower({value.text})"
        sql, param = {
            "equals": (f"{lowered} = %s", term),
            "notEquals": (f"{lowered} <> %s", term),
            "contains": (f"{lowered} LIKE %s", f"%{like_escape(term)}%"),
            "notContains": (f"{lowered} NOT LIKE %s", f"%{like_escape(term)}%"),
            "startsWith": (f"{lowered} LIKE %s", f"{like_escape(term)}%"),
        }[op]
        return Sql(sql, [*value.params, param])

    def _number(self, f: SegmentableField, rule: FieldRule) -> Sql:
        key = f.custom_key
        op = rule.operator
        if op == "equals":
            # The custom column's GIN index (jsonb_path_ops) serves containment.
            return Sql("p.custom @> %s::jsonb", [json.dumps({key: rule.value})])
        number = Sql(
            "(CASE WHEN jsonb_typeof(p.custom -> %s) = 'number' "
            "THEN (p.custom ->> %s)::numeric END)",
            [key, key],
        )
        n, params = number.text, number.params
        if op == "isEmpty":
            return Sql(f"{n} IS NULL", params)
        if op == "isNotEmpty":
            return Sql(f"{n} IS NOT NULL", params)
        if op == "between":
            return Sql(f"{n} BETWEEN %s AND %s", [*params, rule.valueFrom, rule.valueTo])
        sql = {"notEquals": "IS DISTINCT FROM", "greaterThan": ">", "lessThan": "<"}[op]
        return Sql(f"{n} {sql} %s", [*params, rule.value])

    def _date(self, f: SegmentableField, rule: FieldRule) -> Sql:
        op = rule.operator
        if f.column:  # a timestamp column
            column = f"p.{f.column}"
            if op in PRESENCE_OPERATORS:
                return Sql(f"{column} IS {'' if op == 'isEmpty' else 'NOT '}NULL")
            window = instant_window(rule.date, now=self.now, zone=self.zone)
            parts, params = [], []
            if window.since is not None:
                parts.append(f"{column} >= %s")
                params.append(window.since)
            if window.until is not None:
                parts.append(f"{column} < %s")
                params.append(window.until)
            return Sql(" AND ".join(parts) or f"{column} IS NOT NULL", params)
        # A custom date: an ISO day (YYYY-MM-DD), compared as text (ISO days sort).
        value = "(p.custom ->> %s)"
        if op in PRESENCE_OPERATORS:
            return Sql(
                f"coalesce({value}, '') {'=' if op == 'isEmpty' else '<>'} ''", [f.custom_key]
            )
        first, last = date_bounds(rule.date, today=self.now.astimezone(self.zone).date())
        parts, params = [], []
        if first is not None:
            parts.append(f"{value} >= %s")
            params += [f.custom_key, first.isoformat()]
        if last is not None:
            parts.append(f"{value} <= %s")
            params += [f.custom_key, last.isoformat()]
        return Sql(" AND ".join(parts), params)

    def _checkbox(self, f: SegmentableField, rule: FieldRule) -> Sql:
        value = "coalesce(p.custom -> %s, '[]'::jsonb)"
        op = rule.operator
        if op in PRESENCE_OPERATORS:
            return Sql(f"{value} {'=' if op == 'isEmpty' else '<>'} '[]'::jsonb", [f.custom_key])
        sql = {
            "containsAny": f"{value} ?| %s::text[]",
            "containsAll": f"{value} ?& %s::text[]",
            "notContainsAny": f"NOT ({value} ?| %s::text[])",
        }[op]
        return Sql(sql, [f.custom_key, [str(v) for v in rule.values]])

    def _choice(self, f: SegmentableField, rule: FieldRule) -> Sql:
        op = rule.operator
        if f.column:
            column = f"p.{f.column}"
            if op in PRESENCE_OPERATORS:
                if f.type == "rep":
                    return Sql(f"{column} IS {'' if op == 'isEmpty' else 'NOT '}NULL")
                return Sql(f"coalesce({column}, '') {'=' if op == 'isEmpty' else '<>'} ''")
            values = (
                [int(v) for v in rule.values] if f.type == "rep" else [str(v) for v in rule.values]
            )
            if op == "in":
                return Sql(f"{column} = ANY(%s)", [values])
            return Sql(f"coalesce({column} <> ALL(%s), true)", [values])
        key = f.custom_key
        if op in PRESENCE_OPERATORS:
            return Sql(
                f"coalesce(p.custom ->> %s, '') {'=' if op == 'isEmpty' else '<>'} ''", [key]
            )
        values = [str(v) for v in rule.values]
        if op == "in":
            # One containment test per value: the GIN index (jsonb_path_ops) serves them.
            return _join(
                [Sql("p.custom @> %s::jsonb", [json.dumps({key: v})]) for v in values], " OR "
            )
        return Sql("coalesce(p.custom ->> %s, '') <> ALL(%s)", [key, values])
