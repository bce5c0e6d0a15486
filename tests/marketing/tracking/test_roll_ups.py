"""The campaign report's roll-ups (models.py, migration 0006) equal a recount of the raw
events after any mix of writes: the batch writer's human and machine opens and clicks on
several links (the honeypot's among them), the opens it infers from clicks, a batch
written again after its writer died, and the services' complaints, unsubscribes and sent
events. The timeline read from them is the raw events' in any zone, the migration's
backfill counts what the trigger counted, and two writers racing on a person's first
event count the person once."""

import importlib
import threading
import time
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marketing.tracking import store
from marketing.tracking.models import EmailEvent, EventType, SendLink, TrackedSend
from marketing.tracking.selectors import campaign_timeline
from marketing.tracking.services import Event, _batch_write, events_record
from marketing.tracking.tokens import HONEYPOT_BASE
from tests.support.tenants import in_schema
from tests.support.waiting import wait_until

BACKFILL = importlib.import_module("marketing.tracking.migrations.0006_campaign_event_roll_ups")
CAMPAIGNS = {601: 61, 602: 62}  # send -> campaign
LINKS = [0, 1, 2, HONEYPOT_BASE]
ZONES = ["UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe"]
START = datetime(2026, 3, 27, 20, 5, tzinfo=UTC)  # Lord Howe and New York change offsets
EVENTS = EmailEvent._meta.db_table


pytestmark = pytest.mark.usefixtures("tracking_redis_clean")


def _sends(tenant) -> None:
    with in_schema(tenant):
        for send_id, campaign_id in CAMPAIGNS.items():
            TrackedSend.objects.create(send_id=send_id, campaign_id=campaign_id)
            SendLink.objects.bulk_create(
                SendLink(
                    send_id=send_id,
                    index=index,
                    url=f"https://shop.example.com/{send_id}/{index}",
                    url_hash=bytes(32),
                    honeypot=index >= HONEYPOT_BASE,
                )
                for index in LINKS
            )


