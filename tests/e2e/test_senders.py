"""Senders and domains in Chromium: an admin adds a sender, confirms it from the link of
its activation mail (the link's page changes nothing until Confirm is pressed), finds,
sorts, edits, makes default and deletes senders; adds a sender domain, copies its DNS
records, is refused verification while they are missing, publishes them and re-verifies;
saves a tracking domain only once its CNAME points at the tracking host and its TXT
verification record is published. A user sees the screens but cannot change them. Every
screen passes axe (WCAG 2 A and AA)."""

import re
import uuid
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in
from tests.support.waiting import wait_until

SPF_DKIM = "SPF or DKIM not found or invalid for the sender domain."
DOMAIN_INVALID = "Please enter a valid domain, such as example.com."
TRACKING_CNAME = "Tracking Domain could not be saved. Check domain CNAME configuration"
TRACKING_TXT = (
    "Tracking Domain could not be saved. Publish the TXT verification record shown, then save"
    " again."
)


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def _activation_token(app_mail, email: str) -> str:
    wait_until(
        lambda: app_mail.handler.for_recipient(email),
        timeout=10,
        message=f"an activation mail for {email}",
    )
    message = app_mail.handler.for_recipient(email)[-1].message
    body = message.get_body(preferencelist=("plain",)).get_content()
    return unquote(re.search(r"/external/verifySender\?token=(\S+)", body).group(1))


def _txt(value: str) -> str:
    return " ".join(f'"{value[i : i + 255]}"' for i in range(0, len(value), 255))


def _row(page: Page, text: str):
    return page.get_by_test_id("senders-table").locator("tbody tr").filter(has_text=text)


