"""landing_page: a published landing page (GET /<client>/<slug> on the pages host) under
wrk (64 connections, 2 threads, 30 s at scale 1), served by the app (`config.wsgi`: the
pages host's lean handler; the page's frozen document held per process under the
client's pages token) under gunicorn with 2 sync workers and deploy/gunicorn.conf.py.
Targets (issue 27): >= 0.8 x the baseline, p99 < 50 ms.

Baseline, in the same run: tests/bench/landing_page_static_wsgi.py, the same bytes as a
static file served by WhiteNoise under the same gunicorn settings and worker count (half
the time before the app's phase, half after)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from django.conf import settings
from django.db import connection

from tests.bench.bench_tracking_endpoints import _Gunicorn, _wrk
from tests.support.bench_clients import bench_client_drop, bench_client_fresh

SCHEMA = "bench_pages"
PHASE_SECONDS = 30
CONNECTIONS = 64
THREADS = 2
SECTION = (
    '<section class="row"><h2>Why it works</h2><p>Plain words about the offer, a picture '
    'and a button. <a href="https://shop.example/buy">Buy now</a></p>'
    '<img src="https://cdn.example/p.jpg" alt="Product"></section>'
)


def _page():
    from marketing.sites.services.pages import page_create, page_publish

    html = '<header class="mc-sticky-header"><h1>Spring sale</h1></header>' + SECTION * 40
    page = page_create(
        member=None,
        values={"name": "Bench page", "page_type": "LP"},
        content={
            "html": html,
            "css": ".row{padding:24px;max-width:960px;margin:auto}h1{color:#224}",
            "settings": {"seoTitle": "Spring sale", "stickyHeader": True},
        },
    )
    return page_publish(member=None, page_id=page.pk)


def _load(wrk: str, port: int, path: str, seconds: float) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as listed:
        listed.write(path + "\n")
        listed.flush()
        finished = subprocess.run(
            [wrk, f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{max(1, round(seconds))}s",
             "--timeout", "10s", "-H", f"Host: {settings.PAGES_HOST}",
             "-s", str(Path(__file__).with_name("tracking_wrk.lua")),
             f"http://127.0.0.1:{port}", "--", listed.name],
            check=True, capture_output=True, text=True, timeout=seconds + 60,
        )  # fmt: skip
    [line] = [row for row in finished.stdout.splitlines() if row.startswith("{")]
    figures = json.loads(line)
    figures["errors"] = sum(
        figures.pop(kind) for kind in ("connect", "read", "write", "status", "timeout")
    )
    figures["rate"] = figures["answered"] / figures["seconds"]
    return figures


def _fetch(port: int, path: str, seconds: float = 60) -> bytes:
    """The page as the pages host answers it, once the server is up."""
    deadline = time.monotonic() + seconds
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Host": settings.PAGES_HOST}
    )
    while True:
        try:
            with urllib.request.urlopen(request, timeout=2) as answer:
                return answer.read()
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn ({port}) did not answer") from None
            time.sleep(0.2)


def run(scale: float) -> list[dict]:
    wrk = _wrk()
    seconds = max(3.0, PHASE_SECONDS * scale)
    settings.SECRET_KEY = secrets.token_urlsafe(48)
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        SECRET_KEY=settings.SECRET_KEY,
        ALLOWED_HOSTS=".localhost",
        CROSS_SITE_COOKIES="0",
        SECURE_SSL_REDIRECT="0",
    )
    client, servers = None, []
    with tempfile.TemporaryDirectory() as root:
        try:
            client = bench_client_fresh(SCHEMA, "Bench pages")
            connection.set_tenant(client)
            page = _page()
            body = page.published_version.rendered.encode()
            path = f"/{SCHEMA}/{page.slug}"
            (Path(root) / SCHEMA).mkdir()
            (Path(root) / SCHEMA / page.slug).write_bytes(body)
            connection.close()
            static = _Gunicorn(
                "landing_page_static_wsgi:application",
                dict(env, BENCH_LP_ROOT=root),
                Path(__file__).parent,
            )
            servers.append(static)
            app = _Gunicorn("config.wsgi:application", env)
            servers.append(app)
            same = _fetch(app.port, path) == _fetch(static.port, path) == body
            before = _load(wrk, static.port, path, seconds / 2)
            measured = _load(wrk, app.port, path, seconds)
            after = _load(wrk, static.port, path, seconds / 2)
        finally:
            for server in servers:
                server.stop()
            if client is not None:
                bench_client_drop(client)
    baseline = (before["answered"] + after["answered"]) / (before["seconds"] + after["seconds"])
    return [
        {
            "value": round(measured["rate"], 1),
            "unit": "req/s",
            "baseline": round(baseline, 1),
            "baseline_name": "the same bytes as a static file (WhiteNoise), same gunicorn",
            "baseline_p99_ms": max(before["p99_ms"], after["p99_ms"]),
            "baseline_errors": before["errors"] + after["errors"],
            "target_ratio": 0.8,
            "page_bytes": len(body),
            "same_bytes": same,
            "connections": CONNECTIONS,
            "seconds": round(seconds, 1),
            "p50_ms": measured["p50_ms"],
            "p99_ms": measured["p99_ms"],
            "errors": measured["errors"],
            "requests_answered": measured["answered"],
        }
    ]
