"""Triggers no single write announces, found by the engine's sweep (tasks.py,
`workflows.triggers_sweep`), each in one set-based statement per trigger:

- **Segment entry and exit.** Segments keep no membership table (a dynamic segment is its
  query), so each segment trigger keeps its own memory of the members it saw last
  (`SegmentTriggerMember`). A sweep runs the segment's query once into a temporary table,
  enrolls the members not in the memory (entered) or the remembered ones no longer
  members (left), and brings the memory up to date. The first sweep after publishing only
  takes the memory: profiles already in the segment did not enter it. Occurrence: the
  sweep's instant.
- **Date fields** (birthday, renewal): `{"field": "custom.renewal", "days": 7,
  "when": "before" | "after", "time": "09:00", "yearly": true}`. Once the client's
  wall-clock time has passed `time` (9 AM by default), profiles whose date is `days`
  before or after today (or whose month and day are, `yearly`) are enrolled. Occurrence:
  the date, so a sweep that runs every few minutes enrolls each profile once a day."""

from __future__ import annotations

import datetime as dt

from django.db import connection, transaction
from django.utils import timezone

from marketing.segments.selectors import segment_profile_ids_sql
from marketing.workflows.engine import timing
from marketing.workflows.engine.enroll import enroll_sql
from marketing.workflows.engine.triggers import ActiveTrigger, active_triggers
from marketing.workflows.models import SegmentTriggerMember, WorkflowTrigger

MEMORY = SegmentTriggerMember._meta.db_table
PROFILE = "audience_profile"


def _segment_sweep(trigger: ActiveTrigger, *, zone: str, entering: bool) -> int:
    try:
        members_sql, params = segment_profile_ids_sql(segment_id=int(trigger.key), time_zone=zone)
    except Exception:  # noqa: BLE001 - the segment was deleted: nothing enters or leaves
        return 0
    swept = WorkflowTrigger.objects.filter(pk=trigger.id).values_list("swept_at", flat=True).first()
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMP TABLE IF NOT EXISTS wf_members (id bigint PRIMARY KEY) ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE wf_members")
        cursor.execute(
            f"INSERT INTO wf_members SELECT DISTINCT m.id FROM ({members_sql}) m", params
        )
        cursor.execute("ANALYZE wf_members")
        if swept is None:
            cursor.execute(
                f"INSERT INTO {MEMORY} (trigger_id, profile_id) SELECT %s, id FROM wf_members"
                " ON CONFLICT DO NOTHING",
                [trigger.id],
            )
            WorkflowTrigger.objects.filter(pk=trigger.id).update(swept_at=now)
            return 0
        cursor.execute(
            "CREATE TEMP TABLE IF NOT EXISTS wf_changed (profile_id bigint) ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE wf_changed")
        if entering:
            cursor.execute(
                "INSERT INTO wf_changed SELECT w.id FROM wf_members w WHERE NOT EXISTS"
                f" (SELECT 1 FROM {MEMORY} s WHERE s.trigger_id = %s AND s.profile_id = w.id)",
                [trigger.id],
            )
        else:
            cursor.execute(
                f"INSERT INTO wf_changed SELECT s.profile_id FROM {MEMORY} s"
                " WHERE s.trigger_id = %s AND NOT EXISTS"
                " (SELECT 1 FROM wf_members w WHERE w.id = s.profile_id)",
                [trigger.id],
            )
        added = enroll_sql(
            trigger,
            "SELECT profile_id FROM wf_changed",
            [],
            occurrence=f"segment:{trigger.key}:{now.isoformat()}",
            context={"segmentId": int(trigger.key), "entered": entering},
        )
        if entering:
            cursor.execute(
                f"INSERT INTO {MEMORY} (trigger_id, profile_id) SELECT %s, profile_id"
                " FROM wf_changed ON CONFLICT DO NOTHING",
                [trigger.id],
            )
        else:
            cursor.execute(
                f"DELETE FROM {MEMORY} s USING wf_changed c WHERE s.trigger_id = %s"
                " AND s.profile_id = c.profile_id",
                [trigger.id],
            )
        # The memory follows the other way too (a member who left is forgotten by an entry
        # trigger; one who came is remembered by an exit trigger), so the next sweep sees
        # only new changes.
        if entering:
            cursor.execute(
                f"DELETE FROM {MEMORY} s WHERE s.trigger_id = %s AND NOT EXISTS"
                " (SELECT 1 FROM wf_members w WHERE w.id = s.profile_id)",
                [trigger.id],
            )
        else:
            cursor.execute(
                f"INSERT INTO {MEMORY} (trigger_id, profile_id) SELECT %s, id FROM wf_members"
                " ON CONFLICT DO NOTHING",
                [trigger.id],
            )
    WorkflowTrigger.objects.filter(pk=trigger.id).update(swept_at=now)
    return added


def _date_sweep(trigger: ActiveTrigger, *, zone: str, now: dt.datetime) -> int:
    details = trigger.details
    field = str(details.get("field") or trigger.key or "")
    if not field.startswith("custom."):
        return 0
    key = field.removeprefix("custom.")
    tz = timing.zone_of(zone, "UTC")
    local = now.astimezone(tz)
    at = timing._time(details.get("time"))
    if local.time() < at:
        return 0
    days = int(details.get("days") or 0)
    if details.get("when") == "before":
        target = local.date() + dt.timedelta(days=days)
    else:
        target = local.date() - dt.timedelta(days=days)
    if details.get("yearly"):
        where = "substr(p.custom ->> %s, 6, 5) = %s"
        value = target.strftime("%m-%d")
    else:
        where = "p.custom ->> %s = %s"
        value = target.isoformat()
    return enroll_sql(
        trigger,
        f"SELECT p.id AS profile_id FROM {PROFILE} p WHERE {where}",
        [key, value],
        occurrence=f"date:{field}:{target.isoformat()}",
        context={"field": field, "date": target.isoformat()},
    )


def triggers_sweep(*, zone: str) -> dict[str, int]:
    """Every sweep-found trigger of the current client, each in a savepoint of its own;
    {trigger kind: enrollments added}."""
    added: dict[str, int] = {}
    now = timezone.now()
    for kind in ("segmentEntered", "segmentLeft", "dateField"):
        for trigger in active_triggers(kind):
            with transaction.atomic():
                if kind == "dateField":
                    count = _date_sweep(trigger, zone=zone, now=now)
                else:
                    count = _segment_sweep(trigger, zone=zone, entering=kind == "segmentEntered")
            added[kind] = added.get(kind, 0) + count
    return added
