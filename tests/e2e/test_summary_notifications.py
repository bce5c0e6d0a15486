"""Summary notifications in Chromium: an admin schedules a weekly summary (weekdays, time in
the client's zone, period, recipients; a bad address refused beside its field), edits it to
customised month days and deletes it after confirming; the digests sent list their figures;
the digest's signed link opens the public page without signing in (values shown as text),
and a forged link is refused. Every state passes axe (WCAG 2 A and AA)."""

import re
import uuid

from django.db import connection
from django.test import override_settings
from playwright.sync_api import Page, expect

from marketing.workflows.summary.digests import summary_digest_send
from marketing.workflows.summary.links import summary_token
from marketing.workflows.summary.models import SummaryDigest
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.app_server import SERVER_SECRET_KEY
from tests.support.browser_session import sign_in
from tests.support.workflow_summary import activity_make, summary_due_now, summary_make


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_an_admin_schedules_edits_and_deletes_a_summary(page: Page, site):
    plain = site("plain.localhost")
    name = f"Weekly {uuid.uuid4().hex[:6]}"
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/summaryNotifications")
    expect(page.get_by_role("heading", name="Summary Notifications", exact=True)).to_be_visible()
    expect_accessible(page, "summary notifications")

    page.get_by_test_id("create-summary").first.click()
    dialog = page.get_by_role("dialog", name="Create summary notification")
    dialog.get_by_test_id("summary-name").fill(name)
    dialog.get_by_test_id("summary-description").fill("The week so far, for the owners")
    dialog.get_by_label("Week", exact=True).check()
    # Mantine chips: a person clicks the chip's label (its checkbox is visually hidden)
    dialog.get_by_text("Mon", exact=True).click()
    dialog.get_by_text("Fri", exact=True).click()
    expect(dialog.get_by_label("Monday")).to_be_checked()
    dialog.get_by_test_id("summary-time").fill("08:15")
    dialog.get_by_test_id("summary-period").click()
    page.get_by_role("option", name="This week", exact=True).click()
    recipients = dialog.get_by_test_id("summary-recipients")
    recipients.fill("owner@agency")
    recipients.press("Enter")
    dialog.get_by_test_id("summary-save").click()
    expect(dialog.get_by_text("Please enter valid Email ID")).to_be_visible()
    expect_accessible(page, "summary form, refused")
    recipients.press("Backspace")  # the refused address goes
    recipients.fill("owner@agency.example")
    recipients.press("Enter")
    dialog.get_by_test_id("summary-save").click()
    expect(_toast(page, "Summary notification saved.")).to_be_visible()
    row = page.get_by_test_id(f"summary-row-{name}")
    expect(row).to_contain_text("Mon, Fri at 08:15")
    expect(row).to_contain_text("This week")
    expect(row).to_contain_text("owner@agency.example")
    expect(row).to_contain_text("Published")
    expect(row.get_by_test_id("summary-next")).to_contain_text(":15")
    expect_accessible(page, "summary notifications with one")

    row.get_by_role("button", name=f"Edit {name}").click()
    dialog = page.get_by_role("dialog", name="Edit summary notification")
    dialog.get_by_label("Month", exact=True).check()
    dialog.get_by_test_id("summary-mode-customised").check()
    expect(dialog.get_by_test_id("summary-day-3")).to_have_count(0)
    dialog.get_by_text("1st", exact=True).click()
    dialog.get_by_text("15th", exact=True).click()
    dialog.get_by_test_id("summary-save").click()
    expect(row).to_contain_text("1st, 15th of the month at 08:15")

    row.get_by_role("button", name=f"Delete {name}").click()
    confirm = page.get_by_role("dialog", name="Please confirm")
    expect(confirm).to_contain_text(f'Delete the summary notification "{name}"?')
    confirm.get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Summary notification deleted.")).to_be_visible()
    expect(page.get_by_test_id(f"summary-row-{name}")).to_have_count(0)


def _digest_seed(prefix: str) -> tuple[SummaryDigest, str]:
    plain = Client.objects.get(schema_name="plain")
    connection.set_tenant(plain)
    activity_make(prefix)
    notification = summary_make(name=f"Digest {prefix}")
    summary_due_now(notification)
    digest = SummaryDigest.objects.get(pk=summary_digest_send(notification.pk))
    with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
        token = summary_token(digest)
    connection.set_schema_to_public()
    return digest, token


