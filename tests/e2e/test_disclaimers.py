"""Disclaimers in Chromium (spec 2.2 /managedisclaimer, admins): an admin writes a consent
text (scripts removed by the server), edits it into version 2 with version 1 kept, finds it
by a part of its name, sorts, and deletes it after confirming; a user is refused the
screen's calls. Every state passes axe."""

import uuid

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_an_admin_manages_a_disclaimer_and_its_versions(page: Page, site):
    plain = site("plain.localhost")
    name = f"Consent {uuid.uuid4().hex[:6]}"
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/managedisclaimer")
    expect(page.get_by_role("heading", name="Disclaimers", exact=True)).to_be_visible()
    expect_accessible(page, "disclaimers")

    page.get_by_test_id("create-disclaimer").first.click()
    dialog = page.get_by_role("dialog", name="New disclaimer")
    dialog.get_by_test_id("disclaimer-save").click()
    expect(dialog.get_by_text("Please fill Disclaimer Name")).to_be_visible()
    expect(dialog.get_by_text("Please fill Disclaimer Text")).to_be_visible()
    expect_accessible(page, "disclaimer form, refused")
    dialog.get_by_test_id("disclaimer-name").fill(name)
    dialog.get_by_test_id("disclaimer-text").fill('<p onclick="x()">I agree<script>1</script></p>')
    dialog.get_by_test_id("disclaimer-save").click()
    expect(_toast(page, "Disclaimer saved.")).to_be_visible()
    row = page.get_by_test_id(f"disclaimer-row-{name}")
    expect(row).to_contain_text("<p>I agree</p>")  # cleaned on write, shown as text
    expect(row.get_by_test_id("disclaimer-version")).to_have_text("Version 1")

    row.get_by_role("button", name=f"Edit {name}").click()
    dialog = page.get_by_role("dialog", name="Edit disclaimer")
    dialog.get_by_test_id("disclaimer-text").fill("<p>I agree to the terms</p>")
    dialog.get_by_test_id("disclaimer-save").click()
    expect(_toast(page, "Saved as version 2.")).to_be_visible()
    expect(row.get_by_test_id("disclaimer-version")).to_have_text("Version 2")
    row.get_by_role("button", name=f"Edit {name}").click()
    versions = page.get_by_role("dialog", name="Edit disclaimer").get_by_test_id(
        "disclaimer-versions"
    )
    expect(versions).to_contain_text("Version 2")
    expect(versions).to_contain_text("Version 1")
    expect(versions).to_contain_text("<p>I agree</p>")
    expect_accessible(page, "disclaimer versions")
    page.keyboard.press("Escape")

    page.get_by_test_id("disclaimer-search").fill(name.upper()[-6:])
    expect(page.get_by_test_id("disclaimers-table").locator("tbody tr")).to_have_count(1)
    page.get_by_role("button", name="Version").click()  # sorts by version
    expect(row).to_be_visible()
    row.get_by_role("button", name=f"Delete {name}").click()
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Disclaimer deleted.")).to_be_visible()
    expect(page.get_by_test_id(f"disclaimer-row-{name}")).to_have_count(0)


def test_a_user_is_refused_the_disclaimers(page: Page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/managedisclaimer")
    expect(page.get_by_text("Accessed only by Admin Users")).to_be_visible()
