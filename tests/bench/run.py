"""Benchmark harness: `make bench` / `make bench NAME=<bench>` (see shared BENCHMARKS.md).

Each tests/bench/bench_<name>.py exposes `run(scale: float) -> list[dict]`, one dict per
figure with at least "value" and "unit", and where it has one a "baseline" measured in the
same run. The harness fills in "bench" (default: <name>) and "ratio" (value / baseline),
prints one JSON line per figure and writes every figure to tests/bench/results.json.

    python tests/bench/run.py [NAME ...]      BENCH_SCALE=0.1 for a quick run

A bench that raises is reported and the others still run; the exit status is then 1.

Benches run beside `make run` and never share its data: the harness points itself (and so
every worker and server a bench starts, which inherit its environment) at a database of
its own, `<the app's database>_bench`, created and migrated here, and at a cache prefix of
its own. The app's beat, sweeps, workers and tracking flush read the app's database and
prefix, so they cannot find a bench's client, send or events (a send sweep of the app
once woke a bench's send and sent it with the app's worker).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
import traceback
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit, urlunsplit

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent.parent
RESULTS = BENCH_DIR / "results.json"
FIELDS = ("bench", "value", "unit", "baseline", "ratio")


def discover(bench_dir: Path = BENCH_DIR) -> dict[str, Path]:
    """Bench name -> module file, for every bench_<name>.py in bench_dir."""
    return {path.stem.removeprefix("bench_"): path for path in sorted(bench_dir.glob("bench_*.py"))}


def load(name: str, path: Path) -> ModuleType:
    # Loaded by path, not imported as tests.bench.*: the benches are scripts, not a package.
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "run", None)):
        raise TypeError(f"{path.name} has no run(scale) function")
    return module


def normalise(name: str, figure: dict) -> dict:
    row = {"bench": name, "baseline": None, "ratio": None, **figure}
    if row.get("ratio") is None and row["baseline"]:
        row["ratio"] = round(row["value"] / row["baseline"], 4)
    # The five agreed keys first, anything else a bench adds (p99, rss_mb, ...) after.
    return {key: row[key] for key in FIELDS} | {k: v for k, v in row.items() if k not in FIELDS}


def run_benches(
    names: list[str] | None = None,
    *,
    scale: float = 1.0,
    bench_dir: Path = BENCH_DIR,
    results_path: Path = RESULTS,
    out=sys.stdout,
) -> int:
    found = discover(bench_dir)
    if not found:
        print(f"No benchmarks yet: no bench_*.py in {bench_dir}. Nothing to run.", file=out)
        return 0
    unknown = [name for name in names or [] if name not in found]
    if unknown:
        print(f"Unknown bench {', '.join(unknown)}; available: {', '.join(found)}", file=out)
        return 2

    figures: list[dict] = []
    failed: dict[str, str] = {}
    for name in names or list(found):
        started = time.perf_counter()
        try:
            for figure in load(name, found[name]).run(scale):
                row = normalise(name, figure)
                figures.append(row)
                print(json.dumps(row), file=out, flush=True)
        except Exception:  # noqa: BLE001 - report it and go on with the other benches
            failed[name] = traceback.format_exc()
            print(f"bench {name} FAILED:\n{failed[name]}", file=sys.stderr, flush=True)
        print(f"# {name}: {time.perf_counter() - started:.1f}s", file=sys.stderr, flush=True)

    results_path.write_text(
        json.dumps(
            {
                "scale": scale,
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "results": figures,
                "failed": failed,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"# wrote {results_path}", file=sys.stderr)
    return 1 if failed else 0


# config/settings/base.py's default
APP_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mailcraft"
BENCH_SUFFIX = "_bench"


def bench_environment(env: dict[str, str]) -> dict[str, str]:
    """The variables a bench run overrides: the app's database URL with `_bench` added to the
    database's name, and the app's cache prefix with `bench:` added (the tracking queue, the
    token buckets and the job leases are keyed by it)."""
    url = urlsplit(env.get("DATABASE_URL") or APP_DATABASE_URL)
    name = url.path.lstrip("/")
    if not name.endswith(BENCH_SUFFIX):
        name += BENCH_SUFFIX
    prefix = env.get("CACHE_KEY_PREFIX", "")
    return {
        "DATABASE_URL": urlunsplit(url._replace(path=f"/{name}")),
        "CACHE_KEY_PREFIX": prefix if prefix.endswith("bench:") else f"{prefix}bench:",
    }


def bench_database_ensure(url: str) -> None:
    """Create the bench database when it is missing (connected through the server's
    `postgres` database, which every PostgreSQL has)."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def setup_django() -> None:
    """Benches use the ORM and the real services, configured like `make run` (.data/env),
    but on a database and cache prefix of their own (see the module's docstring)."""
    sys.path.insert(0, str(ROOT))
    os.environ.update(bench_environment(dict(os.environ)))
    bench_database_ensure(os.environ["DATABASE_URL"])
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)


def main(argv: list[str]) -> int:
    names = argv[1:]
    scale = float(os.environ.get("BENCH_SCALE", "1.0"))
    if discover():
        setup_django()
    return run_benches(names, scale=scale)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
