"""Senders fixtures: the audience suite's API callers, and senders and domains made
straight in the schema (the services are tested on their own)."""

import re

import pytest
from django.core.cache import cache
from django.utils import timezone
from django_tenants.utils import schema_context

from config.celery import app as celery_app
from marketing.senders.models import DomainStatus, Sender, SenderDomain
from marketing.senders.selectors import TRACKING_CACHE_KEY
from tests.marketing.audience.conftest import (  # noqa: F401 - fixtures
    admin_api,
    beta_api,
    in_alpha,
    nomkm_api,
    user_api,
)
from tests.support.dns_server import FakeDNSServer
from tests.support.smtp_sink import SmtpSink


def domain_make(name: str, *, verified: bool = True) -> SenderDomain:
    return SenderDomain.objects.create(
        name=name,
        verification_token="t" * 32,
        status=DomainStatus.VERIFIED if verified else DomainStatus.FAILED,
        verified_at=timezone.now() if verified else None,
    )


def sender_make(email: str, *, name: str = "News", confirmed: bool = True, **fields) -> Sender:
    return Sender.objects.create(
        name=name,
        email=email,
        domain=email.rpartition("@")[2],
        verified_at=timezone.now() if confirmed else None,
        **fields,
    )


@pytest.fixture
def mail_sink(settings, monkeypatch):
    """The platform's mail goes to a local SMTP sink; tasks run here as they are sent."""
    with SmtpSink() as sink:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = sink.host, sink.port
        monkeypatch.setattr(celery_app.conf, "task_always_eager", True)
        yield sink


@pytest.fixture
def dns_server(settings):
    """A DNS server answering from `dns_server.records` (edit it in the test)."""
    with FakeDNSServer({}) as server:
        settings.SENDERS_DNS_NAMESERVERS = [server.address]
        settings.SENDERS_DNS_TIMEOUT = 1.0
        yield server


def activation_link_in(sink: SmtpSink, email: str) -> str:
    """The activation link of the last mail `email` received."""
    received = sink.handler.for_recipient(email)
    assert received, f"no mail to {email}"
    body = received[-1].message.get_body(preferencelist=("plain",)).get_content()
    match = re.search(r"https?://\S+/external/verifySender\?token=(\S+)", body)
    assert match, body
    return match.group(1)


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


def txt(value: str) -> str:
    """A TXT record's text form, cut into the 255-byte strings DNS allows."""
    return " ".join(f'"{value[i : i + 255]}"' for i in range(0, len(value), 255))
