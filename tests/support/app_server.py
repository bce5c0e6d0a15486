"""The real app for browser tests: gunicorn on the pytest-django test database with the
built front end, production settings over plain http, on a free port."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from tests.support.waiting import wait_until

# The app server's key, for tests that sign what it will check (links in messages).
ROOT = Path(__file__).resolve().parents[2]

SERVER_SECRET_KEY = secrets.token_urlsafe(48)


# Where the app servers of this test process keep files. xdist workers run side by side
# with the same client schemas and the same ids, so each keeps its own (an import's error
# file, named by its id, would otherwise be another worker's).
APP_MEDIA_ROOT = Path(settings.MEDIA_ROOT) / "e2e" / os.environ.get("PYTEST_XDIST_WORKER", "main")


@dataclass(frozen=True)
class Site:
    host: str
    base_url: str


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def app_server_env(app_dns, app_mail, **overrides: str) -> dict[str, str]:
    """The app server's environment: the test database, production settings over plain
    http, tasks eager, a cache prefix of its own, DNS and mail at the tests' fakes."""
    db = settings.DATABASES["default"]
    env = dict(
        os.environ,
        DATABASE_URL=(f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"),
        # Production settings over plain http: no Secure cookies, no https redirect, and
        # what config/checks.py demands before the app loads at all.
        DJANGO_DEBUG="0",
        CROSS_SITE_COOKIES="0",
        SECURE_SSL_REDIRECT="0",
        SECRET_KEY=SERVER_SECRET_KEY,
        ALLOWED_HOSTS=".localhost",
        CELERY_TASK_ALWAYS_EAGER="1",
        CACHE_KEY_PREFIX=f"e2e-{uuid.uuid4().hex}",
        MEDIA_ROOT=str(APP_MEDIA_ROOT),
        # The security tests try the operators' admin with client sessions.
        OPERATORS_ADMIN_ENABLED="1",
        SENDERS_DNS_NAMESERVERS=app_dns.address,
        EMAIL_HOST=app_mail.host,
        EMAIL_PORT=str(app_mail.port),
        # The campaign form's RSS preview fetches a feed served on 127.0.0.1.
        OUTBOUND_ALLOW_PRIVATE_NETWORKS="1",
    )
    env.update(overrides)
    return env


def app_server_start(env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    """gunicorn (2 workers, 4 threads) on a free port, once it answers (90 s deadline: on a
    2-core machine shared with other suites its start took over 30 s; or
    APP_SERVER_START_SECONDS)."""
    deadline = float(os.environ.get("APP_SERVER_START_SECONDS", "90"))
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-c",
            "deploy/gunicorn.conf.py",
            "-b",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )

    def answers_or_exited() -> bool:
        if process.poll() is not None:
            return True
        try:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/trial/login", headers={"Host": "plain.localhost"}
            )
            urllib.request.urlopen(request, timeout=2)
            return True
        except OSError:
            return False

    try:
        wait_until(
            answers_or_exited, timeout=deadline, message="the app server answers", interval=0.3
        )
    except AssertionError:
        process.kill()
        pytest.fail(f"the app server did not answer within {deadline:g} s")
    if process.poll() is not None:
        pytest.fail(f"the app server exited at start (status {process.returncode})")
    return process, port


def app_server_stop(process: subprocess.Popen, timeout: float = 20) -> None:
    """gunicorn's quick shutdown; killed if it has not exited within `timeout` (a loaded
    machine can take longer to let its workers go than the test needs to wait)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)
