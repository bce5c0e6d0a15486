"""segment_count: count and first page of a 4-rule dynamic segment (custom field + group +
tag + "opened any campaign in the last 30 days") over 1,000,000 profiles and 10,000,000
email events (BENCH_SCALE scales both). Targets at scale 1: count <= 500 ms, first page
<= 200 ms, <= 1.5 x a hand-written SQL query for the same rule in the same run; a
profile change shows in the count at once (the count is live).

Data is COPYed into the schema of a dedicated client `benchseg` (created when missing)
and removed afterwards (BENCH_KEEP=1 keeps it). Figures are medians of RUNS runs after a
warm-up. The EXPLAIN ANALYZE of the slowest rule type alone (email activity) is written
to stderr."""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta

PROFILES = 1_000_000
EVENTS = 10_000_000
RUNS = 5
SCHEMA = "benchseg"
HOST = "benchseg.localhost"
PLANS = ["Gold", "Silver", "Bronze", "Trial", "Free"]
# Shares of events by type (sent, opened, clicked, bounced); 10% of them machine.
EVENT_MIX = [(1, 0.45), (3, 0.35), (4, 0.15), (5, 0.05)]


def _tenant():
    from tenants.models import Client
    from tenants.services import client_create

    client = Client.objects.filter(schema_name=SCHEMA).first()
    return client or client_create(name="Bench segments", schema_name=SCHEMA, domain=HOST)


def _load(client, profiles: int, events: int) -> dict:
    from django.db import connection

    from marketing.audience.models import (
        Group,
        Profile,
        ProfileField,
        ProfileGroup,
        ProfileTag,
        Tag,
    )
    from marketing.tracking.models import EmailEvent
    from tests.support.profile_rows import profiles_copy

    rng = random.Random(3)
    now = datetime.now(UTC)
    connection.set_tenant(client)
    profile_table = Profile._meta.db_table
    event_table = EmailEvent._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {profile_table}, {event_table} RESTART IDENTITY CASCADE")
        ProfileField.objects.filter(key="plan").delete()
        ProfileField.objects.create(label="Plan", key="plan", field_type="dropdown", options=PLANS)
        group, _ = Group.objects.get_or_create(name="Bench buyers")
        tag, _ = Tag.objects.get_or_create(name="Bench VIP")

        def rows():
            for i in range(profiles):
                created = now - timedelta(seconds=rng.randrange(3 * 365 * 86400))
                roll = rng.random()
                yield {
                    "email": f"p{i}@example{i % 97}.com",
                    "custom": f'{{"plan": "{rng.choice(PLANS)}", "score": {rng.randrange(100)}}}',
                    "archived_at": created if roll < 0.03 else None,
                    "deleted_at": created if 0.03 <= roll < 0.05 else None,
                    "created_at": created,
                    "updated_at": created,
                }

        profiles_copy(cursor.cursor, rows())
        # 30% in the group, 20% tagged (random, independent of each other).
        cursor.execute(
            f"INSERT INTO {ProfileGroup._meta.db_table} (profile_id, group_id) "
            f"SELECT id, %s FROM {profile_table} WHERE random() < 0.30",
            [group.pk],
        )
        cursor.execute(
            f"INSERT INTO {ProfileTag._meta.db_table} (profile_id, tag_id) "
            f"SELECT id, %s FROM {profile_table} WHERE random() < 0.20",
            [tag.pk],
        )
        columns = "profile_id, campaign_id, event_type, machine, occurred_at"
        types = [t for t, _ in EVENT_MIX]
        weights = [w for _, w in EVENT_MIX]
        with cursor.cursor.copy(f"COPY {event_table} ({columns}) FROM STDIN") as copy:
            for _ in range(events):
                copy.write_row(
                    (
                        rng.randrange(1, profiles + 1),
                        rng.randrange(1, 200),
                        rng.choices(types, weights)[0],
                        rng.random() < 0.10,
                        now - timedelta(seconds=rng.randrange(180 * 86400)),
                    )
                )
        for table in (
            profile_table,
            event_table,
            ProfileGroup._meta.db_table,
            ProfileTag._meta.db_table,
        ):
            cursor.execute(f"VACUUM ANALYZE {table}")
    return {"group": group.pk, "tag": tag.pk}


def _tree(ids: dict) -> dict:
    return {
        "type": "and",
        "rules": [
            {"type": "field", "field": "custom.plan", "operator": "in", "values": ["Gold"]},
            {"type": "groups", "operator": "in", "ids": [ids["group"]]},
            {"type": "tags", "operator": "in", "ids": [ids["tag"]]},
            {
                "type": "activity",
                "event": "opened",
                "window": {"frequency": "last", "unit": "days", "amount": 30},
            },
        ],
    }


