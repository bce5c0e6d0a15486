"""campaign_report: the campaign report API (GET /api/mm/campaigns/{id}/report) and its
recipient lists over a 1,000,000-recipient campaign (BENCH_SCALE scales it). Target
(BENCHMARKS.md, api_lists): report p95 <= 8 x a trivial authenticated call in the same run.

The ledger and events are generated in PostgreSQL (generate_series) in the schema of the
dedicated client `bench` (created when missing): 1M deliveries (2% hard-bounced), one
`sent` event each accepted, human opens by 25% of recipients (1.5 per opener), machine
opens by 8%, human clicks by 5% over 10 links (1.4 per clicker), bot clicks by 1%, spread
over three days; then ANALYZE. Removed afterwards (BENCH_KEEP=1 leaves them for EXPLAIN).

The campaign's send is finished, so a report's ledger figures are cached until a delivery
report changes them; its event figures are read from the events' roll-ups on every call.
`report_p95` is the report seen again (the first call, not timed, fills the cache),
`report_uncached_p95` the report right after an event write."""

from __future__ import annotations

import os
import secrets
import statistics
import time

RECIPIENTS = 1_000_000
CALLS = 15
HOST = "bench.localhost"
SCHEMA = "bench"
ADMIN = "bench-admin@bench.example"


def _tenant():
    from tenants.models import Client, Role
    from tenants.services import client_create, member_add

    client = Client.objects.filter(schema_name=SCHEMA).first()
    if client is None:
        client = client_create(name="Bench", schema_name=SCHEMA, domain=HOST)
    password = secrets.token_urlsafe(16)
    member_add(client=client, email=ADMIN, role=Role.ADMIN, password=password)
    return client, password


def _tables():
    from marketing.campaigns.models import Campaign
    from marketing.delivery.models import Delivery, Send
    from marketing.tracking.models import EmailEvent, SendLink, TrackedSend

    return Campaign, Delivery, Send, EmailEvent, SendLink, TrackedSend


def _load(client, total: int) -> int:
    """The campaign, its send, ledger, links and events; returns the campaign id."""
    from django.db import connection
    from django.utils import timezone

    campaign_model, delivery, send, event, link, tracked = _tables()
    connection.set_tenant(client)
    with connection.cursor() as cursor:
        for model in (event, link, tracked, delivery, send, campaign_model):
            cursor.execute(f"TRUNCATE {model._meta.db_table} RESTART IDENTITY CASCADE")
    now = timezone.now()
    the_send = send.objects.create(
        kind="campaign", subject="Bench", from_name="Bench", from_address="b@bench.example",
        status="finished", finished_at=now,
    )  # fmt: skip
    campaign = campaign_model.objects.create(
        name="Bench report", status="Sent", send_id=the_send.pk, recipient_count=total,
        started_at=now, sent_at=now, scheduled_at=now,
    )  # fmt: skip
    send.objects.filter(pk=the_send.pk).update(source_id=campaign.pk)
    tracked.objects.create(send_id=the_send.pk, campaign_id=campaign.pk)
    links = [
        link.objects.create(
            send_id=the_send.pk, index=i, url=f"https://shop.example.com/{i}", url_hash=bytes(32)
        ).pk
        for i in range(10)
    ]
    ev = event._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {delivery._meta.db_table} (send_id, profile_id, email, variant, state,"
            " attempts, next_attempt_at, last_reply, sent_at)"
            " SELECT %s, g, 'p' || g || '@example.com', '',"
            " CASE WHEN g %% 50 = 0 THEN 5 ELSE 2 END, 1, now(),"
            " CASE WHEN g %% 50 = 0 THEN '550 5.1.1 unknown user' ELSE '250 2.0.0 OK' END,"
            " now() - (g %% 72) * interval '1 hour' FROM generate_series(1, %s) g",
            [the_send.pk, total],
        )
        event_columns = (
            f"INSERT INTO {ev} (profile_id, campaign_id, link_id, url_hash, event_type, machine,"
            " occurred_at)"
        )
        # sent, for every accepted row
        cursor.execute(
            f"{event_columns} SELECT g, %s, NULL, NULL, 1, false, now() - interval '72 hours'"
            " FROM generate_series(1, %s) g WHERE g %% 50 <> 0",
            [campaign.pk, total],
        )
        # human opens: 25% of recipients, every other one twice
        cursor.execute(
            f"{event_columns} SELECT g, %s, NULL, NULL, 3, false,"
            " now() - ((g * 7) %% 4320) * interval '1 minute'"
            " FROM generate_series(1, %s) g, generate_series(1, 2) r"
            " WHERE g %% 4 = 1 AND g %% 50 <> 0 AND (r = 1 OR g %% 8 = 1)",
            [campaign.pk, total],
        )
        # machine opens: 8%
        cursor.execute(
            f"{event_columns} SELECT g, %s, NULL, NULL, 3, true, now() - interval '71 hours'"
            " FROM generate_series(1, %s) g WHERE g %% 25 IN (2, 3)",
            [campaign.pk, total],
        )
        # human clicks: 5% over 10 links, some twice; bot clicks: 1%
        cursor.execute(
            f"{event_columns} SELECT g, %s, (%s::bigint[])[1 + (g + r) %% 10], NULL, 4, false,"
            " now() - ((g * 11) %% 4320) * interval '1 minute'"
            " FROM generate_series(1, %s) g, generate_series(1, 2) r"
            " WHERE g %% 20 = 1 AND (r = 1 OR g %% 40 = 1)",
            [campaign.pk, links, total],
        )
        cursor.execute(
            f"{event_columns} SELECT g, %s, (%s::bigint[])[1 + g %% 10], NULL, 4, true,"
            " now() - interval '71 hours' FROM generate_series(1, %s) g WHERE g %% 100 = 7",
            [campaign.pk, links, total],
        )
        # unsubscribes and complaints
        cursor.execute(
            f"{event_columns} SELECT g, %s, NULL, NULL, 7, false, now()"
            " FROM generate_series(1, %s) g WHERE g %% 500 = 3",
            [campaign.pk, total],
        )
        for model in (delivery, event, link):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
    connection.set_schema_to_public()
    return campaign.pk


