"""DKIM key rollover on /emailDomainSetupPage in Chromium: on a verified domain an admin
asks for new keys, sees their records to publish beside the current ones, is refused
activation while DNS lacks them, publishes them and activates: the new keys replace the
old ones and the domain stays verified. Every state passes axe (WCAG 2 A and AA)."""

import re
import uuid

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

NOT_PUBLISHED = (
    "The new DKIM records were not found in DNS. Publish them, then activate the new keys."
)


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def _txt(value: str) -> str:
    return " ".join(f'"{value[i : i + 255]}"' for i in range(0, len(value), 255))


def _publish(rows, app_dns, *, only_new: bool = False) -> None:
    """What the page shows, into the test DNS server (DMARC left out: it is advice)."""
    for index in range(rows.count()):
        row = rows.nth(index)
        key = row.get_attribute("data-testid")
        if key == "record-dmarc" or (only_new and "new key" not in row.inner_text()):
            continue
        host = row.locator("code").nth(0).inner_text().lower()
        value = row.locator("code").nth(1).inner_text()
        kind = "CNAME" if key == "record-cname" else "TXT"
        app_dns.records[host] = {kind: [f"{value}." if kind == "CNAME" else _txt(value)]}


def test_replace_a_domains_dkim_keys(page, site, app_dns):
    domain = f"k{uuid.uuid4().hex[:6]}.com"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/emailDomainSetupPage")
    page.get_by_test_id("domain-name").fill(domain)
    page.get_by_test_id("add-domain").click()
    card = page.get_by_test_id(f"domain-{domain}")
    rows = card.locator("tbody tr")
    expect(rows).to_have_count(6)
    expect(card.get_by_role("button", name="Replace DKIM keys")).to_have_count(0)  # pending
    _publish(rows, app_dns)
    card.get_by_test_id(f"verify-{domain}").click()
    expect(_toast(page, "Domain verified.")).to_be_visible()
    old_dkim = [rows.nth(i).get_attribute("data-testid") for i in (2, 3)]

    card.get_by_role("button", name="Replace DKIM keys").click()
    expect(_toast(page, "New DKIM keys made.")).to_be_visible()
    expect(card.get_by_test_id(f"dkim-rollover-{domain}")).to_contain_text(
        "New DKIM keys are waiting"
    )
    expect(rows).to_have_count(8)
    expect(card.get_by_text("DKIM, RSA, new key")).to_be_visible()
    expect(card.get_by_text("DKIM, Ed25519, new key")).to_be_visible()
    expect_accessible(page, "domain setup (new DKIM keys waiting)")

    card.get_by_role("button", name="Activate new keys").click()
    expect(_toast(page, NOT_PUBLISHED)).to_be_visible()
    # The two new records (and DMARC, advice never published here) are missing.
    expect(card.get_by_text("Missing", exact=True)).to_have_count(3)
    expect(rows).to_have_count(8)

    _publish(rows, app_dns, only_new=True)
    card.get_by_role("button", name="Activate new keys").click()
    expect(_toast(page, "New DKIM keys active.")).to_be_visible()
    expect(card.get_by_test_id(f"dkim-rollover-{domain}")).to_have_count(0)
    expect(rows).to_have_count(6)
    expect(card.get_by_text(re.compile(r"^DKIM, .*, new key$"))).to_have_count(0)
    for old in old_dkim:
        expect(card.get_by_test_id(old)).to_have_count(0)  # the old selectors are gone
    expect(card.get_by_text("Verified", exact=True)).to_be_visible()
    expect(card.get_by_role("button", name="Replace DKIM keys")).to_be_visible()
    expect_accessible(page, "domain setup (DKIM keys replaced)")
