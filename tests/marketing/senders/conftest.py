"""Senders fixtures: the platform's mail at a sink, no cached tracking domain (the fake DNS
server is tests/marketing/conftest.py's; helpers that make senders and domains:
tests/support/senders.py)."""

import pytest
from django.core.cache import cache
from django_tenants.utils import schema_context

from config.celery import app as celery_app
from marketing.senders.selectors import TRACKING_CACHE_KEY
from tests.support.smtp_sink import SmtpSink


@pytest.fixture
def mail_sink(settings, monkeypatch):
    """The platform's mail goes to a local SMTP sink; tasks run here as they are sent."""
    with SmtpSink() as sink:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = sink.host, sink.port
        monkeypatch.setattr(celery_app.conf, "task_always_eager", True)
        yield sink


def _tracking_cache_delete(tenants) -> None:
    for tenant in tenants.values():
        with schema_context(tenant.client.schema_name):
            cache.delete(TRACKING_CACHE_KEY)


@pytest.fixture(autouse=True)
def _tracking_cache_cleared(tenants):
    """No cached tracking domain before or after the test: a test's tracking domain is
    rolled back, and any earlier test of the worker (a send renders links) may have cached
    "none" for a minute."""
    _tracking_cache_delete(tenants)
    yield
    _tracking_cache_delete(tenants)
