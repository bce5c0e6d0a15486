"""The Sending Health screen in Chromium: an admin reaches it from More and sees sending
OK, adds a delivery rate, edits it and deletes it after confirming; a client whose breaker
tripped (set up through the service) sees why, its admin got the mail, and resuming after
the confirmation turns it back to OK. Checked with axe-core (WCAG 2 A and AA)."""

import uuid

import pytest
from django.db import connection
from django.utils import timezone
from playwright.sync_api import Page, expect

from config.celery import app as celery_app
from marketing.delivery.models import (
    Delivery,
    DeliveryState,
    Send,
    SendingHealth,
    SendStatus,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.services.breaker import breaker_evaluate
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.browser_session import sign_in


def _in_plain(work):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work()
    finally:
        connection.set_schema_to_public()


def _trip(suffix: str) -> None:
    """500 messages sent (the breaker's minimum) and 30 hard bounces among them: 6 %."""
    send = Send.objects.create(
        kind="campaign",
        source_id=int(suffix, 16),
        status=SendStatus.FINISHED,
        subject="Hi",
        from_name="Shop",
        from_address="news@shop.example",
    )
    Delivery.objects.bulk_create(
        Delivery(
            send=send,
            profile_id=i + 1,
            email=f"p{i}-{suffix}@inbox.example",
            state=DeliveryState.SENT,
            sent_at=timezone.now(),
        )
        for i in range(500)
    )
    Suppression.objects.bulk_create(
        Suppression(email=f"p{i}-{suffix}@inbox.example", reason=SuppressionReason.HARD_BOUNCE)
        for i in range(30)
    )
    assert breaker_evaluate() is True


def _untrip(suffix: str) -> None:
    """Take the figures away again (later screens' tests schedule campaigns here)."""
    Send.objects.filter(source_id=int(suffix, 16)).delete()
    Suppression.objects.filter(email__endswith=f"-{suffix}@inbox.example").delete()
    SendingHealth.objects.filter(tripped_at__isnull=False).update(tripped_at=None, reason="")


@pytest.fixture
def tripped(settings, monkeypatch, app_mail):
    """The plain client's breaker tripped through the service, committed; the admins' mail
    goes to the app's mail sink, its task run here."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = app_mail.host, app_mail.port
    monkeypatch.setattr(celery_app.conf, "task_always_eager", True)
    suffix = uuid.uuid4().hex[:8]
    _committed(_in_plain, lambda: _trip(suffix))
    yield suffix
    _committed(_in_plain, lambda: _untrip(suffix))


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_an_admin_sees_ok_and_adds_edits_and_deletes_a_rate(page: Page, site):
    domain = f"mx{uuid.uuid4().hex[:6]}.com"
    plain = site("plain.localhost")
    sign_in(page, plain, "admin@plain.example")
    page.get_by_test_id("menu-more").click()
    page.get_by_test_id("menu-sendingHealth").click()
    expect(page).to_have_url(f"{plain.base_url}/sendingHealth")
    expect(page.get_by_role("heading", name="Sending Health", level=1)).to_be_visible()
    card = page.get_by_test_id("breaker-card")
    expect(card.locator("[data-status=ok]")).to_have_text("OK")
    expect(page.get_by_test_id("resume-sending")).to_have_count(0)
    expect(page.get_by_test_id("allowance-this-month")).to_be_visible()
    expect(page.get_by_test_id("paces-empty")).to_be_visible()
    expect_accessible(page, "Sending Health")

    page.get_by_test_id("add-pace").click()
    dialog = page.get_by_role("dialog", name="Add rate")
    page.get_by_test_id("pace-save").click()
    expect(dialog.get_by_text("Please enter a domain.")).to_be_visible()
    page.get_by_test_id("pace-domain").fill(domain)
    page.get_by_test_id("pace-per-minute").fill("999999999")
    page.get_by_test_id("pace-save").click()
    expect(dialog.get_by_text("Messages per minute must be from 0 (no limit) to")).to_be_visible()
    expect_accessible(page, "Sending Health, the rate dialog with errors")
    page.get_by_test_id("pace-per-minute").fill("120")
    page.get_by_test_id("pace-save").click()
    expect(_toast(page, "Delivery rate saved.")).to_be_visible()
    row = page.get_by_test_id(f"pace-row-{domain}")
    expect(row.get_by_test_id("pace-rate")).to_have_text("120")
    expect(row).to_contain_text("Receiving domain")

    page.get_by_role("button", name=f"Edit the rate of {domain}").click()
    expect(page.get_by_test_id("pace-domain")).to_be_disabled()
    page.get_by_test_id("pace-per-minute").fill("60")
    page.get_by_test_id("pace-save").click()
    expect(row.get_by_test_id("pace-rate")).to_have_text("60")

    page.get_by_role("button", name=f"Delete the rate of {domain}").click()
    expect(page.get_by_text(f"Delete the rate of {domain}? The platform default")).to_be_visible()
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Delivery rate deleted.")).to_be_visible()
    expect(row).to_have_count(0)
    expect(page.get_by_test_id("paces-empty")).to_be_visible()


def test_a_tripped_client_sees_why_and_resumes(page: Page, site, tripped, app_mail):
    [mail] = [
        received.message
        for received in app_mail.handler.for_recipient("admin@plain.example")
        if received.message["Subject"] == "Plain: sending is stopped"
    ]
    assert "30 hard bounces in 500 messages" in mail.get_body(("plain",)).get_content()
    plain = site("plain.localhost")
    sign_in(page, plain, "admin@plain.example", next_path="/sendingHealth")
    card = page.get_by_test_id("breaker-card")
    expect(card.locator("[data-status=stopped]")).to_have_text("Stopped")
    reason = page.get_by_test_id("breaker-reason")
    expect(reason).to_contain_text("the hard-bounce or spam threshold was exceeded")
    expect(reason).to_contain_text("Your admins were told by email.")
    expect(page.get_by_test_id("breaker-bounces")).to_contain_text("30")
    expect_accessible(page, "Sending Health, stopped")

    page.get_by_test_id("resume-sending").click()
    expect(
        page.get_by_text("Paused campaigns stay paused: resume them one by one.")
    ).to_be_visible()
    expect_accessible(page, "Sending Health, resume confirmation")
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Sending resumed.")).to_be_visible()
    expect(card.locator("[data-status=ok]")).to_have_text("OK")
    expect(page.get_by_test_id("resume-sending")).to_have_count(0)
    expect(card).to_contain_text("Last resumed on")


def test_a_user_has_no_sending_health_screen(page: Page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example")
    page.get_by_test_id("menu-more").click()
    expect(page.get_by_test_id("menu-backgroundJobs")).to_be_visible()
    expect(page.get_by_test_id("menu-sendingHealth")).to_have_count(0)
    page.goto(f"{plain.base_url}/sendingHealth")
    expect(page.get_by_text("Accessed only by Admin Users")).to_be_visible()
