"""api_lists: the profile list API (GET /api/mm/profiles) over 1,000,000 profiles
(BENCH_SCALE scales the count). Target: p95 of sorted and of searched list calls < 150 ms.

Profiles are loaded with COPY into the schema of a dedicated client `bench` (created when
missing), timed through the whole stack (middleware, token, ninja, ORM) with Django's test
client, and removed afterwards. Baseline: a trivial authenticated call in the same run."""

from __future__ import annotations

import os
import random
import secrets
import statistics
import time
from datetime import UTC, datetime, timedelta

PROFILES = 1_000_000
CALLS = 60  # per figure
HOST = "bench.localhost"
SCHEMA = "bench"
ADMIN = "bench-admin@bench.example"
SORTS = ["-createdAt", "createdAt", "email", "-email", "lastName", "-lastName"]


def _tenant():
    from tenants.models import Client, Role
    from tenants.services import client_create, member_add

    client = Client.objects.filter(schema_name=SCHEMA).first()
    if client is None:
        client = client_create(name="Bench", schema_name=SCHEMA, domain=HOST)
    password = secrets.token_urlsafe(16)
    member_add(client=client, email=ADMIN, role=Role.ADMIN, password=password)
    return client, password


def _names(count: int) -> tuple[list[str], list[str]]:
    from faker import Faker

    fake = Faker()
    Faker.seed(7)
    firsts = list({fake.first_name() for _ in range(count * 3)})[:count]
    lasts = list({fake.last_name() for _ in range(count * 3)})[:count]
    return firsts, lasts


def _load(client, total: int, firsts: list[str], lasts: list[str]) -> None:
    """COPY `total` profiles (5% archived, 2% deleted, 3 years of sign-ups) plus one
    group each, then ANALYZE."""
    from django.db import connection

    from marketing.audience.models import Group, Profile, ProfileGroup
    from tests.support.profile_rows import profiles_copy

    rng = random.Random(11)
    now = datetime.now(UTC)
    connection.set_tenant(client)
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {Profile._meta.db_table} RESTART IDENTITY CASCADE")
        statuses = ["Valid"] * 6 + ["Invalid", "Unknown", "Pending", "Pending"]

        def rows():
            for i in range(total):
                first, last = rng.choice(firsts), rng.choice(lasts)
                created = now - timedelta(seconds=rng.randrange(3 * 365 * 86400))
                roll = rng.random()
                yield {
                    "email": f"{first}.{last}.{i}@example{i % 97}.com".lower(),
                    "first_name": first,
                    "last_name": last,
                    "verification_status": rng.choice(statuses),
                    "archived_at": created if roll < 0.05 else None,
                    "deleted_at": created if 0.05 <= roll < 0.07 else None,
                    "created_at": created,
                    "updated_at": created,
                }

        profiles_copy(cursor.cursor, rows())
        group = Group.objects.get(default_key="newsletter")
        cursor.execute(
            f"INSERT INTO {ProfileGroup._meta.db_table} (profile_id, group_id) "
            f"SELECT id, %s FROM {Profile._meta.db_table}",
            [group.pk],
        )
        cursor.execute(f"ANALYZE {Profile._meta.db_table}")
        cursor.execute(f"ANALYZE {ProfileGroup._meta.db_table}")
    connection.set_schema_to_public()


def _drop(client) -> None:
    from django.db import connection

    from marketing.audience.models import Profile

    connection.set_tenant(client)
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {Profile._meta.db_table} RESTART IDENTITY CASCADE")
    connection.set_schema_to_public()


def _timed(browser, headers, params_list) -> list[float]:
    timings = []
    for params in params_list:
        started = time.perf_counter()
        response = browser.get("/api/mm/profiles", params, **headers)
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:300]
    return timings


def _figure(name: str, timings: list[float], baseline: float, total: int) -> dict:
    ordered = sorted(timings)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return {
        "figure": name,
        "value": round(p95, 2),
        "unit": "ms",
        "baseline": round(baseline, 2),
        "p50_ms": round(statistics.median(ordered), 2),
        "max_ms": round(ordered[-1], 2),
        "calls": len(ordered),
        "profiles": total,
        "target_ms": 150,
    }


def run(scale: float) -> list[dict]:
    from django.test import Client as HttpClient

    total = max(1000, int(PROFILES * scale))
    client, password = _tenant()
    firsts, lasts = _names(300)
    started = time.perf_counter()
    _load(client, total, firsts, lasts)
    load_seconds = time.perf_counter() - started
    try:
        browser = HttpClient(HTTP_HOST=HOST)
        token = browser.post(
            "/api/auth/login",
            {"email": ADMIN, "password": password},
            content_type="application/json",
        ).json()["token"]
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        rng = random.Random(5)
        # Warm the connection and the plan cache; not timed.
        _timed(browser, headers, [{"sort": s} for s in SORTS])

        base = []
        for _ in range(CALLS):
            t0 = time.perf_counter()
            browser.get("/api/getRepsList", **headers)
            base.append((time.perf_counter() - t0) * 1000)
        baseline = sorted(base)[int(len(base) * 0.95) - 1]

        sorted_calls = [
            {
                "sort": rng.choice(SORTS),
                "page": rng.randint(1, 5),
                "pageSize": rng.choice([10, 20, 30]),
            }
            for _ in range(CALLS)
        ]
        # A last name, part of an email, a first and last name (the search box's cases).
        terms = [rng.choice(lasts).lower() for _ in range(CALLS // 3)]
        terms += [
            f"{rng.choice(firsts).lower()}.{rng.choice(lasts).lower()}" for _ in range(CALLS // 3)
        ]
        terms += [f"{rng.choice(firsts)} {rng.choice(lasts)}" for _ in range(CALLS // 3)]
        searched_calls = [
            {"search": term, "sort": rng.choice(SORTS), "pageSize": 20} for term in terms
        ]
        first_name_calls = [
            {"sort": rng.choice(["firstName", "-firstName"])} for _ in range(CALLS // 3)
        ]
        figures = [
            _figure("profiles_sorted_p95", _timed(browser, headers, sorted_calls), baseline, total),
            _figure(
                "profiles_searched_p95", _timed(browser, headers, searched_calls), baseline, total
            ),
            _figure(
                "profiles_first_name_sort_p95",
                _timed(browser, headers, first_name_calls),
                baseline,
                total,
            ),
        ]
        for row in figures:
            row["load_seconds"] = round(load_seconds, 1)
        return figures
    finally:
        if not os.environ.get("BENCH_KEEP"):  # BENCH_KEEP=1 leaves the rows for EXPLAIN
            _drop(client)
