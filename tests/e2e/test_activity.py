"""The Activity screen (the audit trail): an admin reaches it from More, filters it by
object type, person and days, and exports it as CSV; a user is kept out. Checked with
axe-core (WCAG 2 A and AA)."""

import datetime
import zoneinfo

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

# The seeded clients keep the default time zone.
CLIENT_ZONE = zoneinfo.ZoneInfo("America/New_York")


def _choose(page: Page, test_id: str, option: str) -> None:
    page.get_by_test_id(test_id).click()
    page.get_by_role("option", name=option, exact=True).click()


def test_an_admin_filters_and_exports_the_activity(page, site, tmp_path):
    plain = site("plain.localhost")
    tag = f"Audited {datetime.datetime.now():%H%M%S%f}"
    sign_in(page, plain, "admin@plain.example", next_path="/managetags")
    page.get_by_test_id("create-tag").click()
    page.get_by_test_id("name-input").fill(tag)
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Tag saved successfully.")).to_be_visible()

    page.get_by_test_id("menu-more").click()
    page.get_by_test_id("menu-activity").click()
    expect(page).to_have_url(f"{plain.base_url}/activity")
    expect(page.get_by_role("heading", name="Activity")).to_be_visible()
    table = page.get_by_test_id("activity-table")
    expect(table.get_by_role("row").nth(1)).to_contain_text(f"Tag: {tag}")
    expect(table).to_contain_text("Signed in")
    expect(table.get_by_role("columnheader", name="Time (America/New_York)")).to_be_visible()
    expect_accessible(page, "Activity")

    _choose(page, "activity-object-type", "Sign-in")
    expect(table).not_to_contain_text(tag)
    expect(table).to_contain_text("Signed in")
    _choose(page, "activity-object-type", "Tag")
    expect(table).to_contain_text(tag)
    expect(table).not_to_contain_text("Signed in")
    _choose(page, "activity-person", "admin@plain.example")
    expect(table).to_contain_text(tag)

    today = datetime.datetime.now(CLIENT_ZONE).date()
    page.get_by_test_id("activity-date-from").fill(today.isoformat())
    page.get_by_test_id("activity-date-to").fill(today.isoformat())
    expect(table).to_contain_text(tag)
    yesterday = (today - datetime.timedelta(days=1)).isoformat()
    page.get_by_test_id("activity-date-from").fill(yesterday)
    page.get_by_test_id("activity-date-to").fill(yesterday)
    expect(page.get_by_test_id("activity-empty-title")).to_have_text(
        "No activity matches these filters."
    )
    expect_accessible(page, "Activity, nothing matching")

    page.get_by_test_id("activity-date-from").fill(today.isoformat())
    page.get_by_test_id("activity-date-to").fill(today.isoformat())
    expect(table).to_contain_text(tag)
    with page.expect_download() as download:
        page.get_by_test_id("activity-export").click()
    saved = tmp_path / "activity.csv"
    download.value.save_as(saved)
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Time (America/New_York),Person,Event,Object type")
    assert any(tag in line and "Tag created" in line for line in lines[1:])
    assert all("Signed in" not in line for line in lines[1:])  # the filters applied
    expect(page.get_by_test_id("activity-export")).to_have_text("Export CSV")

    # The export is itself on the trail.
    page.get_by_test_id("activity-clear-filters").click()
    expect(table.get_by_role("row").nth(1)).to_contain_text("Export started")


def test_a_user_has_no_activity_screen(page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example")
    page.get_by_test_id("menu-more").click()
    expect(page.get_by_test_id("menu-backgroundJobs")).to_be_visible()
    expect(page.get_by_test_id("menu-activity")).to_have_count(0)
    page.goto(f"{plain.base_url}/activity")
    expect(page.get_by_text("Accessed only by Admin Users")).to_be_visible()
    expect(page.get_by_test_id("activity-table")).to_have_count(0)