def test_sent_summaries_and_their_public_page(page: Page, site):
    prefix = uuid.uuid4().hex[:6]
    # The figures are the client's own today: other tests' profiles in it count too.
    digest, token = _committed(_digest_seed, prefix)
    figures = {name: str(value) for name, value in digest.figures.items()}
    assert digest.figures["opens"] >= 4 and digest.figures["newProfiles"] >= 3
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "user@plain.example", next_path="/summaryNotifications")
    page.get_by_role("link", name=f"Sent summaries of Digest {prefix}").click()
    expect(page).to_have_url(re.compile(r"/summaryNotificationCampaigns\?notificationId=\d+$"))
    row = page.get_by_test_id(f"digest-row-{digest.pk}")
    expect(row).to_contain_text(f"Digest {prefix}")
    for name in ("opens", "clicks", "newProfiles", "unsubscribes", "formConversions"):
        expect(row.get_by_test_id(f"digest-{name}")).to_have_text(figures[name])
    expect_accessible(page, "summary notification campaigns")

    # The public page: another browser context, never signed in.
    public = page.context.browser.new_page()
    try:
        public.goto(f"{plain.base_url}/external/summaryNotificationData?token={token}")
        expect(public.get_by_role("heading", name=f"Digest {prefix}")).to_be_visible()
        expect(public.get_by_test_id("summary-data-opens")).to_have_text(figures["opens"])
        expect(public.get_by_test_id("summary-data-clicks")).to_have_text(figures["clicks"])
        expect(public.get_by_test_id("summary-data-crm-missing")).to_be_visible()
        expect_accessible(public, "public summary page")
        public.goto(f"{plain.base_url}/external/summaryNotificationData?token=forged")
        expect(public.get_by_test_id("summary-data-error")).to_have_text(
            "This summary link is invalid or has expired."
        )
        expect_accessible(public, "public summary page, refused")
    finally:
        public.close()


def test_rep_notifications_only_mode_keeps_workflows_and_closes_summaries(page: Page, site):
    reponly = site("reponly.localhost")
    sign_in(page, reponly, "admin@reponly.example")
    workflows = page.get_by_test_id("menu-workflow-analytics")
    expect(workflows).not_to_have_attribute("aria-disabled", "true")
    workflows.click()
    expect(page).to_have_url(f"{reponly.base_url}/workflow-analytics")
    for path in ("/WorkflowList", "/workflowcampaignreport"):  # flagged "*" in spec 2.4
        page.goto(f"{reponly.base_url}{path}")
        expect(page).to_have_url(f"{reponly.base_url}{path}")
    for path in ("/summaryNotifications", "/summaryNotificationCampaigns", "/WorkflowTest"):
        page.goto(f"{reponly.base_url}{path}")
        expect(page).to_have_url(re.compile(r"/setupPage\?repNotificationDisable=true$"))
    expect_accessible(page, "setup page in rep-notifications-only mode")


def test_the_enrollment_dashboard_is_super_admins(page: Page, site, browser):
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "super@platform.example", next_path="/campaignListView")
    page.get_by_test_id("menu-more").click()
    page.get_by_test_id("more-submenu").get_by_text("Enrollment Dashboard").click()
    expect(page).to_have_url(f"{plain.base_url}/enrollmentDashboard")
    expect(page.get_by_role("heading", name="Enrollment Dashboard")).to_be_visible()
    for client in ("Plain", "Shop", "Rep only"):
        expect(page.get_by_test_id(f"dashboard-row-{client}")).to_be_visible()
    page.get_by_text("All time").click()
    expect(page.get_by_test_id("dashboard-totals")).to_contain_text("Entered")
    expect_accessible(page, "enrollment dashboard")

    context = browser.new_context()
    admin = context.new_page()
    try:
        sign_in(admin, plain, "admin@plain.example", next_path="/enrollmentDashboard")
        expect(admin.get_by_test_id("super-admin-denied")).to_contain_text(
            "Accessed only by Admin Users"
        )
    finally:
        context.close()
