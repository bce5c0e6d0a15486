"""The Sending Transports screen in Chromium: an admin reaches it from More (and from the
senders list), adds a Mailgun transport for a sender domain (a missing API key is refused
on its field), is shown the webhook URL and its password once, sees the row without any
credential, edits it to Postmark and deletes it after confirming. A user is kept out.
Every state passes axe (WCAG 2 A and AA)."""

import uuid

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _choose(page: Page, test_id: str, option: str) -> None:
    page.get_by_test_id(test_id).click()
    page.get_by_role("option", name=option, exact=True).click()


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_an_admin_adds_edits_and_deletes_a_transport(page, site):
    plain = site("plain.localhost")
    domain = f"t{uuid.uuid4().hex[:8]}.example.com"
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/senderList")
    page.get_by_role("link", name="Sending transports").click()
    expect(page).to_have_url(f"{plain.base_url}/sendingTransports")
    page.goto(f"{plain.base_url}/managetags")
    page.get_by_test_id("menu-more").click()
    page.get_by_test_id("menu-sendingTransports").click()
    expect(page).to_have_url(f"{plain.base_url}/sendingTransports")
    expect(page.get_by_role("heading", name="Sending Transports", exact=True)).to_be_visible()
    expect(page.get_by_test_id("empty-state")).to_be_visible()
    expect_accessible(page, "sending transports (empty)")

    page.get_by_test_id("add-transport").first.click()
    page.get_by_test_id("transport-domain").fill(domain)
    _choose(page, "transport-kind", "Mailgun")
    page.get_by_test_id("transport-save").click()
    expect(page.locator(".mantine-PasswordInput-error")).to_have_text("Please fill API key")
    expect(_toast(page, "Please fill API key")).to_be_visible()
    expect_accessible(page, "add transport dialog, refused")
    page.get_by_test_id("credential-apiKey").fill("key-e2e-secret")
    _choose(page, "credential-region", "EU")
    page.get_by_test_id("transport-save").click()
    expect(_toast(page, "Sending transport saved.")).to_be_visible()

    # The webhook URL with its password: shown once, with copy buttons.
    url = page.get_by_test_id("webhook-url")
    expect(url).to_contain_text("/esp/mailgun/tracking/")
    expect(url).to_contain_text("://mailcraft:")
    password = page.get_by_test_id("webhook-password").inner_text()
    assert len(password) >= 24 and password in url.inner_text()
    expect(page.get_by_role("button", name="Copy Password")).to_be_visible()
    expect(page.get_by_role("button", name="Copy Webhook URL with password")).to_be_visible()
    expect_accessible(page, "webhook shown once")
    page.get_by_test_id("webhook-done").click()
    expect(page.get_by_test_id("webhook-url")).to_have_count(0)

    row = page.get_by_test_id("transports-table").locator("tbody tr").filter(has_text=domain)
    expect(row).to_contain_text("Mailgun")
    expect(row).to_contain_text("Stored: apiKey, region")
    expect(row).to_contain_text("/esp/mailgun/tracking/")
    expect(page.get_by_test_id("transports-table")).not_to_contain_text(password)
    expect(page.get_by_test_id("transports-table")).not_to_contain_text("key-e2e-secret")
    expect_accessible(page, "sending transports (one row)")

    # Edit: the domain stays, the credentials are asked again.
    row.get_by_role("button", name=f"Actions for {domain}").click()
    page.get_by_role("menuitem", name="Edit").click()
    expect(page.get_by_test_id("transport-domain")).to_be_disabled()
    expect(page.get_by_test_id("credential-apiKey")).to_have_value("")
    _choose(page, "transport-kind", "Postmark")
    page.get_by_test_id("credential-serverToken").fill("pm-token")
    page.get_by_test_id("transport-save").click()
    expect(page.get_by_test_id("webhook-url")).to_contain_text("/esp/postmark/tracking/")
    page.get_by_test_id("webhook-done").click()
    expect(row).to_contain_text("Postmark")
    expect(row).to_contain_text("Stored: serverToken")

    # Searched by domain: another part of it finds nothing, a part of it finds the row.
    search = page.get_by_test_id("transport-search")
    search.fill("no-such-domain")
    expect(page.get_by_test_id("transports-no-match")).to_be_visible()
    search.fill(domain.split(".")[0].upper())
    expect(row).to_be_visible()

    # Delete, after confirming.
    row.get_by_role("button", name=f"Actions for {domain}").click()
    page.get_by_role("menuitem", name="Delete").click()
    expect(page.get_by_text(f"Delete the transport of {domain}?")).to_be_visible()
    expect_accessible(page, "delete transport confirmation")
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Sending transport deleted.")).to_be_visible()
    expect(page.get_by_test_id("transports-no-match")).to_be_visible()  # still searching
    search.fill("")
    expect(page.get_by_test_id("empty-state")).to_be_visible()


def test_a_user_has_no_sending_transports_screen(page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/senderList")
    expect(page.get_by_role("heading", name="Senders", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Sending transports")).to_have_count(0)
    page.goto(f"{plain.base_url}/managetags")
    page.get_by_test_id("menu-more").click()
    expect(page.get_by_test_id("menu-backgroundJobs")).to_be_visible()
    expect(page.get_by_test_id("menu-sendingTransports")).to_have_count(0)
    page.goto(f"{plain.base_url}/sendingTransports")
    expect(page.get_by_text("Accessed only by Admin Users")).to_be_visible()
    expect(page.get_by_test_id("transports-table")).to_have_count(0)