HAND_WRITTEN = """
SELECT count(*) FROM audience_profile p
WHERE p.deleted_at IS NULL AND p.archived_at IS NULL
  AND p.custom @> '{"plan": "Gold"}'
  AND EXISTS (SELECT 1 FROM audience_profilegroup g WHERE g.profile_id = p.id AND g.group_id = %s)
  AND EXISTS (SELECT 1 FROM audience_profiletag t WHERE t.profile_id = p.id AND t.tag_id = %s)
  AND EXISTS (SELECT 1 FROM tracking_emailevent e WHERE e.profile_id = p.id AND e.event_type = 3
              AND NOT e.machine AND e.occurred_at >= now() - interval '30 days')
"""


def _median_ms(call) -> tuple[float, object]:
    call()  # warm-up: plan cache, buffers
    timings, result = [], None
    for _ in range(RUNS):
        started = time.perf_counter()
        result = call()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings), result


def _drop(client) -> None:
    from django.db import connection

    from marketing.audience.models import Profile
    from marketing.tracking.models import EmailEvent

    connection.set_tenant(client)
    with connection.cursor() as cursor:
        cursor.execute(
            f"TRUNCATE {Profile._meta.db_table}, {EmailEvent._meta.db_table} "
            "RESTART IDENTITY CASCADE"
        )
    connection.set_schema_to_public()


def run(scale: float) -> list[dict]:
    from django.db import connection

    from marketing.segments.rules import tree_parse
    from marketing.segments.selectors import compiler_for, rules_count, rules_preview

    profiles = max(2000, int(PROFILES * scale))
    events = max(20000, int(EVENTS * scale))
    client = _tenant()
    started = time.perf_counter()
    ids = _load(client, profiles, events)
    load_seconds = round(time.perf_counter() - started, 1)
    try:
        connection.set_tenant(client)
        tree = tree_parse(_tree(ids))

        def hand():
            with connection.cursor() as cursor:
                cursor.execute(HAND_WRITTEN, [ids["group"], ids["tag"]])
                return cursor.fetchone()[0]

        baseline, expected = _median_ms(hand)
        count_ms, counted = _median_ms(lambda: rules_count(tree))
        assert counted == expected, (counted, expected)
        page_ms, page = _median_ms(lambda: rules_preview(tree, page_size=10))
        assert len(page) == min(10, counted)

        # A profile change shows in the next count: tag one more matching-elsewhere profile.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT p.id FROM audience_profile p WHERE p.deleted_at IS NULL AND "
                'p.archived_at IS NULL AND p.custom @> \'{"plan": "Gold"}\' AND p.id IN '
                "(SELECT profile_id FROM audience_profilegroup WHERE group_id = %s) AND p.id IN "
                "(SELECT profile_id FROM tracking_emailevent WHERE event_type = 3 AND NOT machine "
                "AND occurred_at >= now() - interval '30 days') AND p.id NOT IN "
                "(SELECT profile_id FROM audience_profiletag WHERE tag_id = %s) LIMIT 1",
                [ids["group"], ids["tag"]],
            )
            newcomer = cursor.fetchone()[0]
            changed_at = time.perf_counter()
            cursor.execute(
                "INSERT INTO audience_profiletag (profile_id, tag_id) VALUES (%s, %s)",
                [newcomer, ids["tag"]],
            )
        after = rules_count(tree)
        visible_ms = (time.perf_counter() - changed_at) * 1000
        assert after == counted + 1

        # The OR case (custom field OR opened in 30 days), compiled to a UNION.
        either = tree_parse(
            {**_tree(ids), "type": "or", "rules": [_tree(ids)["rules"][0], _tree(ids)["rules"][3]]}
        )
        or_ms, _ = _median_ms(lambda: rules_count(either))

        activity = tree_parse({"type": "and", "rules": [_tree(ids)["rules"][3]]})
        sql = compiler_for().count(activity)
        activity_ms, _ = _median_ms(lambda: rules_count(activity))
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS) {sql.text}", sql.params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
        print(f"EXPLAIN ANALYZE, activity rule alone:\n{plan}", file=sys.stderr)

        common = {
            "profiles": profiles,
            "events": events,
            "load_seconds": load_seconds,
            "members": counted,
        }
        return [
            {
                "figure": "count_ms",
                "value": round(count_ms, 1),
                "unit": "ms",
                "baseline": round(baseline, 1),
                "target_ms": 500,
                "target_ratio": 1.5,
                **common,
            },
            {
                "figure": "first_page_ms",
                "value": round(page_ms, 1),
                "unit": "ms",
                "baseline": round(baseline, 1),
                "target_ms": 200,
                **common,
            },
            {
                "figure": "change_visible_ms",
                "value": round(visible_ms, 1),
                "unit": "ms",
                "target_ms": 5000,
                **common,
            },
            {"figure": "or_count_ms", "value": round(or_ms, 1), "unit": "ms", **common},
            {
                "figure": "activity_rule_count_ms",
                "value": round(activity_ms, 1),
                "unit": "ms",
                **common,
            },
        ]
    finally:
        connection.set_schema_to_public()
        if not os.environ.get("BENCH_KEEP"):
            _drop(client)
