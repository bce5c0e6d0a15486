"""Landing Page Domain Setup (/lpDomainSetupPage) in Chromium: an admin adds a page domain,
sees the CNAME to the pages host and the TXT token to publish (copy buttons), verifies it
before publishing (failed, each record missing), publishes the records in the test DNS
server and verifies again: Verified. The storage choice warns before it is made and is
then shown as final; a User sees the page without the buttons that change it. Every state
passes axe (WCAG 2 A and AA)."""

import uuid

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_add_see_records_verify_and_choose_storage(page, site, app_dns):
    domain = f"lp{uuid.uuid4().hex[:6]}.com"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in(page, plain, "admin@plain.example", next_path="/lpDomainSetupPage")
    expect(page.get_by_role("heading", name="Landing Page Domain Setup")).to_be_visible()

    page.get_by_test_id("page-domain-name").fill("pages.localhost")
    page.get_by_test_id("add-page-domain").click()
    expect(
        page.get_by_text("Please enter a valid domain, such as example.com.").first
    ).to_be_visible()
    page.get_by_test_id("page-domain-name").fill(domain.upper())
    page.get_by_test_id("add-page-domain").click()
    expect(_toast(page, "Domain added.")).to_be_visible()
    card = page.get_by_test_id(f"page-domain-{domain}")
    expect(card.get_by_text("Not verified yet")).to_be_visible()
    expect(card.get_by_text("Not checked yet")).to_be_visible()
    cname = card.get_by_test_id("page-record-cname")
    txt = card.get_by_test_id("page-record-verification")
    expect(cname.locator("code").nth(0)).to_have_text(domain)
    expect(cname.locator("code").nth(1)).to_have_text("pages.localhost")
    expect(txt.locator("code").nth(0)).to_have_text(f"_mailcraft.{domain}")
    expect(txt.locator("code").nth(1)).to_contain_text("mailcraft-page-verification=")
    txt.get_by_role("button", name="Copy Domain verification (TXT) value").click()
    token = page.evaluate("navigator.clipboard.readText()")
    assert token == txt.locator("code").nth(1).inner_text()
    expect_accessible(page, "page domain setup (new domain)")

    card.get_by_test_id(f"verify-{domain}").click()
    expect(card.get_by_test_id(f"page-domain-error-{domain}")).to_have_text(
        "Domain could not be verified. Check the DNS records below."
    )
    expect(card.get_by_text("Missing", exact=True)).to_have_count(2)
    expect(card.get_by_text("Failed", exact=True)).to_be_visible()

    app_dns.records[domain] = {"CNAME": ["pages.localhost."]}
    app_dns.records[f"_mailcraft.{domain}"] = {"TXT": [f'"{token}"']}
    card.get_by_test_id(f"verify-{domain}").click()
    expect(_toast(page, "Domain verified. Your pages are served on it.")).to_be_visible()
    expect(card.get_by_text("Verified", exact=True)).to_be_visible()
    expect(card.get_by_text("Found", exact=True)).to_have_count(2)
    expect(card.get_by_test_id(f"checked-{domain}")).to_contain_text("Last checked ")
    expect(card.get_by_test_id(f"page-domain-error-{domain}")).to_have_count(0)
    expect_accessible(page, "page domain setup (verified)")

    # The storage: the warning first (cancel changes nothing), then the choice, final.
    storage = page.get_by_test_id("page-storage")
    storage.get_by_label("Platform disk").check()
    storage.get_by_test_id("choose-storage").click()
    dialog = page.get_by_role("dialog", name="This choice is permanent")
    expect(dialog).to_contain_text("cannot be undone")
    expect_accessible(page, "page storage warning")
    dialog.get_by_role("button", name="Cancel").click()
    expect(storage.get_by_test_id("page-storage-chosen")).to_have_count(0)
    storage.get_by_test_id("choose-storage").click()
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Page storage chosen.")).to_be_visible()
    expect(storage.get_by_test_id("page-storage-chosen")).to_contain_text("cannot be changed")
    expect(storage.get_by_test_id("choose-storage")).to_have_count(0)

    # Removing asks first, then the domain is gone.
    card.get_by_role("button", name="Remove").click()
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Domain removed.")).to_be_visible()
    expect(card).to_have_count(0)


def test_a_user_sees_but_cannot_change(page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/lpDomainSetupPage")
    expect(page.get_by_role("heading", name="Landing Page Domain Setup")).to_be_visible()
    expect(page.get_by_test_id("page-domain-name")).to_be_disabled()
    expect(page.get_by_test_id("page-storage")).to_be_visible()
    expect(page.get_by_role("button", name="Remove")).to_have_count(0)
    expect_accessible(page, "page domain setup (user)")
