"""The benchmark harness (tests/bench/run.py): discovery, figures, results.json."""

import importlib.util
import io
import json
from pathlib import Path

import pytest

_RUN_PY = Path(__file__).resolve().parents[1] / "bench" / "run.py"
_spec = importlib.util.spec_from_file_location("bench_harness", _RUN_PY)
harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(harness)

FAKE_BENCH = """
def run(scale):
    return [
        {"value": 200.0 * scale, "unit": "msg/s", "baseline": 400.0},
        {"bench": "fake_rss", "value": 120, "unit": "MB", "p99": 3},
    ]
"""


@pytest.fixture
def bench_dir(tmp_path):
    (tmp_path / "bench_fake.py").write_text(FAKE_BENCH)
    (tmp_path / "bench_broken.py").write_text("def run(scale):\n    raise RuntimeError('boom')\n")
    (tmp_path / "helpers.py").write_text("")
    return tmp_path


def test_discover_finds_bench_modules_only(bench_dir):
    assert sorted(harness.discover(bench_dir)) == ["broken", "fake"]


def test_run_one_prints_figures_and_writes_results(bench_dir, tmp_path):
    out, results = io.StringIO(), tmp_path / "results.json"

    status = harness.run_benches(
        ["fake"], scale=0.5, bench_dir=bench_dir, results_path=results, out=out
    )

    assert status == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines == [
        {"bench": "fake", "value": 100.0, "unit": "msg/s", "baseline": 400.0, "ratio": 0.25},
        {
            "bench": "fake_rss",
            "value": 120,
            "unit": "MB",
            "baseline": None,
            "ratio": None,
            "p99": 3,
        },
    ]
    written = json.loads(results.read_text())
    assert written["scale"] == 0.5
    assert written["results"] == lines
    assert written["failed"] == {}


def test_a_failing_bench_is_reported_and_the_others_still_run(bench_dir, tmp_path):
    out, results = io.StringIO(), tmp_path / "results.json"

    status = harness.run_benches(None, bench_dir=bench_dir, results_path=results, out=out)

    assert status == 1
    written = json.loads(results.read_text())
    assert [row["bench"] for row in written["results"]] == ["fake", "fake_rss"]
    assert "boom" in written["failed"]["broken"]


def test_unknown_bench_name_is_an_error(bench_dir, tmp_path):
    out = io.StringIO()

    status = harness.run_benches(
        ["nope"], bench_dir=bench_dir, results_path=tmp_path / "r.json", out=out
    )

    assert status == 2
    assert "available: broken, fake" in out.getvalue()


def test_no_benchmarks_is_said_plainly_and_succeeds(tmp_path):
    out, results = io.StringIO(), tmp_path / "results.json"

    status = harness.run_benches(None, bench_dir=tmp_path, results_path=results, out=out)

    assert status == 0
    assert "No benchmarks yet" in out.getvalue()
    assert not results.exists()


def test_a_bench_run_uses_a_database_and_cache_prefix_of_its_own():
    app = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5433/mailcraft?sslmode=disable"}

    bench = harness.bench_environment(app)

    assert bench == {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5433/mailcraft_bench?sslmode=disable",
        "CACHE_KEY_PREFIX": "bench:",
    }
    # Applied twice (a bench starting the harness's own helpers), it changes nothing more.
    assert harness.bench_environment(bench) == bench


def test_the_bench_environment_keeps_the_settings_default_database_apart():
    bench = harness.bench_environment({"CACHE_KEY_PREFIX": "dev"})

    assert bench["DATABASE_URL"] == "postgres://postgres@127.0.0.1:5432/mailcraft_bench"
    assert bench["CACHE_KEY_PREFIX"] == "devbench:"


def test_the_bench_database_is_created_when_missing(django_db_blocker):
    import uuid

    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    name = f"bench_probe_{uuid.uuid4().hex[:8]}"
    server = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}"
    with django_db_blocker.unblock():
        harness.bench_database_ensure(f"{server}/{name}")
        harness.bench_database_ensure(f"{server}/{name}")  # a second run finds it
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
            assert found.fetchone() == (1,)
            conn.execute(f'DROP DATABASE "{name}"')