def test_senders_add_confirm_find_edit_default_delete(page, browser, site, app_mail):
    suffix = uuid.uuid4().hex[:6]
    news, sales = f"news-{suffix}@s{suffix}.com", f"sales-{suffix}@s{suffix}.com"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/senderList")
    expect(page.get_by_role("heading", name="Senders", exact=True)).to_be_visible()
    expect(page.get_by_test_id("empty-state")).to_be_visible()
    expect_accessible(page, "sender list (empty)")

    # Add: a name over 50 characters cannot be typed; a bad address is refused inline.
    page.get_by_test_id("add-sender").first.click()
    page.get_by_test_id("sender-name").fill("N" * 60)
    expect(page.get_by_test_id("sender-name")).to_have_value("N" * 50)
    page.get_by_test_id("sender-name").fill("Shop news")
    page.get_by_test_id("sender-email").fill("not-an-address")
    page.get_by_test_id("sender-save").click()
    expect(page.get_by_text("Please enter valid Email ID").first).to_be_visible()
    expect_accessible(page, "add sender dialog")
    page.get_by_test_id("sender-email").fill(news)
    page.get_by_test_id("sender-save").click()
    expect(_toast(page, "Sender added.")).to_be_visible()
    row = _row(page, news)
    expect(row.get_by_text("Pending verification")).to_be_visible()
    expect(row.get_by_text("Default")).to_be_visible()

    # The activation link: opening it changes nothing; Confirm does, once.
    token = _activation_token(app_mail, news)
    stranger = browser.new_context().new_page()
    stranger.goto(f"{plain.base_url}/external/verifySender?token={token}")
    expect(stranger.get_by_text(f"wants to send email as Shop news <{news}>")).to_be_visible()
    expect_accessible(stranger, "confirm sender page")
    page.reload()
    expect(_row(page, news).get_by_text("Pending verification")).to_be_visible()
    stranger.get_by_role("button", name="Confirm sender").click()
    expect(stranger.get_by_test_id("verify-done")).to_contain_text(f"{news} is confirmed")
    stranger.reload()
    expect(stranger.get_by_test_id("verify-error")).to_contain_text("not valid")
    stranger.context.close()
    page.reload()
    # Confirmed, but its domain is not added yet.
    expect(_row(page, news).get_by_text("Domain not whitelisted")).to_be_visible()

    # A second sender; search, sort, edit, make default, disable, delete.
    page.get_by_test_id("add-sender").first.click()
    page.get_by_test_id("sender-name").fill("Sales desk")
    page.get_by_test_id("sender-email").fill(sales)
    page.get_by_test_id("sender-save").click()
    expect(_toast(page, "Sender added.")).to_be_visible()
    rows = page.get_by_test_id("senders-table").locator("tbody tr")
    expect(rows).to_have_count(2)
    page.get_by_role("button", name="Sender email").click()
    expect(rows.first).to_contain_text(news)
    page.get_by_role("button", name="Sender email").click()
    expect(rows.first).to_contain_text(sales)
    page.get_by_test_id("sender-search").fill("SALES")
    expect(rows).to_have_count(1)
    page.get_by_test_id("sender-search").fill("")
    expect(rows).to_have_count(2)

    page.get_by_role("button", name=f"Actions for {sales}").click()
    page.get_by_role("menuitem", name="Edit").click()
    page.get_by_test_id("sender-name").fill("Sales team")
    page.get_by_test_id("sender-save").click()
    expect(_toast(page, "Sender saved successfully.")).to_be_visible()
    expect(_row(page, sales)).to_contain_text("Sales team")
    page.get_by_role("button", name=f"Actions for {sales}").click()
    page.get_by_role("menuitem", name="Resend verification").click()
    expect(_toast(page, f"Verification email sent to {sales}.")).to_be_visible()
    page.get_by_role("button", name=f"Actions for {sales}").click()
    page.get_by_role("menuitem", name="Make default").click()
    expect(_toast(page, "Default sender changed.")).to_be_visible()
    expect(_row(page, sales).get_by_text("Default")).to_be_visible()
    page.get_by_role("button", name=f"Actions for {news}").click()
    page.get_by_role("menuitem", name="Disable").click()
    expect(_row(page, news).get_by_text("Disabled")).to_be_visible()
    expect_accessible(page, "sender list")
    page.get_by_role("button", name=f"Actions for {news}").click()
    page.get_by_role("menuitem", name="Delete").click()
    expect(page.get_by_role("dialog")).to_contain_text(f"Delete the sender {news}?")
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Sender deleted successfully.")).to_be_visible()
    expect(rows).to_have_count(1)


