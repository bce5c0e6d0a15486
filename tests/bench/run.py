"""Benchmark harness: `make bench` / `make bench NAME=<bench>` (see shared BENCHMARKS.md).

Each tests/bench/bench_<name>.py exposes `run(scale: float) -> list[dict]`, one dict per
figure with at least "value" and "unit", and where it has one a "baseline" measured in the
same run. The harness fills in "bench" (default: <name>) and "ratio" (value / baseline),
prints one JSON line per figure and writes every figure to tests/bench/results.json.

    python tests/bench/run.py [NAME ...]      BENCH_SCALE=0.1 for a quick run

A bench that raises is reported and the others still run; the exit status is then 1.
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


def setup_django() -> None:
    """Benches use the ORM and the real services, configured like `make run` (.data/env)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def main(argv: list[str]) -> int:
    names = argv[1:]
    scale = float(os.environ.get("BENCH_SCALE", "1.0"))
    if discover():
        setup_django()
    return run_benches(names, scale=scale)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
