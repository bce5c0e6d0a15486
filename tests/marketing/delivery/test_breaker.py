"""The breaker: too many hard bounces or spam complaints over the window stop the client's
sending (running sends paused with the reason, audited), a bounce recorded trips it on
commit, an admin sees why and resumes; another client is not touched. And the API of the
client's own delivery rates."""

import pytest
from django.core.cache import cache
from django.utils import timezone

from config.celery import app as celery_app
from core.audit.models import AuditLog
from marketing.delivery.bounces import Notice, NoticeKind, VerpAddress
from marketing.delivery.models import (
    Delivery,
    DeliveryPace,
    DeliveryState,
    Send,
    SendingHealth,
    SendStatus,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.services.bounce_notices import notice_record
from marketing.delivery.services.breaker import (
    CHECK_KEY,
    breaker_evaluate,
    breaker_resume,
    sending_stopped_reason,
)
from marketing.delivery.tokens import verp_token
from tests.support.http_api import bearer, http
from tests.support.role_tokens import role_tokens_fixture  # noqa: F401
from tests.support.tenants import in_schema

HEALTH = "/api/mm/sendingHealth"
PACES = "/api/mm/deliveryPaces"


@pytest.fixture(autouse=True)
def small_window(settings):
    settings.DELIVERY_BREAKER_MIN_SENT = 20
    settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE = 0.05
    settings.DELIVERY_BREAKER_COMPLAINT_RATE = 0.003
    cache.delete(CHECK_KEY)


def _sent(count: int, *, status=SendStatus.FINISHED, source_id=1) -> Send:
    send = Send.objects.create(
        kind="campaign",
        source_id=source_id,
        status=status,
        subject="Hi",
        from_name="Shop",
        from_address="news@shop.example",
    )
    Delivery.objects.bulk_create(
        Delivery(
            send=send,
            profile_id=i + 1,
            email=f"p{i}@inbox.example",
            state=DeliveryState.SENT,
            sent_at=timezone.now(),
        )
        for i in range(count)
    )
    return send


def _suppress(count: int, reason: str) -> None:
    for i in range(count):
        Suppression.objects.create(email=f"{reason}{i}@inbox.example", reason=reason)


def test_hard_bounces_over_the_rate_stop_sending(alpha, beta):
    with in_schema(beta):
        _sent(40, status=SendStatus.SENDING)
    with in_schema(alpha):
        _sent(38)
        running = _sent(2, status=SendStatus.SENDING, source_id=2)
        _suppress(2, SuppressionReason.HARD_BOUNCE)  # 2 of 40: 5 %, not above
        assert breaker_evaluate() is False and sending_stopped_reason() == ""
        _suppress(1, "x")  # another reason: not counted
        Suppression.objects.filter(reason="x").update(reason=SuppressionReason.HARD_BOUNCE)
        assert breaker_evaluate() is True
        reason = sending_stopped_reason()
        assert reason.startswith("Sending is stopped: the hard-bounce or spam threshold")
        assert "3 hard bounces in 40 messages" in reason
        running.refresh_from_db()
        assert running.status == SendStatus.PAUSED and running.status_message == reason
        audit = AuditLog.objects.get(event_type="sendingHealth.tripped")
        assert audit.extra["hardBounces"] == 3 and audit.extra["sendsPaused"] == 1
    with in_schema(beta):  # beta sends on
        assert sending_stopped_reason() == ""
        assert not Send.objects.filter(status=SendStatus.PAUSED).exists()


def test_complaints_over_a_third_of_a_percent_stop_sending(alpha):
    with in_schema(alpha):
        _sent(300)
        _suppress(1, SuppressionReason.COMPLAINT)  # 0.33 %
        assert breaker_evaluate() is True
        assert "1 spam complaints in 300 messages" in sending_stopped_reason()


def test_too_little_volume_never_trips(alpha):
    with in_schema(alpha):
        _sent(10)
        _suppress(5, SuppressionReason.HARD_BOUNCE)
        assert breaker_evaluate() is False


def test_a_recorded_bounce_trips_it_on_commit(
    alpha, django_capture_on_commit_callbacks, mailoutbox, monkeypatch
):
    # The trip's mail to the admins runs here (test_breaker_alert.py sends it to the sink).
    monkeypatch.setattr(celery_app.conf, "task_always_eager", True)
    with in_schema(alpha):
        send = _sent(20)
        _suppress(1, SuppressionReason.HARD_BOUNCE)
        assert breaker_evaluate() is False  # 1 of 20
        delivery = Delivery.objects.filter(send=send).first()
        verp = VerpAddress("alpha", delivery.pk, verp_token("alpha", delivery.pk))
        with django_capture_on_commit_callbacks(execute=True):
            assert notice_record(verp, Notice(NoticeKind.HARD_BOUNCE, status="5.1.1"))
        assert sending_stopped_reason() != ""  # 2 of 20
    assert [message.to for message in mailoutbox] == [[alpha.admin.email]]


def test_resume_counts_afresh_and_is_refused_when_not_stopped(alpha):
    with in_schema(alpha):
        _sent(20)
        _suppress(3, SuppressionReason.HARD_BOUNCE)
        assert breaker_evaluate() is True
        health = breaker_resume(email="admin@alpha.example")
        assert health.tripped_at is None and health.resumed_by == "admin@alpha.example"
        assert breaker_evaluate() is False  # the bounces before the resume are not counted
        assert AuditLog.objects.filter(event_type="sendingHealth.resumed").count() == 1
        with pytest.raises(Exception, match="Sending is not stopped."):
            breaker_resume(email="admin@alpha.example")


def _call(host, token, method, path, body=None):
    browser = http(host)
    send = getattr(browser, method)
    if body is None:
        return send(path, **bearer(token))
    return send(path, data=body, content_type="application/json", **bearer(token))


def test_an_admin_sees_why_and_resumes(alpha, role_tokens):
    admin = role_tokens["admin"]
    clear = _call(alpha.host, admin, "get", HEALTH)
    assert clear.status_code == 200 and clear.json()["stopped"] is False
    with in_schema(alpha):
        assert not SendingHealth.objects.exists()  # the read wrote nothing
        _sent(20)
        _suppress(3, SuppressionReason.HARD_BOUNCE)
        breaker_evaluate()
    stopped = _call(alpha.host, admin, "get", HEALTH).json()
    assert stopped["stopped"] is True and "hard-bounce or spam" in stopped["reason"]
    assert stopped["sent"] == 20 and stopped["hardBounces"] == 3
    resumed = _call(alpha.host, admin, "post", f"{HEALTH}/resume", {})
    assert resumed.status_code == 200 and resumed.json()["stopped"] is False
    assert resumed.json()["resumedBy"] == alpha.admin.email
    again = _call(alpha.host, admin, "post", f"{HEALTH}/resume", {})
    assert again.status_code == 400
    assert again.json()["errors"] == {"status": ["Sending is not stopped."]}


@pytest.mark.parametrize("role", ["user", "no_mkm"])
def test_only_admins_reach_the_breaker_and_the_rates(alpha, role_tokens, role):
    token = role_tokens[role]
    assert _call(alpha.host, token, "get", HEALTH).status_code == 403
    assert _call(alpha.host, token, "post", f"{HEALTH}/resume", {}).status_code == 403
    assert _call(alpha.host, token, "get", PACES).status_code == 403
    body = {"kind": "recipientDomain", "domain": "gmail.com", "perMinute": 10}
    assert _call(alpha.host, token, "put", PACES, body).status_code == 403
    with in_schema(alpha):
        assert not DeliveryPace.objects.exists()


def test_another_clients_host_refuses_the_token(alpha, beta, role_tokens):
    admin = role_tokens["admin"]
    assert _call(beta.host, admin, "get", HEALTH).status_code in (401, 403)
    body = {"kind": "recipientDomain", "domain": "gmail.com", "perMinute": 10}
    assert _call(beta.host, admin, "put", PACES, body).status_code in (401, 403)
    with in_schema(beta):
        assert not DeliveryPace.objects.exists()


def test_an_admin_sets_lists_and_deletes_a_rate(alpha, beta, role_tokens):
    admin = role_tokens["admin"]
    body = {"kind": "recipientDomain", "domain": "GMail.com", "perMinute": 120}
    saved = _call(alpha.host, admin, "put", PACES, body)
    assert saved.status_code == 200, saved.content
    out = saved.json()
    assert out["domain"] == "gmail.com" and out["perMinute"] == 120
    assert out["defaultPerMinute"] == 3000
    replaced = _call(alpha.host, admin, "put", PACES, {**body, "perMinute": 60}).json()
    assert replaced["id"] == out["id"] and replaced["perMinute"] == 60
    listed = _call(alpha.host, admin, "get", PACES).json()["items"]
    assert [(row["domain"], row["perMinute"]) for row in listed] == [("gmail.com", 60)]
    with in_schema(beta):
        assert not DeliveryPace.objects.exists()
    with in_schema(alpha):
        assert AuditLog.objects.filter(event_type="deliveryPace.set").count() == 2
    assert _call(alpha.host, admin, "delete", f"{PACES}/{out['id']}").status_code == 204
    assert _call(alpha.host, admin, "delete", f"{PACES}/{out['id']}").status_code == 404


def test_bad_rates_get_a_clear_400(alpha, role_tokens, settings):
    admin = role_tokens["admin"]
    settings.DELIVERY_PACE_MAX_PER_MINUTE = 1000
    kind = _call(alpha.host, admin, "put", PACES, {"kind": "x", "domain": "a.com", "perMinute": 1})
    assert kind.status_code == 400 and "kind" in kind.json()["errors"]
    domain = {"kind": "sender", "domain": "://nope", "perMinute": 1}
    assert "domain" in _call(alpha.host, admin, "put", PACES, domain).json()["errors"]
    high = {"kind": "sender", "domain": "shop.com", "perMinute": 1001}
    answer = _call(alpha.host, admin, "put", PACES, high)
    assert answer.status_code == 400
    assert answer.json()["errors"] == {
        "perMinute": ["Messages per minute must be from 0 (no limit) to 1000."]
    }
    for rate in (-1, 10**12):  # past any rate, even the schema's old bound: same message
        answer = _call(alpha.host, admin, "put", PACES, {**high, "perMinute": rate})
        assert answer.status_code == 400
        assert answer.json()["errors"] == {
            "perMinute": ["Messages per minute must be from 0 (no limit) to 1000."]
        }
    with in_schema(alpha):
        assert not DeliveryPace.objects.exists()
