"""tracking_endpoints: the open pixel (`/t/o/<token>`) and the click redirect
(`/t/c/<token>`) under wrk (64 connections, 2 threads, 30 s per endpoint at scale 1), served
by the app (`config.wsgi`: the lean handler ahead of Django) under gunicorn with 2 sync
workers and deploy/gunicorn.conf.py. Target: >= 0.8 x the baseline, p99 < 50 ms, 0 errors,
every request stored as an EmailEvent.

Baseline, in the same run: tests/bench/tracking_bare_wsgi.py, a bare WSGI callable
answering the same 43-byte GIF, under the same gunicorn settings and worker count, loaded
for 30 s too (half before the app's endpoints, half after).

The tokens are real: a campaign send of the bench's own client goes through the delivery
pipeline into the aiosmtpd sink, and the pixel and click URLs are read out of the messages
received. The gunicorn processes and this one use a cache prefix of their own, so no
other process's writer takes the bench's events. After the load, the events are written
by the real `events_flush` (the `tracking.events_flush` task's body) and counted: every
request answered must be stored, and no more than wrk made (answered, or in flight when
it stopped: the server may or may not have read those). Every
wait has a deadline; the client schema and the Redis keys are removed afterwards."""

from __future__ import annotations

import logging
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection

from tests.bench.wrk_lines import wrk_lines, wrk_path
from tests.support.bench_clients import bench_client_drop, bench_client_fresh

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "bench_tracking"
HOST = f"{SCHEMA}.localhost"  # links answer only on their client's hosts
PHASE_SECONDS = 30  # per phase at scale 1
CONNECTIONS = 64
THREADS = 2
WORKERS = 2
PROFILES = 500
CAMPAIGN_ID = 1
FLUSH_DEADLINE = 600  # seconds to write every queued event
PAGE = (
    '<html><body><img src="https://cdn.example.com/logo.png" alt="Logo">'
    "<p>Hello <% firstName %>, our spring news.</p>"
    + "".join(
        f'<p><a href="https://shop.example.com/item/{n}?ref=news">Item {n}</a></p>'
        for n in range(10)
    )
    + "</body></html>"
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _tracked_paths(count: int) -> tuple[list[str], list[str]]:
    """A real campaign send to `count` profiles through the sink; the pixel and click
    paths of the messages received."""
    from marketing.audience.models import Profile
    from marketing.delivery.models import Send, SendKind
    from marketing.delivery.services.batch_sending import send_batch_run
    from marketing.delivery.services.ledger import send_freeze
    from tests.support.smtp_sink import SmtpSink

    Profile.objects.bulk_create(
        Profile(email=f"p{n}@rcpt{n % 20}.example", first_name=f"First{n}") for n in range(count)
    )
    with SmtpSink() as sink:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = sink.host, sink.port
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=CAMPAIGN_ID,
            subject="Spring news",
            html=PAGE,
            text="Our spring news.",
            from_name="Shop",
            from_address="news@shop.example",
        )
        send_freeze(send, audience_sql=f"SELECT id FROM {Profile._meta.db_table}", params=[])
        deadline = time.monotonic() + 300
        while len(sink.handler.received) < count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{len(sink.handler.received)} of {count} messages sent")
            send_batch_run(send.pk)
        htmls = [
            part.get_content()
            for received in sink.handler.received
            for part in received.message.walk()
            if part.get_content_type() == "text/html"
        ]
    opens, clicks = [], []
    for html in htmls:
        opens += [urlsplit(u).path for u in re.findall(r'<img src="([^"]+/t/o/[^"]+)"', html)]
        clicks += [urlsplit(u).path for u in re.findall(r'href="([^"]+/t/c/[^"]+)"', html)]
    if len(opens) != count or len(clicks) < count * 10:
        raise RuntimeError(f"{len(opens)} pixels and {len(clicks)} links in {count} messages")
    return opens, clicks


class _Gunicorn:
    """gunicorn with the deployment's settings file, 2 sync workers, on a free port."""

    def __init__(self, app: str, env: dict, chdir: Path = ROOT):
        self.port = _free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                app,
                "-c",
                str(ROOT / "deploy/gunicorn.conf.py"),
                "--chdir",
                str(chdir),
                "-b",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(WORKERS),
                "--worker-class",
                "sync",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
        )

    def wait_ready(self, path: str, seconds: float = 60) -> bytes:
        deadline = time.monotonic() + seconds
        while True:
            try:
                url = f"http://127.0.0.1:{self.port}{path}"
                request = urllib.request.Request(url, headers={"Host": HOST})
                with urllib.request.urlopen(request, timeout=2) as r:
                    return r.read()
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"gunicorn ({self.port}) did not answer") from None
                time.sleep(0.2)

    def stop(self) -> None:
        # Graceful: each worker finishes its request and pushes its outbox before it exits.
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(40)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def _load(wrk: str, port: int, paths: list[str], seconds: float) -> dict:
    return wrk_lines(
        wrk, f"http://127.0.0.1:{port}", paths, seconds=seconds, host=HOST,
        threads=THREADS, connections=CONNECTIONS,
    )  # fmt: skip