def _rows(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return sorted(cursor.fetchall())


def _rolled_up() -> dict[str, list[tuple]]:
    return {
        "counts": _rows(
            "SELECT campaign_id, event_type, link_id, machine, events, people"
            " FROM tracking_campaigneventcount"
        ),
        "people": _rows(
            "SELECT campaign_id, event_type, link_id, machine, profile_id"
            " FROM tracking_campaigneventperson"
        ),
        "quarters": _rows(
            "SELECT campaign_id, event_type, starts_at, events, first_at, last_at"
            " FROM tracking_campaigntimelinequarter"
        ),
    }


def _recounted_counts() -> list[tuple]:
    """Each campaign's reported events and people from the raw rows: per kind and machine,
    and per link of a click."""
    reported = "campaign_id IS NOT NULL AND event_type IN (3, 4, 6, 7)"
    whole = _rows(
        "SELECT campaign_id, event_type, 0, machine, count(*), count(DISTINCT profile_id)"
        f" FROM {EVENTS} WHERE {reported} GROUP BY 1, 2, 4"
    )
    per_link = _rows(
        "SELECT campaign_id, event_type, link_id, machine, count(*), count(DISTINCT profile_id)"
        f" FROM {EVENTS} WHERE {reported} AND link_id IS NOT NULL GROUP BY 1, 2, 3, 4"
    )
    return sorted(whole + per_link)


def _recounted_timeline(campaign_id: int, zone: str) -> tuple[str, list[tuple]]:
    """The report's timeline before the roll-ups: human opens and clicks per local hour
    from the raw rows, per local day once they span more than 72 hours."""
    hours = _rows(
        "SELECT date_trunc('hour', occurred_at AT TIME ZONE %s) AS bucket,"
        " count(*) FILTER (WHERE event_type = 3), count(*) FILTER (WHERE event_type = 4)"
        f" FROM {EVENTS} WHERE campaign_id = %s AND NOT machine AND event_type IN (3, 4)"
        " GROUP BY bucket",
        [zone, campaign_id],
    )
    [(first, last)] = _rows(
        f"SELECT min(occurred_at), max(occurred_at) FROM {EVENTS}"
        " WHERE campaign_id = %s AND NOT machine AND event_type IN (3, 4)",
        [campaign_id],
    )
    if not hours or last - first <= timedelta(hours=72):
        return "hour", hours
    days = {}
    for at, opens, clicks in hours:
        day = days.setdefault(at.replace(hour=0), [0, 0])
        day[0] += opens
        day[1] += clicks
    return "day", [(at, *counts) for at, counts in days.items()]


tracked = st.tuples(
    st.sampled_from(sorted(CAMPAIGNS)),
    st.integers(1, 6),  # profile
    st.integers(0, 5 * 24 * 60),  # minute after START
    st.booleans(),  # machine
)
writes = st.one_of(
    st.tuples(st.just("open"), tracked),
    st.tuples(st.just("click"), tracked, st.sampled_from(LINKS)),
    st.tuples(st.just("flush"), st.booleans()),  # the batch written again after its writer died
    st.tuples(
        st.just("service"),
        st.sampled_from(["complained", "unsubscribed", "sent", "opened"]),
        st.integers(1, 6),
        st.sampled_from([*CAMPAIGNS.values(), None]),
    ),
)


def _flush(*, replay: bool, monkeypatch) -> None:
    batch = store.batch_take(1000)
    if batch is None:
        return
    if replay:
        with monkeypatch.context() as patched:
            patched.setattr(store, "batch_done", lambda batch: None)  # died before confirming
            _batch_write(batch)
    _batch_write(batch)


def test_roll_ups_equal_a_recount_of_the_events(alpha, monkeypatch):
    _sends(alpha)
    client_id = alpha.client.pk

    @settings(
        max_examples=60,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(writes, max_size=30))
    def check(steps):
        with transaction.atomic():
            for step in steps:
                if step[0] in ("open", "click"):
                    (send_id, profile_id, minute, machine), link = step[1], step[-1]
                    at = START + timedelta(minutes=minute, seconds=profile_id)
                    event = store.Event(
                        step[0][0],
                        client_id,
                        send_id,
                        profile_id,
                        link if step[0] == "click" else 0,
                        int(at.timestamp() * 1000),
                        machine,
                    )
                    store.connection().rpush(store.queue_key(), store.entry(event))
                elif step[0] == "flush":
                    _flush(replay=step[1], monkeypatch=monkeypatch)
                else:
                    _, name, profile_id, campaign_id = step
                    with in_schema(alpha):
                        events_record(
                            [
                                Event(
                                    profile_id,
                                    name,
                                    campaign_id=campaign_id,
                                    workflow_step_id=None if campaign_id else 9,
                                )
                            ]
                        )
            _flush(replay=False, monkeypatch=monkeypatch)
            with in_schema(alpha):
                rolled = _rolled_up()
                assert rolled["counts"] == _recounted_counts()
                for campaign_id in CAMPAIGNS.values():
                    for zone in ZONES:
                        assert campaign_timeline(
                            campaign_id, time_zone=zone
                        ) == _recounted_timeline(campaign_id, zone), zone
                with connection.cursor() as cursor:
                    cursor.execute(
                        "DELETE FROM tracking_campaigneventcount;"
                        " DELETE FROM tracking_campaigneventperson;"
                        " DELETE FROM tracking_campaigntimelinequarter;"
                    )
                    cursor.execute(BACKFILL.BACKFILL)
                assert _rolled_up() == rolled
            transaction.set_rollback(True)

    check()


def test_a_timeline_in_a_quarter_hour_zone_counts_each_event_in_its_local_hour(in_alpha):
    """Kathmandu is UTC+5:45: 09:10 UTC is 14:55 there, 09:20 UTC 15:05, 10:16 UTC 16:01."""
    at = datetime(2026, 5, 4, 9, 10, tzinfo=UTC)
    EmailEvent.objects.bulk_create(
        EmailEvent(profile_id=p, campaign_id=70, event_type=kind, occurred_at=at + shift)
        for p, kind, shift in [
            (1, EventType.OPENED, timedelta()),
            (2, EventType.OPENED, timedelta(minutes=10)),
            (2, EventType.CLICKED, timedelta(minutes=11)),
            (3, EventType.OPENED, timedelta(hours=1, minutes=6)),
        ]
    )
    unit, points = campaign_timeline(70, time_zone="Asia/Kathmandu")
    assert unit == "hour"
    assert points == [
        (datetime(2026, 5, 4, 14), 1, 0),
        (datetime(2026, 5, 4, 15), 1, 1),
        (datetime(2026, 5, 4, 16), 1, 0),
    ]
    assert (unit, points) == _recounted_timeline(70, "Asia/Kathmandu")


def test_emptying_the_events_empties_the_roll_ups(in_alpha):
    events_record([Event(1, "opened", campaign_id=71)])
    assert _rolled_up()["counts"] == [(71, 3, 0, False, 1, 1)]
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {EVENTS}")
    assert _rolled_up() == {"counts": [], "people": [], "quarters": []}


def test_the_batch_writer_counts_people_once_across_batches(alpha):
    """Two batches of the same person's clicks on two links: one clicker, one inferred
    open, two clicks per link counted apart."""
    _sends(alpha)
    at = int(time.time() * 1000)
    for link in (0, 1, 0, 1):
        event = store.Event("c", alpha.client.pk, 601, 5, link, at, False)
        store.connection().rpush(store.queue_key(), store.entry(event))
        _batch_write(store.batch_take(10))
    with in_schema(alpha):
        assert _rolled_up()["counts"] == [
            (61, 3, 0, False, 1, 1),
            (61, 4, 0, False, 4, 1),
            (61, 4, SendLink.objects.get(send_id=601, index=0).pk, False, 2, 1),
            (61, 4, SendLink.objects.get(send_id=601, index=1).pk, False, 2, 1),
        ]


def _writer(tenant) -> psycopg.Connection:
    """A connection of its own in the tenant's schema: its commits are real."""
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"],
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"],
        dbname=db["NAME"],
        options=f"-c search_path={tenant.client.schema_name},public",
    )


