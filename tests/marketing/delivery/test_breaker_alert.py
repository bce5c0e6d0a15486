"""The breaker tells the client's admins: one mail to each active admin (not users, not
inactive admins, not another client's), through the platform's mail connection, once
per trip, on commit only; a trip resumed before the task ran tells no one. And the
Sending Health figures: this month's and next month's allowance, domains warming up."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from config.celery import app as celery_app
from marketing.delivery.models import SendingHealth, Suppression, SuppressionReason
from marketing.delivery.services.breaker import CHECK_KEY, breaker_evaluate, breaker_resume
from marketing.delivery.services.breaker_alert import breaker_alert_send
from marketing.senders.models import DomainStatus, SenderDomain
from tenants.models import Membership, Role
from tenants.services import member_add
from tests.marketing.delivery.test_breaker import _sent
from tests.support.http_api import bearer, http
from tests.support.role_tokens import role_tokens_fixture  # noqa: F401
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import PASSWORD, in_schema

HEALTH = "/api/mm/sendingHealth"


@pytest.fixture(autouse=True)
def small_window(settings):
    settings.DELIVERY_BREAKER_MIN_SENT = 20
    settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE = 0.05
    cache.delete(CHECK_KEY)


@pytest.fixture
def mail_sink(settings, monkeypatch):
    """The platform's mail goes to a local SMTP sink; tasks run here as they are sent."""
    with SmtpSink() as sink:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = sink.host, sink.port
        monkeypatch.setattr(celery_app.conf, "task_always_eager", True)
        yield sink


def _trip(source_id: int = 1) -> None:
    _sent(20, source_id=source_id)
    for i in range(3):
        Suppression.objects.create(
            email=f"bounce{source_id}-{i}@inbox.example", reason=SuppressionReason.HARD_BOUNCE
        )
    assert breaker_evaluate() is True


def test_each_active_admin_is_mailed_once_on_commit(
    alpha, beta, mail_sink, django_capture_on_commit_callbacks
):
    second = member_add(
        client=alpha.client, email="second@alpha.example", role=Role.ADMIN, password=PASSWORD
    ).user
    gone = member_add(
        client=alpha.client, email="gone@alpha.example", role=Role.ADMIN, password=PASSWORD
    ).user
    Membership.objects.filter(user=gone, client=alpha.client).update(is_active=False)
    with in_schema(alpha):
        with django_capture_on_commit_callbacks(execute=True):
            _trip()
        health = SendingHealth.objects.get()
        assert health.alerted_trip_at == health.tripped_at
    mails = {r.rcpt_to for r in mail_sink.handler.received}
    assert mails == {(alpha.admin.email,), (second.email,)}  # one each, no one else
    mail = mail_sink.handler.for_recipient(alpha.admin.email)[0].message
    assert mail["Subject"] == "Alpha: sending is stopped"
    body = mail.get_body(preferencelist=("plain",)).get_content()
    assert "3 hard bounces in 20 messages" in body
    assert "paused campaigns are then resumed one by one" in body
    assert "://alpha.localhost" in body and "/sendingHealth" in body
    with in_schema(alpha):  # the task again (a redelivery): nothing more
        assert breaker_alert_send(health_id=health.pk) == 0
        with django_capture_on_commit_callbacks(execute=True):
            assert breaker_evaluate() is True  # already tripped: no new trip, no mail
    assert len(mail_sink.handler.received) == 2
    assert not mail_sink.handler.for_recipient(beta.admin.email)


def test_a_new_trip_after_a_resume_tells_them_again(
    alpha, mail_sink, django_capture_on_commit_callbacks
):
    with in_schema(alpha):
        with django_capture_on_commit_callbacks(execute=True):
            _trip()
        breaker_resume(email=alpha.admin.email)
        with django_capture_on_commit_callbacks(execute=True):
            _trip(source_id=2)
    assert len(mail_sink.handler.for_recipient(alpha.admin.email)) == 2


def test_a_rolled_back_or_resumed_trip_mails_no_one(
    alpha, mail_sink, django_capture_on_commit_callbacks
):
    with in_schema(alpha):
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            _trip()
        breaker_resume(email=alpha.admin.email)  # before the task ran
        for callback in callbacks:
            callback()
        assert SendingHealth.objects.get().alerted_trip_at is None
    assert mail_sink.handler.received == []


def _health(alpha, role_tokens):
    answer = http(alpha.host).get(HEALTH, **bearer(role_tokens["admin"]))
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_health_shows_the_monthly_allowance_and_the_warmups(alpha, role_tokens, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 1000
    settings.DELIVERY_WARMUP_DAYS, settings.DELIVERY_WARMUP_FIRST_DAY = 10, 500
    with in_schema(alpha):
        _sent(20)
        SenderDomain.objects.create(
            name="new.example",
            verification_token="t" * 32,
            status=DomainStatus.VERIFIED,
            verified_at=timezone.now() - timedelta(days=1),
        )
        SenderDomain.objects.create(
            name="old.example",
            verification_token="t" * 32,
            status=DomainStatus.VERIFIED,
            verified_at=timezone.now() - timedelta(days=40),
        )
    out = _health(alpha, role_tokens)
    assert out["thisMonth"]["used"] == 20 and out["thisMonth"]["limit"] == 1000
    assert out["nextMonth"]["used"] == 0 and out["nextMonth"]["limit"] == 1000
    assert out["thisMonth"]["month"] != out["nextMonth"]["month"]
    [warming] = out["warmups"]
    assert warming["domain"] == "new.example" and warming["dayNumber"] in (2, 3)
    assert warming["allowance"] in (1000, 2000) and warming["used"] == 0
    assert warming["days"] == 10
    assert out["adminsAlerted"] is False


def test_health_without_a_monthly_limit_says_none(alpha, role_tokens, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 0
    out = _health(alpha, role_tokens)
    assert out["thisMonth"]["limit"] is None and out["warmups"] == []
