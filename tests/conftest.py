"""Two clients with overlapping ids (alpha and beta), created once per test session with
their people; each test runs inside a transaction that is rolled back."""

import itertools
import os
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.db import connection
from django.test import Client as HttpClient

from tenants.demo import public_client_ensure
from tenants.models import Client, Plan, Role, User
from tenants.services import client_create, member_add
from tenants.sso import sso_payload_mint

PASSWORD = "correct-horse-battery"
_addresses = itertools.count(1)


@dataclass
class Tenant:
    client: Client
    host: str
    admin: User
    user: User
    no_mkm: User


def _make_tenant(schema: str, plan: Plan) -> Tenant:
    host = f"{schema}.localhost"
    client = client_create(
        name=schema.title(),
        schema_name=schema,
        domain=host,
        plan=plan,
        parent_origins=[f"https://suite-{schema}.example"],
        website_ids=[7, 8],
    )
    admin = member_add(
        client=client, email=f"admin@{schema}.example", role=Role.ADMIN, password=PASSWORD
    ).user
    user = member_add(
        client=client, email=f"user@{schema}.example", role=Role.USER, password=PASSWORD
    ).user
    no_mkm = member_add(
        client=client,
        email=f"nomkm@{schema}.example",
        role=Role.USER,
        password=PASSWORD,
        has_mkm_access=False,
    ).user
    return Tenant(client, host, admin, user, no_mkm)


@pytest.fixture(scope="session")
def tenants(django_db_setup, django_db_blocker) -> dict[str, Tenant]:
    with django_db_blocker.unblock():
        public_client_ensure()
        plan = Plan.objects.create(name="Test plan", limits={"Contacts": 2})
        made = {name: _make_tenant(name, plan) for name in ("alpha", "beta")}
        User.objects.create_superuser("super@platform.example", PASSWORD)
        connection.set_schema_to_public()
    return made


def _fresh(tenant: Tenant) -> Tenant:
    # Tests change the client row inside their rolled-back transaction; start from the DB.
    tenant.client.refresh_from_db()
    return tenant


@pytest.fixture
def alpha(tenants, db) -> Tenant:
    return _fresh(tenants["alpha"])


@pytest.fixture
def beta(tenants, db) -> Tenant:
    return _fresh(tenants["beta"])


@pytest.fixture
def superadmin(tenants, db) -> User:
    return User.objects.get(email="super@platform.example")


@pytest.fixture(autouse=True)
def _public_schema_after_each_test():
    yield
    connection.set_schema_to_public()


@pytest.fixture(autouse=True)
def _hosts_read_afresh():
    """Host names a test made (in its rolled-back transaction) are not kept after it."""
    from tenants.hosts import hosts_forget

    hosts_forget()
    yield
    hosts_forget()


@pytest.fixture(autouse=True)
def _hourly_limits_fresh():
    """Every test starts with empty hourly windows (core/hourly_limits.py): test sends and
    activation mails of earlier tests, by the same session-wide people, do not count."""
    from core.hourly_limits import windows_key
    from core.redis_store import redis_connection

    redis = redis_connection()
    keys = list(redis.scan_iter(match=windows_key("*")))
    if keys:
        redis.delete(*keys)


@pytest.fixture
def sink(settings):
    """The aiosmtpd sink (tests/support/smtp_sink.py), as the relay sends go to."""
    from tests.support.smtp_sink import SmtpSink

    with SmtpSink() as running:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = running.host, running.port
        yield running


def _tracking_keys_delete() -> None:
    from marketing.tracking import store

    redis = store.connection()
    keys = list(redis.scan_iter(match=f"{store.queue_key().rsplit(':', 1)[0]}:*"))
    if keys:
        redis.delete(*keys)


@pytest.fixture
def tracking_redis_clean():
    """No tracking queue, batch or link cache left in Redis (this worker's prefix) before
    or after the test."""
    _tracking_keys_delete()
    yield
    _tracking_keys_delete()


def http(host: str) -> HttpClient:
    """A browser at `host`, from an address no other browser of the run has (sign-in limits
    are per address, and their counters outlive each test's transaction)."""
    n = next(_addresses)
    address = f"2001:db8::{os.getpid() & 0xFFFF:x}:{n >> 16 & 0xFFFF:x}:{n & 0xFFFF:x}"
    return HttpClient(HTTP_HOST=host, REMOTE_ADDR=address)


def signed_in(host: str, email: str) -> tuple[HttpClient, str]:
    browser = http(host)
    response = browser.post(
        "/api/auth/login", {"email": email, "password": PASSWORD}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return browser, response.json()["token"]


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def mint(client: Client, email: str, **kwargs) -> str:
    return sso_payload_mint(client=client, email=email, **kwargs)


@contextmanager
def in_schema(tenant: Tenant):
    """Run ORM calls in `tenant`'s schema, then go back to public."""
    connection.set_tenant(tenant.client)
    try:
        yield
    finally:
        connection.set_schema_to_public()