def _blocked_by(waiter: psycopg.Connection, holder: psycopg.Connection) -> bool:
    """Whether `waiter`'s backend waits on a lock `holder`'s holds (PostgreSQL's lock table,
    read live, not a statistics snapshot)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT %s = ANY(pg_blocking_pids(%s))",
            [holder.info.backend_pid, waiter.info.backend_pid],
        )
        return cursor.fetchone()[0]


@pytest.mark.parametrize(("first_commits", "counted"), [(True, (2, 1)), (False, (1, 1))])
def test_two_writers_of_a_persons_first_open_count_the_person_once(alpha, first_commits, counted):
    """The second writer waits on the first's new person row: it counts the person only if
    the first rolled back."""
    campaign_id = 990_001
    insert = f"INSERT INTO {EVENTS} (profile_id, campaign_id, event_type, machine, occurred_at)"
    insert += " VALUES (1, %s, 3, false, now())"
    first, second = _writer(alpha), _writer(alpha)
    try:
        first.execute(insert, [campaign_id])

        def write_too():
            second.execute(insert, [campaign_id])
            second.commit()

        waiting = threading.Thread(target=write_too)
        waiting.start()
        wait_until(
            lambda: _blocked_by(second, first),
            timeout=10,
            message="the second writer waits on the first's lock",
        )
        assert waiting.is_alive()
        if first_commits:
            first.commit()
        else:
            first.rollback()
        waiting.join(10)
        [row] = first.execute(
            "SELECT events, people FROM tracking_campaigneventcount"
            " WHERE campaign_id = %s AND link_id = 0",
            [campaign_id],
        ).fetchall()
        assert row == counted
    finally:
        first.rollback()
        for table in (
            EVENTS,
            "tracking_campaigneventcount",
            "tracking_campaigneventperson",
            "tracking_campaigntimelinequarter",
        ):
            first.execute(f"DELETE FROM {table} WHERE campaign_id = %s", [campaign_id])
        first.commit()
        first.close()
        second.close()
