"""The rule tree evaluated in plain Python over one profile (tests only): the meaning the
compiled SQL must have."""

import zoneinfo

from marketing.segments.compiler import date_bounds, instant_window
from marketing.segments.rules import (
    ActivityRule,
    AndGroup,
    CsbRule,
    FieldRule,
    GroupsRule,
    OrGroup,
    SubscriptionRule,
    TagsRule,
)

COLUMNS = {
    "email": "email",
    "firstName": "first_name",
    "city": "city",
    "source": "source",
    "verificationStatus": "verification_status",
    "doNotEmail": "do_not_email",
    "createdAt": "created_at",
    "unsubscribedAt": "unsubscribed_at",
}
TYPES = {
    "email": "email",
    "firstName": "text",
    "city": "text",
    "source": "choice",
    "verificationStatus": "choice",
    "doNotEmail": "boolean",
    "createdAt": "datetime",
    "unsubscribedAt": "datetime",
    "custom.score": "number",
    "custom.note": "text",
    "custom.plan": "dropdown",
    "custom.interests": "checkbox",
    "custom.renewal": "date",
}


def live(person) -> bool:
    return person.row["deleted_at"] is None and person.row["archived_at"] is None


def matches(node, person, *, now, zone="UTC") -> bool:
    zone = zoneinfo.ZoneInfo(zone)
    if isinstance(node, AndGroup):
        return all(matches(c, person, now=now) for c in node.rules)
    if isinstance(node, OrGroup):
        return any(matches(c, person, now=now) for c in node.rules)
    row = person.row
    if isinstance(node, GroupsRule | TagsRule):
        mine = person.groups if isinstance(node, GroupsRule) else person.tags
        hit = bool(mine & set(node.ids))
        return hit if node.operator == "in" else not hit
    if isinstance(node, CsbRule):
        return (row["soft_bounce_streak"] >= 5) == node.value
    if isinstance(node, SubscriptionRule):
        return {
            "subscribed": row["unsubscribed_at"] is None and not row["do_not_email"],
            "unsubscribed": row["unsubscribed_at"] is not None,
            "doNotEmail": row["do_not_email"],
        }[node.state]
    if isinstance(node, ActivityRule):
        window = instant_window(node.window, now=now, zone=zone) if node.window else None
        count = sum(
            1
            for name, campaign, machine, at in person.events
            if name == node.event
            and not machine
            and (node.campaignId is None or campaign == node.campaignId)
            and (window is None or window.since is None or at >= window.since)
            and (window is None or window.until is None or at < window.until)
        )
        did = count >= node.minCount
        return did if node.operator == "did" else not did
    assert isinstance(node, FieldRule)
    return _field(node, row, now=now, zone=zone)


def _field(rule, row, *, now, zone) -> bool:
    kind = TYPES[rule.field]
    op = rule.operator
    custom = row["custom"] or {}
    if rule.field.startswith("custom."):
        value = custom.get(rule.field.removeprefix("custom."))
    else:
        value = row[COLUMNS[rule.field]]
    if kind in ("text", "email"):
        text = (value or "").lower()
        term = str(rule.value).strip().lower() if rule.value is not None else ""
        return {
            "isEmpty": lambda: text == "",
            "isNotEmpty": lambda: text != "",
            "equals": lambda: text == term,
            "notEquals": lambda: text != term,
            "contains": lambda: term in text,
            "notContains": lambda: term not in text,
            "startsWith": lambda: text.startswith(term),
        }[op]()
    if kind == "number":
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
        return {
            "isEmpty": lambda: number is None,
            "isNotEmpty": lambda: number is not None,
            "equals": lambda: number is not None and number == rule.value,
            "notEquals": lambda: number is None or number != rule.value,
            "greaterThan": lambda: number is not None and number > rule.value,
            "lessThan": lambda: number is not None and number < rule.value,
            "between": lambda: number is not None and rule.valueFrom <= number <= rule.valueTo,
        }[op]()
    if kind == "boolean":
        return value == rule.value
    if kind == "datetime":
        if op == "isEmpty":
            return value is None
        if op == "isNotEmpty":
            return value is not None
        window = instant_window(rule.date, now=now, zone=zone)
        return (
            value is not None
            and (window.since is None or value >= window.since)
            and (window.until is None or value < window.until)
        )
    if kind == "date":
        if op in ("isEmpty", "isNotEmpty"):
            return (value or "") == "" if op == "isEmpty" else (value or "") != ""
        first, last = date_bounds(rule.date, today=now.astimezone(zone).date())
        return (
            value is not None
            and (first is None or value >= first.isoformat())
            and (last is None or value <= last.isoformat())
        )
    if kind == "checkbox":
        items = set(value or [])
        wanted = {str(v) for v in rule.values}
        return {
            "isEmpty": lambda: not items,
            "isNotEmpty": lambda: bool(items),
            "containsAny": lambda: bool(items & wanted),
            "containsAll": lambda: wanted <= items,
            "notContainsAny": lambda: not (items & wanted),
        }[op]()
    # choice, dropdown
    text = value or ""
    wanted = [str(v) for v in rule.values]
    return {
        "isEmpty": lambda: text == "",
        "isNotEmpty": lambda: text != "",
        "in": lambda: text in wanted,
        "notIn": lambda: text not in wanted,
    }[op]()
