"""frontend_shell (BENCHMARKS.md): the production build's initial JavaScript, gzipped, and
the first contentful paint of the shell in headless Chromium on localhost (median of runs).
Needs `make build` first."""

import gzip
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

DIST = Path(__file__).resolve().parents[2] / "frontend" / "dist"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def initial_js_gzip_bytes() -> int:
    """Scripts the browser loads before any lazy page: the entry and its modulepreloads."""
    html = (DIST / "index.html").read_text()
    paths = re.findall(r'<script[^>]+src="/([^"]+\.js)"', html)
    paths += re.findall(r'<link[^>]+rel="modulepreload"[^>]+href="/([^"]+\.js)"', html)
    return sum(len(gzip.compress((DIST / path).read_bytes(), 9)) for path in set(paths))


def _serve() -> tuple[subprocess.Popen, int]:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=DIST,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(50):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return process, port


def first_contentful_paint_ms(runs: int) -> float:
    from playwright.sync_api import sync_playwright

    process, port = _serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            samples = []
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_function(
                    "performance.getEntriesByName('first-contentful-paint').length > 0"
                )
                samples.append(
                    page.evaluate(
                        "performance.getEntriesByName('first-contentful-paint')[0].startTime"
                    )
                )
                context.close()
            browser.close()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
    return statistics.median(samples)


def run(scale: float) -> list[dict]:
    runs = max(3, int(10 * scale))
    return [
        {
            "value": round(initial_js_gzip_bytes() / 1024, 1),
            "unit": "KiB gzip initial JS",
            "target": 350,
        },
        {
            "value": round(first_contentful_paint_ms(runs), 1),
            "unit": "ms first contentful paint",
            "target": 1000,
            "runs": runs,
        },
    ]
