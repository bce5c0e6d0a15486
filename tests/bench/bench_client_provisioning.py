"""client_provisioning: a new client made by provisioning (tenants/provisioning.py: the
schema cloned from the migrated template, the workspace defaults, the sign-up person as
ADMIN, the workspace opened), timed from the run's start until its admin can sign in.

Targets at scale 1: p95 <= 1,500 ms per client; <= 0.3 x the time of migrating a fresh
schema (the baseline, measured in the same run: CREATE SCHEMA + every tenant migration,
the way client_create made a schema before); 1,000 clients back to back (BENCH_SCALE
scales the count, at least 20) with no failure and no growth in the time per client (the
last tenth's median over the first tenth's).

Every client is made in a schema `bprov_<n>` and removed afterwards (BENCH_KEEP=1 keeps
them); the template is built before the timed part."""

from __future__ import annotations

import os
import statistics
import sys
import time

CLIENTS = 1_000
BASELINE_RUNS = 3
PREFIX = "bprov_"


def _drop_all() -> None:
    from django.db import connection

    from tenants.models import Client, Provisioning, User

    connection.set_schema_to_public()
    Client.objects.filter(schema_name__startswith=PREFIX).delete()
    Provisioning.objects.filter(schema_name__startswith=PREFIX).delete()
    User.objects.filter(email__endswith="@bprov.example").delete()
    with connection.cursor() as cursor:
        cursor.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE %s", [f"{PREFIX}%"])
        for (schema,) in cursor.fetchall():
            cursor.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _migrate_fresh(schema: str) -> float:
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE SCHEMA "{schema}"')
    call_command("migrate_schemas", tenant=True, schema_name=schema, interactive=False, verbosity=0)
    elapsed = time.perf_counter() - started
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        cursor.execute(f'DROP SCHEMA "{schema}" CASCADE')
    return elapsed


def _provision(n: int) -> float:
    from django.db import connection

    from tenants.models import ProvisioningStatus, User
    from tenants.provisioning import provisioning_run, provisioning_start

    # The person exists before provisioning (sign-up made them, password hashed then).
    person = User.objects.create_user(f"admin{n}@bprov.example", None)
    started = time.perf_counter()
    provisioning = provisioning_start(
        name=f"Bench {n}", schema_name=f"{PREFIX}{n}", domain=f"bprov-{n}.localhost", admin=person
    )
    finished = provisioning_run(provisioning_id=provisioning.pk)
    elapsed = time.perf_counter() - started
    if finished is None or finished.status != ProvisioningStatus.DONE:
        raise RuntimeError(f"client {n}: {finished and finished.error}")
    connection.set_schema_to_public()
    return elapsed


def _signs_in(n: int) -> None:
    """The last client's admin signs in on its own host (outside the timing)."""
    from django.test import Client as HttpClient

    from tenants.models import User

    person = User.objects.get(email=f"admin{n}@bprov.example")
    person.set_password("Bench-pass-1234")
    person.save(update_fields=["password"])
    answer = HttpClient(HTTP_HOST=f"bprov-{n}.localhost").post(
        "/api/auth/login",
        {"email": person.email, "password": "Bench-pass-1234"},
        content_type="application/json",
        secure=True,  # the bench runs with production's HTTPS redirect
    )
    if answer.status_code != 200:
        raise RuntimeError(f"the admin of client {n} cannot sign in: {answer.status_code}")


def run(scale: float) -> list[dict]:
    from tenants.schema_template import template_ensure

    count = max(20, int(CLIENTS * scale))
    _drop_all()
    template_ensure()
    try:
        baseline = statistics.median(
            _migrate_fresh(f"{PREFIX}migrated_{i}") for i in range(BASELINE_RUNS)
        )
        times = []
        failures = 0
        for n in range(count):
            try:
                times.append(_provision(n))
            except Exception:  # noqa: BLE001 - counted: the target is no failure at all
                failures += 1
        print(
            f"# baseline {baseline:.2f} s; clients (s): {[round(t, 2) for t in times]}",
            file=sys.stderr,
        )
        _signs_in(count - 1)
    finally:
        if os.environ.get("BENCH_KEEP") != "1":
            _drop_all()
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    tenth = max(1, len(times) // 10)
    first, last = statistics.median(times[:tenth]), statistics.median(times[-tenth:])
    return [
        {
            "bench": "client_provisioning_p95",
            "value": round(p95 * 1000, 1),
            "unit": "ms",
            "baseline": round(baseline * 1000, 1),
            "median_ms": round(statistics.median(times) * 1000, 1),
            "clients": count,
            "target": "<= 1500 ms and <= 0.3 x baseline (migrating a fresh schema)",
        },
        {
            "bench": "client_provisioning_growth",
            "value": round(last * 1000, 1),
            "unit": "ms",
            "baseline": round(first * 1000, 1),
            "clients": count,
            "failures": failures,
            "target": "no failure; last tenth's median ~ first tenth's (ratio ~1)",
        },
    ]
