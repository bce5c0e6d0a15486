"""wrk, driven by wrk_lines.lua, for the benches that load an endpoint with a line of a
list per request (tracking_endpoints: paths; form_submit: form bodies)."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def wrk_path() -> str:
    """wrk (Debian's package), installed by scripts/install_wrk.sh when missing."""
    found = shutil.which("wrk")
    if found:
        return found
    return subprocess.run(
        ["bash", str(ROOT / "scripts/install_wrk.sh")],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    ).stdout.strip()


def wrk_lines(
    wrk: str,
    url: str,
    lines: list[str],
    *,
    seconds: float,
    host: str,
    method: str = "GET",
    threads: int = 2,
    connections: int = 32,
) -> dict:
    """One wrk run against `url` (GET: `lines` are paths on its host; POST: bodies posted
    to it): wrk_lines.lua's figures, its error kinds summed as `errors`, and `rate`
    (answered per second)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as listed:
        listed.write("\n".join(lines) + "\n")
        listed.flush()
        finished = subprocess.run(
            [wrk, f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s",
             "--timeout", "10s", "-H", f"Host: {host}",
             "-s", str(Path(__file__).with_name("wrk_lines.lua")),
             url, "--", listed.name, method, str(threads)],
            check=True, capture_output=True, text=True, timeout=seconds + 60,
        )  # fmt: skip
    [line] = [row for row in finished.stdout.splitlines() if row.startswith("{")]
    figures = json.loads(line)
    figures["errors"] = sum(
        figures.pop(kind) for kind in ("connect", "read", "write", "status", "timeout")
    )
    figures["rate"] = figures["answered"] / figures["seconds"]
    return figures
