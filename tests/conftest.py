"""Two clients with overlapping ids (alpha and beta), created once per test session with
their people; each test runs inside a transaction that is rolled back."""

import pytest
from django.conf import settings
from django.db import connection

from tenants.demo import public_client_ensure
from tenants.models import Plan, User
from tests.support.database_template import database_template_ensure
from tests.support.tenant_template import tenant_template_use
from tests.support.tenants import PASSWORD, Tenant, tenant_make


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix) -> None:
    """Each test database starts as a copy of one migrated template
    (tests/support/database_template.py)."""
    db = settings.DATABASES["default"]
    db.setdefault("TEST", {})["TEMPLATE"] = database_template_ensure(db)


@pytest.fixture(scope="session")
def tenants(django_db_setup, django_db_blocker) -> dict[str, Tenant]:
    with django_db_blocker.unblock():
        tenant_template_use()
        public_client_ensure()
        plan = Plan.objects.create(name="Test plan", limits={"Contacts": 2})
        made = {name: tenant_make(name, plan) for name in ("alpha", "beta")}
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
