"""Browser tests: the real app (gunicorn, built front end) on the pytest-django test
database, driven by Playwright in Debian's Chromium. `*.localhost` resolves to 127.0.0.1
in Chromium, so each client gets its own host name as in production."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from playwright.sync_api import Page, expect, sync_playwright

from marketing.audience.services.groups import group_create
from tenants.demo import public_client_ensure
from tenants.models import Role, User
from tenants.services import client_create, member_add
from tests.support.app_server import (
    Site,
    app_server_env,
    app_server_start,
    app_server_stop,
    free_port,
)
from tests.support.browser_session import PASSWORD
from tests.support.dns_server import FakeDNSServer
from tests.support.smtp_sink import SmtpSink
from tests.support.tenant_template import tenant_template_use

# Playwright's sync API keeps an event loop running in the test thread; the ORM calls made
# there (seeding, minting a payload) are plain synchronous ones, so Django may allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parents[2]
# CI machines have two cores shared by the app server, Chromium and the test process.
expect.set_options(timeout=10_000)
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups into the node ids
def pytest_collection_modifyitems(items):
    # pytest-django creates the test database only when a collected test asks for it.
    mine = [item for item in items if "/tests/e2e/" in str(item.path)]
    for item in mine:
        item.add_marker(pytest.mark.django_db)
        # `--dist loadgroup` (scripts/test.sh) keeps a module on one worker, as loadfile
        # would (its module-scoped app server, worker and sink), unless a test names a
        # group of its own: each API fuzz run is one, so the two run side by side.
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    # Handed out in this order (with --no-loadscope-reorder): the tests marked runs_first,
    # then the groups with the most tests, so that the last group started is a short one
    # and both workers end together.
    sizes: dict[str, int] = {}
    for item in mine:
        sizes[_group(item)] = sizes.get(_group(item), 0) + 1
    position = {id(item): n for n, item in enumerate(items)}
    mine.sort(
        key=lambda item: (
            item.get_closest_marker("runs_first") is None,
            -sizes[_group(item)],
            position[id(item)],
        )
    )
    others = [item for item in items if "/tests/e2e/" not in str(item.path)]
    items[:] = mine + others


def _group(item) -> str:
    return item.get_closest_marker("xdist_group").args[0]


def _seed(parent_origin: str) -> None:
    tenant_template_use()  # the clients below are clones of one migrated schema
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
    port = free_port()
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
