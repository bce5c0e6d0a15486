"""Background Jobs in Chromium: an export started from the profiles list shows up as a job,
finishes, offers its file; status badges are whole words at the narrowest supported width
(1024 px); the screen passes axe (WCAG 2 A and AA)."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

# A badge whose label is wider than the badge shows it cut ("CO…").
TRUNCATED_BADGES = """() => [...document.querySelectorAll('.mantine-Badge-root')]
  .filter((badge) => {
    const label = badge.querySelector('.mantine-Badge-label');
    return label
      && (label.scrollWidth > label.clientWidth + 1 || label.scrollWidth > badge.clientWidth);
  })
  .map((badge) => badge.textContent)"""

# UI.md: from 1024 px up the page never scrolls sideways; a wide table scrolls in its own box.
PAGE_SCROLLS_SIDEWAYS = """() => document.documentElement.scrollWidth
  > document.documentElement.clientWidth"""


def test_export_runs_as_a_background_job(page, site):
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1024, "height": 768})
    email = f"job-{uuid.uuid4().hex[:8]}@example.com"
    sign_in(page, plain, "admin@plain.example", next_path="/profilemanagement")
    page.get_by_test_id("add-profile").click()
    drawer = page.get_by_role("dialog", name="Add profile")
    drawer.get_by_role("textbox", name="Email").fill(email)
    page.get_by_test_id("profile-groups").click()
    page.get_by_role("option", name="Customers", exact=True).click()
    page.keyboard.press("Escape")
    drawer.get_by_test_id("profile-save").click()
    expect(drawer).to_be_hidden()

    page.get_by_test_id("export-profiles").click()
    expect(
        page.get_by_text("The export has started. Follow it in Background Jobs.")
    ).to_be_visible()
    # At 1024 px the toasts cover the link; they close after 3 s once the pointer leaves them.
    page.mouse.move(300, 700)
    expect(page.locator(".mantine-Notification-root")).to_have_count(0)
    page.get_by_test_id("export-job-link").click()
    expect(page).to_have_url(re.compile(r"/backgroundJobs\?jobId=\d+$"))
    expect(page.get_by_role("heading", name="Background Jobs")).to_be_visible()
    job = page.locator("[data-testid^=job-row-]").filter(has_text="Export")
    expect(job.first.get_by_text("Completed", exact=True)).to_be_visible()
    expect(page.get_by_test_id("list-range")).to_have_text(re.compile(r"^1–\d+ of \d+$"))

    assert page.evaluate(TRUNCATED_BADGES) == []
    assert page.evaluate(PAGE_SCROLLS_SIDEWAYS) is False
    expect_accessible(page, "background jobs")

    with page.expect_download() as download:
        job.first.get_by_role("button", name="Download").click()
    assert email in download.value.path().read_text()
