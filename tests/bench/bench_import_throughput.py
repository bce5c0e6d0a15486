"""import_throughput (shared BENCHMARKS.md): a 1,000,000-row CSV, 15 columns with aliased
headers, 2% invalid emails, 5% duplicates, into a client with 100k existing profiles.

Timed end to end: upload checks + storing, start, the real Celery worker (its own queue)
running the import, until the job is Completed. Peak RSS is the worker process's, polled.
Baseline, same run: `COPY` of the same file into a bare 15-column table.
BENCH_SCALE scales both the file and the existing profiles; BENCH_ROUNDS (3) sets how many
imports the median is taken over."""

import contextlib
import csv
import os
import random
import statistics
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from django.conf import settings
from django.db import connection

from tests.support.celery_worker import celery_worker_start
from tests.support.profile_rows import profiles_copy

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "bench_imports"
HEADERS = [
    "E-mail Address",
    "FName",
    "Surname",
    "Mobile",
    "Organisation",
    "Job Title",
    "Address",
    "Address 2",
    "City",
    "State",
    "Country",
    "County",
    "Postcode",
    "Do Not Email",
    "Interest",
]


def _client():
    from tenants.models import Client
    from tenants.services import client_create

    connection.set_schema_to_public()
    old = Client.objects.filter(schema_name=SCHEMA).first()
    if old is not None:
        _drop(old)
    return client_create(name="Bench imports", schema_name=SCHEMA, domain=f"{SCHEMA}.localhost")


def _drop(client) -> None:
    connection.set_schema_to_public()
    client.auto_drop_schema = True
    client.delete(force_drop=True)


def _existing(count: int) -> None:
    with connection.cursor() as cursor:
        profiles_copy(
            cursor.cursor,
            (
                {
                    "email": f"p{i}@bench.example",
                    "first_name": "Old",
                    "last_name": "Name",
                    "source": "addProfile",
                }
                for i in range(count)
            ),
        )
        cursor.execute("ANALYZE audience_profile")


def _write_file(path: Path, rows: int, existing: int) -> None:
    rng = random.Random(42)
    emails: list[str] = []
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(HEADERS)
        for i in range(rows):
            roll = rng.random()
            if roll < 0.02:
                email = f"broken{i}.bench.example"  # invalid
            elif roll < 0.07 and emails:
                email = rng.choice(emails)  # duplicate within the file
            elif roll < 0.17 and existing:
                email = f"P{rng.randrange(existing)}@Bench.example"  # an existing profile
            else:
                email = f"n{i}@bench.example"
                emails.append(email)
            writer.writerow(
                [
                    email,
                    f"First{i % 977}",
                    f"Last{i % 613}",
                    f"+1 555 {i % 10000:04d}",
                    f"Company {i % 5000}",
                    "Manager",
                    f"{i % 999} Main Street",
                    "Suite 5",
                    "Springfield",
                    "IL",
                    "US",
                    "Sangamon",
                    f"{60000 + i % 999}",
                    "no" if i % 3 else "yes",
                    f"topic{i % 7}",
                ]
            )


def _baseline(path: Path) -> float:
    columns = ", ".join(f"c{i} text" for i in range(len(HEADERS)))
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMP TABLE bench_copy ({columns})")
        started = time.perf_counter()
        with (
            open(path, "rb") as handle,
            cursor.copy("COPY bench_copy FROM STDIN (FORMAT csv, HEADER true)") as copy,
        ):
            while chunk := handle.read(1024 * 1024):
                copy.write(chunk)
        elapsed = time.perf_counter() - started
        cursor.execute("DROP TABLE bench_copy")
    return elapsed


def _worker(queue: str) -> subprocess.Popen:
    # At INFO the worker logs how long staging and applying took.
    return celery_worker_start(queue, loglevel="info", MEDIA_ROOT=str(settings.MEDIA_ROOT))


def _import_once(path: Path, worker: subprocess.Popen) -> dict:
    """One timed import of `path` into the current client; the figures of that run."""
    from marketing.audience.services.imports import import_start, import_upload
    from marketing.jobs.models import BackgroundJob

    process = psutil.Process(worker.pid)
    peak = process.memory_info().rss
    helper_peak = 0  # the import's forked row-checking helper
    started = time.perf_counter()
    size = path.stat().st_size

    def chunks():
        handle = open(path, "rb")  # noqa: SIM115 - closed at EOF by the generator
        with handle:
            yield from iter(lambda: handle.read(1024 * 1024), b"")

    record, extra = import_upload(name="people.csv", size=size, chunks=chunks, kind="subscribers")
    assert len(extra["suggestedMapping"]) == 15, extra["suggestedMapping"]
    record = import_start(import_id=record.pk, mapping=extra["suggestedMapping"])
    while True:
        job = BackgroundJob.objects.get(pk=record.job_id)
        peak = max(peak, process.memory_info().rss)
        for child in process.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                helper_peak = max(helper_peak, child.memory_info().rss)
        if job.status in ("Completed", "Failed", "Cancelled"):
            break
        time.sleep(0.1)
    elapsed = time.perf_counter() - started
    assert job.status == "Completed", job.message
    record.refresh_from_db()
    return {
        "elapsed": elapsed,
        "peak": peak,
        "helper_peak": helper_peak,
        "size": size,
        "inserted": record.rows_inserted,
        "updated": record.rows_updated,
        "invalid": record.rows_invalid,
        "duplicate": record.rows_duplicate,
        "error_report": bool(record.errors_path),
    }


def run(scale: float) -> list[dict]:
    """The median of ROUNDS imports (BENCHMARKS.md), each into a fresh client with the
    existing profiles, and the median COPY baseline of the same rounds."""
    from config.celery import app
    from marketing.audience.models import ProfileField

    rows = max(1000, int(1_000_000 * scale))
    existing = max(100, int(100_000 * scale))
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    queue = f"bench-{uuid.uuid4().hex}"
    worker = _worker(queue)
    app.conf.task_default_queue = queue
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    path = folder / "people.csv"
    client = None
    try:
        _write_file(path, rows, existing)
        time.sleep(3)  # the worker is up before the first clock starts
        results, baselines = [], []
        for _ in range(rounds):
            client = _client()
            connection.set_tenant(client)
            _existing(existing)
            ProfileField.objects.create(label="Interest", key="interest", field_type="text")
            baselines.append(_baseline(path))
            results.append(_import_once(path, worker))
        results.sort(key=lambda result: result["elapsed"])
        median = results[len(results) // 2]
        elapsed = median["elapsed"]
        return [
            {
                "bench": "import_throughput",
                "value": round(elapsed, 2),
                "unit": "s",
                "baseline": round(statistics.median(baselines), 2),
                "runs_s": [round(result["elapsed"], 2) for result in results],
                "rows": rows,
                "rows_per_s": round(rows / elapsed),
                "worker_peak_rss_mb": round(max(r["peak"] for r in results) / 1024 / 1024, 1),
                "helper_peak_rss_mb": round(
                    max(r["helper_peak"] for r in results) / 1024 / 1024, 1
                ),
                "inserted": median["inserted"],
                "updated": median["updated"],
                "invalid": median["invalid"],
                "duplicate": median["duplicate"],
                "error_report": median["error_report"],
                "file_mb": round(median["size"] / 1024 / 1024, 1),
            }
        ]
    finally:
        worker.terminate()
        try:
            worker.wait(15)
        except subprocess.TimeoutExpired:
            worker.kill()
        if client is not None:
            _drop(client)
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()