def _drop(client) -> None:
    from django.db import connection

    connection.set_tenant(client)
    with connection.cursor() as cursor:
        for model in _tables():
            cursor.execute(f"TRUNCATE {model._meta.db_table} RESTART IDENTITY CASCADE")
    connection.set_schema_to_public()


def _timed(browser, headers, path: str, params_list) -> list[float]:
    timings = []
    for params in params_list:
        started = time.perf_counter()
        response = browser.get(path, params, **headers)
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:300]
    return timings


def _timed_after_events(browser, headers, path: str, client, campaign_id: int) -> list[float]:
    """The report right after a new open of its campaign was written (through tracking's
    service, as every writer of events does)."""
    from django.db import connection

    from marketing.tracking.services import Event, events_record

    timings = []
    for profile_id in range(1, CALLS + 1):
        connection.set_tenant(client)
        events_record([Event(profile_id, "opened", campaign_id=campaign_id)])
        connection.set_schema_to_public()
        timings += _timed(browser, headers, path, [{}])
    return timings


def _p95(timings: list[float]) -> float:
    ordered = sorted(timings)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def _figure(name: str, timings: list[float], baseline: float, total: int) -> dict:
    return {
        "figure": name,
        "value": round(_p95(timings), 2),
        "unit": "ms",
        "baseline": round(baseline, 2),
        "p50_ms": round(statistics.median(timings), 2),
        "max_ms": round(max(timings), 2),
        "calls": len(timings),
        "recipients": total,
        "target_ratio": 8,
    }


def _parts(client, campaign_id: int) -> dict:
    """Each query of the report alone, median of 5 (ms): where the time goes."""
    from django.db import connection

    from marketing.campaigns.analytics.campaign import _variant_reach, campaign_sends
    from marketing.campaigns.models import Campaign
    from marketing.delivery.selectors import send_outcomes
    from marketing.tracking.selectors import (
        campaign_event_totals,
        campaign_link_clicks,
        campaign_timeline,
    )

    connection.set_tenant(client)
    try:
        campaign = Campaign.objects.get(pk=campaign_id)
        sends = campaign_sends(campaign)
        parts = {
            "outcomes": lambda: send_outcomes(sends),
            "event_totals": lambda: campaign_event_totals(campaign_id),
            "link_clicks": lambda: campaign_link_clicks(campaign_id, sends),
            "timeline": lambda: campaign_timeline(campaign_id, time_zone="America/New_York"),
            "variant_reach": lambda: _variant_reach(campaign_id, sends),
        }
        medians = {}
        for name, call in parts.items():
            times = []
            for _ in range(5):
                started = time.perf_counter()
                call()
                times.append((time.perf_counter() - started) * 1000)
            medians[f"{name}_ms"] = round(statistics.median(times), 1)
        return medians
    finally:
        connection.set_schema_to_public()


def run(scale: float) -> list[dict]:
    from django.test import Client as HttpClient

    total = max(1000, int(RECIPIENTS * scale))
    client, password = _tenant()
    started = time.perf_counter()
    campaign_id = _load(client, total)
    load_seconds = time.perf_counter() - started
    try:
        browser = HttpClient(HTTP_HOST=HOST)
        token = browser.post(
            "/api/auth/login",
            {"email": ADMIN, "password": password},
            content_type="application/json",
        ).json()["token"]
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        report = f"/api/mm/campaigns/{campaign_id}/report"
        _timed(browser, headers, report, [{}])  # warm, not timed
        base = []
        for _ in range(CALLS * 2):
            t0 = time.perf_counter()
            browser.get("/api/getRepsList", **headers)
            base.append((time.perf_counter() - t0) * 1000)
        baseline = _p95(base)
        figures = [
            _figure("report_p95", _timed(browser, headers, report, [{}] * CALLS), baseline, total),
            _figure(
                "report_uncached_p95",
                _timed_after_events(browser, headers, report, client, campaign_id),
                baseline,
                total,
            ),
            _figure(
                "recipients_opened_p95",
                _timed(
                    browser,
                    headers,
                    f"{report}/recipients",
                    [{"outcome": "opened", "page": 3}] * CALLS,
                ),
                baseline,
                total,
            ),
            _figure(
                "recipients_not_opened_p95",
                _timed(
                    browser,
                    headers,
                    f"{report}/recipients",
                    [{"outcome": "notOpened", "page": 2}] * CALLS,
                ),
                baseline,
                total,
            ),
        ]
        parts = _parts(client, campaign_id)
        for row in figures:
            row["load_seconds"] = round(load_seconds, 1)
        figures[0].update(parts)
        return figures
    finally:
        if not os.environ.get("BENCH_KEEP"):
            _drop(client)
