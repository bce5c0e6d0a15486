"""import_throughput (shared BENCHMARKS.md): a 1,000,000-row CSV, 15 columns with aliased
headers, 2% invalid emails, 5% duplicates, into a client with 100k existing profiles.

Timed end to end: upload checks + storing, start, the real Celery worker (its own queue
and node name) running the import, until the job is Completed. Peak RSS is the worker
process's, polled.

Two baselines, same run (BENCHMARKS.md):
- `copy_indexed`, the figure's `baseline`: what PostgreSQL alone needs to land the same
  valid rows (the file's rows whose email passes the import's rule, the last row of each
  email kept) in a copy of the profile table with all its constraints and indexes: the
  faster of COPY into the indexed copy, and COPY into a bare copy then adding the
  constraints and building the indexes. The copy starts empty: a COPY cannot update the
  existing profiles that the import updates, so that work is part of what the ratio shows.
- `raw_copy_s`: COPY of the same file into a bare 15-column text table.
BENCH_SCALE scales both the file and the existing profiles; BENCH_ROUNDS (3) sets how many
imports the median is taken over; BENCH_IMPORT_TIMEOUT (900 s) bounds each import."""

import contextlib
import csv
import json
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psutil
from django.conf import settings
from django.db import connection

from tests.support.bench_clients import bench_client_drop, bench_client_fresh, worker_answering
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)
from tests.support.profile_rows import PLAIN_PROFILE, TEXT_COLUMNS, profiles_copy

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


# The file's columns in order -> the profile's (Interest is the custom field "interest").
PROFILE_COLUMNS = ("email", *TEXT_COLUMNS, "do_not_email")


def _copy_text(value) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    text = str(value)
    for raw, escaped in (("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r")):
        text = text.replace(raw, escaped)
    return text


def _valid_rows_file(path: Path, out: Path) -> tuple[list[str], int]:
    """The rows the import lands, as COPY text for the profile table (built untimed): each
    email by the import's own rule, invalid ones left out, the last row of an email kept."""
    from marketing.audience.services.email_rule import InvalidEmail, email_normalise
    from marketing.audience.services.imports.rows import parse_do_not_email

    rows: dict[str, list] = {}
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader)
        for cells in reader:
            try:
                email = email_normalise(cells[0])
            except InvalidEmail:
                continue
            values = dict(zip(PROFILE_COLUMNS[1:], cells[1:14], strict=True))
            values["do_not_email"] = bool(parse_do_not_email(values["do_not_email"]))
            values["custom"] = json.dumps({"interest": cells[14]})
            rows[email] = [email, *{**PLAIN_PROFILE, **values}.values()]
    columns = ["email", *PLAIN_PROFILE]
    assert set(PROFILE_COLUMNS[1:]) <= set(PLAIN_PROFILE)
    with open(out, "w", encoding="utf-8") as handle:
        for row in rows.values():
            handle.write("\t".join(_copy_text(value) for value in row) + "\n")
    return columns, len(rows)


def _profile_ddl(table: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(constraints, indexes) of the profile table: name and definition, the indexes that
    back a constraint left to their constraint."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid = %s::regclass AND contype <> 'n' ORDER BY conname",
            [table],
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
            " AND tablename = %s ORDER BY indexname",
            [table],
        )
        names = {name for name, _ in constraints}
        indexes = [(name, ddl) for name, ddl in cursor.fetchall() if name not in names]
    return constraints, indexes


def _copy_indexed(rows_file: Path, columns: list[str]) -> dict:
    """Seconds PostgreSQL alone takes to land `rows_file` in a copy of the profile table
    with its constraints and indexes, both ways; the faster is the baseline."""
    from marketing.audience.models import Profile

    table = Profile._meta.db_table
    constraints, indexes = _profile_ddl(table)
    copy_sql = f"COPY {{table}} ({', '.join(columns)}) FROM STDIN"

    def create(name: str, *, indexed: bool) -> list[str]:
        like = "INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING GENERATED INCLUDING STORAGE"
        ddl = [
            f"ALTER TABLE {name} ADD CONSTRAINT {con}_{name} {definition}"
            for con, definition in constraints
        ] + [
            re.sub(r"INDEX (\S+) ON (\S+) ", f"INDEX \\1_{name} ON {name} ", index, count=1)
            for _, index in indexes
        ]
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {name}")
            cursor.execute(f"CREATE TABLE {name} (LIKE {table} {like})")
            if indexed:
                for statement in ddl:
                    cursor.execute(statement)
        return ddl

    def load(name: str) -> None:
        with (
            connection.cursor() as cursor,
            open(rows_file, "rb") as handle,
            cursor.copy(copy_sql.format(table=name)) as copy,
        ):
            while chunk := handle.read(1024 * 1024):
                copy.write(chunk)

    timings = {}
    create("bench_copy_indexed", indexed=True)
    started = time.perf_counter()
    load("bench_copy_indexed")
    timings["copy_into_indexed"] = time.perf_counter() - started
    ddl = create("bench_copy_then_index", indexed=False)
    started = time.perf_counter()
    load("bench_copy_then_index")
    with connection.cursor() as cursor:
        for statement in ddl:
            cursor.execute(statement)
    timings["copy_then_index"] = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE bench_copy_indexed, bench_copy_then_index")
    return timings


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
    deadline = started + float(os.environ.get("BENCH_IMPORT_TIMEOUT", "900"))
    while True:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"import {record.pk} not finished after {deadline - started:.0f} s")
        if worker.poll() is not None:
            raise RuntimeError(f"the bench worker exited ({worker.returncode}) during the import")
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
    existing profiles, and the median baselines of the same rounds."""
    from marketing.audience.models import ProfileField

    rows = max(1000, int(1_000_000 * scale))
    existing = max(100, int(100_000 * scale))
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    queue = f"bench-{uuid.uuid4().hex}"
    worker = _worker(queue)
    folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
    path = folder / "people.csv"
    client = None
    try:
        _write_file(path, rows, existing)
        columns, valid = _valid_rows_file(path, folder / "valid.copy")
        worker_answering(queue, worker, seconds=60)  # before the first clock starts
        results, raw, indexed, variants = [], [], [], []
        with tasks_routed_to(queue):
            for _ in range(rounds):
                client = bench_client_fresh(SCHEMA, "Bench imports")
                connection.set_tenant(client)
                _existing(existing)
                ProfileField.objects.create(label="Interest", key="interest", field_type="text")
                raw.append(_baseline(path))
                variants.append(_copy_indexed(folder / "valid.copy", columns))
                indexed.append(min(variants[-1].values()))
                results.append(_import_once(path, worker))
        results.sort(key=lambda result: result["elapsed"])
        median = results[len(results) // 2]
        elapsed = median["elapsed"]
        # The same rows: what the import inserted or updated is what the baseline copied.
        assert median["inserted"] + median["updated"] == valid, (median, valid)
        raw_copy = statistics.median(raw)
        return [
            {
                "bench": "import_throughput",
                "value": round(elapsed, 2),
                "unit": "s",
                "baseline": round(statistics.median(indexed), 2),
                "baseline_name": "copy_indexed",
                "copy_indexed_s": {
                    way: [round(v[way], 2) for v in variants] for way in variants[0]
                },
                "copy_indexed_rows": valid,
                "raw_copy_s": round(raw_copy, 2),
                "ratio_to_raw_copy": round(elapsed / raw_copy, 2),
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
        celery_worker_stop(worker)
        celery_queue_delete(queue)
        if client is not None:
            bench_client_drop(client)
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()