def _flush() -> None:
    """The real batch writer until the queue is empty (and no batch is left pending)."""
    from marketing.tracking import store
    from marketing.tracking.services import events_flush

    deadline = time.monotonic() + FLUSH_DEADLINE
    while store.queue_length() or store.batches_pending():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{store.queue_length()} events still queued")
        events_flush(seconds=30)


def _stored() -> dict[str, int]:
    from marketing.tracking.models import EmailEvent, EventType

    human = EmailEvent.objects.filter(inferred=False)
    return {
        "opens": human.filter(event_type=EventType.OPENED).count(),
        "clicks": human.filter(event_type=EventType.CLICKED).count(),
        "inferred_opens": EmailEvent.objects.filter(inferred=True).count(),
    }


def _redis_clean(prefix: str) -> None:
    from marketing.tracking import store

    redis = store.connection()
    keys = list(redis.scan_iter(match=f"{prefix}:tracking:*"))
    if keys:
        redis.delete(*keys)


def run(scale: float) -> list[dict]:
    wrk = wrk_path()
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # the sink's per-command lines
    seconds = max(3.0, PHASE_SECONDS * scale)
    prefix = f"bench-tracking-{uuid.uuid4().hex[:10]}"
    settings.CACHES["default"]["KEY_PREFIX"] = prefix  # what marketing/tracking/store reads
    # The app runs with production settings (DEBUG off), which demand a strong key: the
    # tokens are signed here with the same one.
    settings.SECRET_KEY = secrets.token_urlsafe(48)
    env = dict(
        os.environ,
        CACHE_KEY_PREFIX=prefix,
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_DEBUG="0",
        SECRET_KEY=settings.SECRET_KEY,
        ALLOWED_HOSTS=".localhost",
        CROSS_SITE_COOKIES="0",
        SECURE_SSL_REDIRECT="0",
    )
    client = None
    servers: list[_Gunicorn] = []
    try:
        client = bench_client_fresh(SCHEMA, "Bench tracking", HOST)
        connection.set_tenant(client)
        opens, clicks = _tracked_paths(max(50, int(PROFILES * scale)))
        connection.close()  # gunicorn's workers are not to share this process's session

        bare = _Gunicorn("tracking_bare_wsgi:application", env, chdir=Path(__file__).parent)
        servers.append(bare)
        app = _Gunicorn("config.wsgi:application", env)
        servers.append(app)
        bare_body = bare.wait_ready(opens[0])
        app.wait_ready("/t/o/not-a-token")  # a bad token: the pixel, no event
        assert bare_body == app.wait_ready("/t/o/not-a-token"), "not the same GIF"

        # The baseline half before and half after, so a machine busier in one part of the
        # run than in another weighs on both sides alike.
        before = _load(wrk, bare.port, opens, seconds / 2)
        opened = _load(wrk, app.port, opens, seconds)
        clicked = _load(wrk, app.port, clicks, seconds)
        after = _load(wrk, bare.port, opens, seconds / 2)
        baseline = {
            "rate": (before["answered"] + after["answered"])
            / (before["seconds"] + after["seconds"]),
            "p99_ms": max(before["p99_ms"], after["p99_ms"]),
            "errors": before["errors"] + after["errors"],
        }
        for server in (bare, app):
            server.stop()
            servers.remove(server)

        connection.set_tenant(client)
        flush_started = time.perf_counter()
        _flush()
        flush_seconds = time.perf_counter() - flush_started
        stored = _stored()
        common = {
            "unit": "req/s",
            "baseline": round(baseline["rate"], 1),
            "baseline_name": "bare WSGI callable, same 43-byte GIF, gunicorn 2 sync workers",
            "baseline_p99_ms": baseline["p99_ms"],
            "baseline_errors": baseline["errors"],
            "target_ratio": 0.8,
            "connections": CONNECTIONS,
            "seconds": round(seconds, 1),
            "flush_s": round(flush_seconds, 1),
            "inferred_opens": stored["inferred_opens"],
        }
        return [
            {
                "value": round(phase["rate"], 1),
                "endpoint": name,
                **common,
                "p50_ms": phase["p50_ms"],
                "p99_ms": phase["p99_ms"],
                "errors": phase["errors"],
                "requests_answered": phase["answered"],
                "requests_made": phase["made"],
                "events_stored": stored[f"{name}s"],
                # wrk counts a request in flight when it stopped as made, answered or not
                # (the server may never have read it): every answered one must be stored,
                # and nothing beyond those made.
                "every_event_stored": phase["answered"] <= stored[f"{name}s"] <= phase["made"],
            }
            for name, phase in (("open", opened), ("click", clicked))
        ]
    finally:
        for server in servers:
            server.stop()
        _redis_clean(prefix)
        if client is not None:
            bench_client_drop(client)
