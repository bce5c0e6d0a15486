"""Conditions of condition and goal steps, answered for a batch of enrollments at once
(one statement per batch and step, never one per profile).

    {"kind": "rules", "rules": <a segment rule tree>}        profile data, groups, tags,
                                                             activity windows: the segment
                                                             compiler (marketing/segments)
    {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"}
    {"kind": "group", "operator": "in", "ids": [3]}           (or "groupId": 3)
    {"kind": "tag", "operator": "notIn", "ids": [9]}          (or "tagId": 9)
    {"kind": "segment", "segmentId": 12}                     membership now
    {"kind": "activity", "activity": "opened", "operator": "did"}   since enrollment

A step holds one condition (`condition`), or several under "all"/"any"
(`{"all": [...]}`): each is a set of enrollments, joined in Python."""

from __future__ import annotations

import datetime as dt

from django.db import connection

from marketing.segments.rules import tree_parse
from marketing.segments.selectors import compiler_for, segment_profile_ids_sql
from marketing.tracking.selectors import human_activity_since

_ACTIVITY_EVENTS = {
    "emailOpened": "opened",
    "opened": "opened",
    "linkClick": "clicked",
    "clicked": "clicked",
    "bounce": "bounced",
    "bounced": "bounced",
    "spam": "complained",
    "complained": "complained",
    "unsubscribed": "unsubscribed",
    "sent": "sent",
    "delivered": "delivered",
}


class ConditionInvalid(Exception):
    pass


def _tree(condition: dict) -> dict | None:
    """The segment rule tree a profile-data condition stands for (None: not one)."""
    kind = condition.get("kind")
    if kind == "rules":
        return condition.get("rules")
    if kind == "field":
        rule = {k: v for k, v in condition.items() if k != "kind"}
        return {"type": "and", "rules": [{"type": "field", **rule}]}
    if kind in ("group", "tag"):
        ids = condition.get("ids") or [condition.get(f"{kind}Id")]
        operator = condition.get("operator") or "in"
        return {"type": "and", "rules": [{"type": f"{kind}s", "operator": operator, "ids": ids}]}
    return None


def _profiles_matching(tree_data: dict, profile_ids: list[int], zone: str) -> set[int]:
    try:
        tree = tree_parse(tree_data)
    except Exception as exc:  # pydantic's ValidationError, in the segment builder's words
        raise ConditionInvalid(f"The condition is not valid: {exc}") from exc
    where = compiler_for(time_zone=zone).where(tree)
    from marketing.audience.selectors.mailable import profile_table

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.id FROM {profile_table()} p WHERE p.id = ANY(%s) AND ({where.text})",
            [profile_ids, *where.params],
        )
        return {row[0] for row in cursor.fetchall()}


def _segment_members(segment_id: int, profile_ids: list[int], zone: str) -> set[int]:
    try:
        sql, params = segment_profile_ids_sql(segment_id=int(segment_id), time_zone=zone)
    except Exception as exc:  # NotFound: the segment was deleted
        raise ConditionInvalid(f"The condition's segment {segment_id} is gone.") from exc
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT s.id FROM ({sql}) s WHERE s.id = ANY(%s)", [*params, profile_ids])
        return {row[0] for row in cursor.fetchall()}


def condition_true(condition: dict, items: list, *, zone: str) -> set[int]:
    """The indexes of `items` (objects with profile_id and enrolled_at) the condition
    holds for."""
    if not items:
        return set()
    if "all" in condition or "any" in condition:
        parts = [
            condition_true(c, items, zone=zone) for c in condition.get("all") or condition["any"]
        ]
        if not parts:
            return set(range(len(items)))
        return set.intersection(*parts) if "all" in condition else set.union(*parts)
    profile_ids = [item.profile_id for item in items]
    kind = condition.get("kind")
    tree = _tree(condition)
    if tree is not None:
        members = _profiles_matching(tree, profile_ids, zone)
    elif kind == "segment":
        members = _segment_members(condition.get("segmentId"), profile_ids, zone)
    elif kind == "activity":
        event = _ACTIVITY_EVENTS.get(str(condition.get("activity") or condition.get("event")))
        if event is None:
            raise ConditionInvalid("The condition's email activity is not known.")
        found = human_activity_since(
            event=event, pairs=[(i.profile_id, i.enrolled_at) for i in items]
        )
        if condition.get("operator") == "didNot":
            return set(range(len(items))) - found
        return found
    else:
        raise ConditionInvalid("The condition is not known.")
    return {n for n, item in enumerate(items) if item.profile_id in members}


def since_enrollment(items: list) -> list[dt.datetime]:
    return [item.enrolled_at for item in items]
