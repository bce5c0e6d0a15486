"""Browser tests: the real app (gunicorn, built front end) on the pytest-django test
database, driven by Playwright in Debian's Chromium. `*.localhost` resolves to 127.0.0.1
in Chromium, so each client gets its own host name as in production."""

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
from django.db import connection
from playwright.sync_api import Page, expect, sync_playwright

from marketing.audience.services.groups import group_create
from tenants.demo import public_client_ensure
from tenants.models import Role, User
from tenants.services import client_create, member_add
from tests.support.dns_server import FakeDNSServer
from tests.support.smtp_sink import SmtpSink
from tests.support.waiting import wait_until

# Playwright's sync API keeps an event loop running in the test thread; the ORM calls made
# there (seeding, minting a payload) are plain synchronous ones, so Django may allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parents[2]
# CI machines have two cores shared by the app server, Chromium and the test process.
expect.set_options(timeout=10_000)
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PASSWORD = "e2e-password-1"


# The app server's key, for tests that sign what it will check (links in messages).
SERVER_SECRET_KEY = secrets.token_urlsafe(48)
# Where the app servers of this test process keep files. xdist workers run side by side
# with the same client schemas and the same ids, so each keeps its own (an import's error
# file, named by its id, would otherwise be another worker's).
APP_MEDIA_ROOT = Path(settings.MEDIA_ROOT) / "e2e" / os.environ.get("PYTEST_XDIST_WORKER", "main")


def pytest_collection_modifyitems(items):
    # pytest-django creates the test database only when a collected test asks for it.
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.django_db)


@dataclass(frozen=True)
class Site:
    host: str
    base_url: str


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _seed(parent_origin: str) -> None:
    public_client_ensure()
    plain = client_create(
        name="Plain", schema_name="plain", domain="plain.localhost", parent_origins=[parent_origin]
    )
    member_add(client=plain, email="admin@plain.example", role=Role.ADMIN, password=PASSWORD)
    member_add(client=plain, email="user@plain.example", role=Role.USER, password=PASSWORD)
    member_add(
        client=plain,
        email="nomkm@plain.example",
        role=Role.USER,
        password=PASSWORD,
        has_mkm_access=False,
    )
    # A group of the client's own beside the default ones (which cannot be deleted).
    connection.set_tenant(plain)
    group_create(name="Customers")
    connection.set_schema_to_public()
    reponly = client_create(
        name="Rep only",
        schema_name="reponly",
        domain="reponly.localhost",
        rep_notifications_only=True,
    )
    member_add(client=reponly, email="admin@reponly.example", role=Role.ADMIN, password=PASSWORD)
    subs = client_create(
        name="Shop", schema_name="shop", domain="shop.localhost", subscriptions_enabled=True
    )
    member_add(client=subs, email="admin@shop.example", role=Role.ADMIN, password=PASSWORD)
    # API fuzzing creates, renames and deletes at random: it gets a client of its own.
    fuzz = client_create(name="Fuzz", schema_name="fuzz", domain="fuzz.localhost")
    member_add(client=fuzz, email="admin@fuzz.example", role=Role.ADMIN, password=PASSWORD)
    User.objects.create_superuser("super@platform.example", PASSWORD)
    connection.set_schema_to_public()


@pytest.fixture(scope="session")
def parent_suite(tmp_path_factory):
    """A stand-in for the parent suite on its own origin: serves the files tests write."""
    folder = tmp_path_factory.mktemp("parent")
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield folder, f"http://parent.localhost:{port}"
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="session")
def app_dns():
    """The DNS server the app server asks (sender and tracking domain checks); tests add
    the records they publish to `app_dns.records`."""
    with FakeDNSServer({}) as dns_server:
        yield dns_server


@pytest.fixture(scope="session")
def app_mail():
    """Where the app server's own mail (sender activation links) lands."""
    with SmtpSink() as sink:
        yield sink


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
    """gunicorn (2 workers, 4 threads) on a free port, once it answers (30 s deadline)."""
    port = _free_port()
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
        wait_until(answers_or_exited, timeout=30, message="the app server answers", interval=0.3)
    except AssertionError:
        process.kill()
        pytest.fail("the app server did not answer within 30 s")
    if process.poll() is not None:
        pytest.fail(f"the app server exited at start (status {process.returncode})")
    return process, port


def app_server_stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
    process.wait(10)


@pytest.fixture(scope="session")
def server(django_db_setup, django_db_blocker, parent_suite, app_dns, app_mail):
    if not (ROOT / "frontend" / "dist" / "index.html").exists():
        pytest.fail("front end not built: run `make build` first")
    with django_db_blocker.unblock():
        _seed(parent_suite[1])
    process, port = app_server_start(app_server_env(app_dns, app_mail))
    yield port
    app_server_stop(process)
    # A killed worker's PostgreSQL backend can outlive it by a moment; the test database can
    # only be dropped once no other session uses it.
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


# Every page of every context reports what the Content-Security-Policy refused: Chromium
# logs "Refused to ..." itself, and this listener (in every frame a script can run in)
# names the directive. A test that saw one fails (docs/architecture.md, "Untrusted content").
_CSP_LISTENER = """document.addEventListener('securitypolicyviolation', (event) => {
  console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI
    || 'inline'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`);
}, true);"""
_CSP_VIOLATIONS: list[str] = []


def _csp_watch(context) -> None:
    context.add_init_script(_CSP_LISTENER)

    def seen(message) -> None:
        text = message.text
        if text.startswith(("Refused to", "CSP violation:")):
            _CSP_VIOLATIONS.append(f"{message.location.get('url', '')}: {text}")

    context.on("console", seen)


@pytest.fixture(autouse=True)
def csp_violations():
    """What the app's policy refused during the test; a test that provokes one on purpose
    checks it and clears the list. Anything left fails the test."""
    _CSP_VIOLATIONS.clear()
    yield _CSP_VIOLATIONS
    seen, _CSP_VIOLATIONS[:] = list(_CSP_VIOLATIONS), []
    if seen:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(seen), pytrace=False)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        new_context = chromium.new_context

        def watched_context(*args, **kwargs):
            context = new_context(*args, **kwargs)
            _csp_watch(context)
            return context

        chromium.new_context = watched_context
        yield chromium
        chromium.close()


@pytest.fixture
def site(server):
    def make(host: str) -> Site:
        return Site(host, f"http://{host}:{server}")

    return make


@pytest.fixture
def page(browser) -> Page:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def sign_in(page: Page, site: Site, email: str, next_path: str = "/campaignListView") -> None:
    page.goto(f"{site.base_url}/trial/login?next={next_path}")
    page.get_by_role("textbox", name="Email").fill(email)
    page.get_by_role("textbox", name="Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/trial/login" not in url)