def test_domain_records_verify_and_tracking_domain(page, site, app_dns):
    suffix = uuid.uuid4().hex[:6]
    domain = f"d{suffix}.com"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sign_in(page, plain, "admin@plain.example", next_path="/senderList")
    page.get_by_role("link", name="Sender domains").click()
    expect(page.get_by_role("heading", name="Email Domain Setup")).to_be_visible()
    expect(page.get_by_test_id("tracking-current")).to_have_text(
        "Links use your account’s own host."
    )

    page.get_by_test_id("domain-name").fill("http://nope")
    page.get_by_test_id("add-domain").click()
    expect(
        page.get_by_text("Please enter a valid domain, such as example.com.").first
    ).to_be_visible()
    page.get_by_test_id("domain-name").fill(domain.upper())
    page.get_by_test_id("add-domain").click()
    expect(_toast(page, "Domain added.")).to_be_visible()
    card = page.get_by_test_id(f"domain-{domain}")
    records = card.locator("tbody tr")
    expect(records).to_have_count(6)  # CNAME, TXT verification, two DKIM, SPF, DMARC
    expect(card.get_by_text("Not checked yet")).to_be_visible()
    expect_accessible(page, "domain setup (new domain)")

    # The copy button puts the exact value on the clipboard.
    cname = card.get_by_test_id("record-cname")
    cname.get_by_role("button", name="Copy Return path (CNAME) value").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == cname.locator("code").nth(1).inner_text()

    card.get_by_test_id(f"verify-{domain}").click()
    expect(card.get_by_test_id(f"domain-error-{domain}")).to_have_text(SPF_DKIM)
    expect(card.get_by_text("Missing", exact=True)).to_have_count(6)

    # Publish what the page shows (DMARC left out: it is advice), then re-verify.
    for index in range(records.count()):
        row = records.nth(index)
        if row.get_attribute("data-testid") == "record-dmarc":
            continue
        host = row.locator("code").nth(0).inner_text()
        value = row.locator("code").nth(1).inner_text()
        kind = "CNAME" if row.get_attribute("data-testid") == "record-cname" else "TXT"
        app_dns.records[host.lower()] = {kind: [f"{value}." if kind == "CNAME" else _txt(value)]}
    card.get_by_role("button", name="Re-verify").click()
    expect(_toast(page, "Domain verified.")).to_be_visible()
    expect(card.get_by_text("Verified", exact=True)).to_be_visible()
    expect(card.get_by_text("Found", exact=True)).to_have_count(5)
    expect(card.get_by_test_id(f"domain-error-{domain}")).to_have_count(0)
    expect_accessible(page, "domain setup (verified)")

    # The tracking domain: refused until its CNAME points at the tracking host.
    tracking = f"click.{domain}"
    page.get_by_test_id("tracking-name").fill(tracking)
    page.get_by_role("button", name="Save tracking domain").click()
    expect(page.get_by_test_id("tracking-domain").get_by_text(TRACKING_CNAME)).to_be_visible()
    app_dns.records[tracking] = {"CNAME": ["track.mailcraft.localhost."]}
    page.get_by_role("button", name="Save tracking domain").click()
    # The CNAME alone proves nothing: the TXT record shown must be published too.
    pending = page.get_by_test_id("tracking-pending")
    expect(pending).to_contain_text(f"{tracking} is not verified yet")
    expect(page.get_by_test_id("tracking-domain").get_by_text(TRACKING_TXT)).to_be_visible()
    expect_accessible(page, "domain setup (tracking domain pending)")
    txt_host = pending.locator("code").nth(0).inner_text()
    txt_value = pending.locator("code").nth(1).inner_text()
    assert txt_host == f"_mailcraft.{tracking}"
    app_dns.records[txt_host] = {"TXT": [_txt(txt_value)]}
    page.get_by_role("button", name="Save tracking domain").click()
    expect(page.get_by_test_id("tracking-current")).to_have_text(f"Links use {tracking}.")
    expect(pending).to_have_count(0)
    expect_accessible(page, "domain setup (tracking domain)")
    page.get_by_test_id("tracking-domain").get_by_role("button", name="Remove").click()
    expect(page.get_by_test_id("tracking-current")).to_have_text(
        "Links use your account’s own host."
    )

    # Delete the domain after confirming.
    card.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("dialog")).to_contain_text(f"Delete {domain} and its DKIM keys?")
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Domain deleted successfully.")).to_be_visible()
    expect(card).to_have_count(0)

    # Opened on its own (a public route: no status call at startup), the page still knows
    # the admin may change it.
    page.goto(f"{plain.base_url}/emailDomainSetupPage")
    page.get_by_test_id("domain-name").fill(f"later.{domain}")
    expect(page.get_by_test_id("add-domain")).to_be_enabled()
    expect(page.get_by_test_id("feature-gate-disabled")).to_have_count(0)


def test_a_user_sees_but_cannot_change(page, site):
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "user@plain.example", next_path="/senderList")
    expect(page.get_by_role("heading", name="Senders", exact=True)).to_be_visible()
    expect(page.get_by_test_id("feature-gate-disabled").first).to_be_visible()
    page.goto(f"{plain.base_url}/emailDomainSetupPage")
    expect(page.get_by_role("heading", name="Email Domain Setup")).to_be_visible()
    expect(page.get_by_test_id("feature-gate-disabled").first).to_be_visible()
    expect_accessible(page, "domain setup (user)")
