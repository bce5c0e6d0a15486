"""Campaign reports in Chromium: a campaign sent through the real pipeline into the SMTP
sink, opened and clicked through the tracking endpoints, reads on its report (figures,
funnel and timeline with their numbers, links, machines apart, recipient tabs and a CSV
export); an A/B test's report names its winner and opens a variant; super-admins see the
performance grid, the Email DashBoard and the Scheduler Summary, which a client admin
cannot open. Every screen passes axe (WCAG 2 A and AA)."""

import uuid
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.browser_session import sign_in
from tests.support.campaign_report_seed import ab_variants_mark, sent_campaign_seed
from tests.support.campaign_world import campaign_make, world_make
from tests.support.tenants import in_schema


def _shop():
    return SimpleNamespace(client=Client.objects.get(schema_name="shop"), host="shop.localhost")


def _sent(name: str, domain: str, ab: bool = False) -> int:
    shop = _shop()
    seeded = sent_campaign_seed(shop, name=name, domain=domain)
    if ab:
        ab_variants_mark(shop, seeded.campaign_id)
    return seeded.campaign_id


def _scheduled(name: str) -> int:
    shop = _shop()
    with in_schema(shop):
        campaign = campaign_make(world_make(emails=(f"x@{name.lower()}.example",)), name=name)
        Campaign.objects.filter(pk=campaign.pk).update(
            status="Scheduled", scheduled_at=timezone.now() + timedelta(days=1)
        )
    return campaign.pk


def test_the_report_of_a_sent_campaign(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    campaign_id = _committed(_sent, f"Report {suffix}", f"{suffix}.example")
    shop = site("shop.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, shop, "admin@shop.example", next_path="/campaignListView")
    page.get_by_test_id("campaign-search").fill(suffix)
    page.get_by_test_id(f"campaign-report-{campaign_id}").click()
    expect(page).to_have_url(f"{shop.base_url}/regularcampaignreport?campaignId={campaign_id}")
    expect(page.get_by_role("heading", name=f"Campaign Report: Report {suffix}")).to_be_visible()
    expect(page.get_by_test_id("kpi-recipients-value")).to_have_text("5")
    expect(page.get_by_test_id("kpi-delivered-value")).to_have_text("4")
    expect(page.get_by_test_id("kpi-opens")).to_contain_text("Open rate 50.0%")
    expect(page.get_by_test_id("kpi-bounces")).to_contain_text("Hard bounces 1")
    reasons = page.get_by_test_id("report-bounce-reasons")  # the sink's 550 5.1.1, by reason
    expect(reasons.get_by_role("row").filter(has_text="User unknown")).to_contain_text("1")
    funnel = page.get_by_test_id("report-funnel-numbers")
    expect(funnel.get_by_role("row").filter(has_text="Unique clicks")).to_contain_text("2")
    expect(page.get_by_test_id("report-timeline-numbers").get_by_role("row")).not_to_have_count(0)
    expect(page.get_by_test_id("human-opens")).to_have_text("3")
    expect(page.get_by_test_id("machine-opens")).to_have_text("1")
    expect(page.get_by_test_id("bot-clicks")).to_have_text("1")
    links = page.get_by_test_id("report-links")
    expect(links.get_by_role("row").nth(1)).to_contain_text("https://shop.example.com/sale")
    expect(links.get_by_role("row").nth(1)).to_contain_text("2 (100.0%)")
    recipients = page.get_by_test_id("recipients-table")
    expect(recipients.get_by_role("row")).to_have_count(3)  # ann and bob opened
    expect_accessible(page, "campaign report")

    page.get_by_test_id("recipients-tab-bounced").click()
    expect(recipients).to_contain_text(f"gone@{suffix}.example")
    expect(recipients).to_contain_text("550 5.1.1")
    page.get_by_test_id("recipients-tab-notOpened").click()
    expect(recipients.get_by_role("row")).to_have_count(3)  # cat (a scanner's open) and dan
    with page.expect_download(timeout=20_000) as download:
        page.get_by_test_id("report-export").click()
    text = Path(download.value.path()).read_text()
    assert text.splitlines()[0] == "Email,Variant,Status,Last Reply,Sent"
    assert [line.split(",")[0] for line in text.splitlines()[1:]] == [
        f"cat@{suffix}.example", f"dan@{suffix}.example",
    ]  # fmt: skip

    page.goto(f"{shop.base_url}/campaignDetails?campaignId={campaign_id}")
    expect(page.get_by_test_id("campaign-details")).to_contain_text("news@shop.example")
    expect(page.get_by_test_id("kpi-recipients-value")).to_have_text("5")
    expect_accessible(page, "campaign details")


def test_an_ab_report_names_its_winner_and_opens_a_variant(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    campaign_id = _committed(_sent, f"AB {suffix}", f"ab{suffix}.example", True)
    shop = site("shop.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, shop, "admin@shop.example", next_path="/abtest")
    expect(page.get_by_role("heading", name="A/B Test")).to_be_visible()
    page.get_by_role("textbox", name="Search by campaign name").fill(suffix)
    expect_accessible(page, "A/B test list")
    page.get_by_role("link", name=f"AB {suffix}").click()
    expect(page).to_have_url(f"{shop.base_url}/abreporttest?campaignId={campaign_id}")
    expect(page.get_by_test_id("ab-winner")).to_have_text("Winner: Variant A")
    expect(page.get_by_test_id("variant-A")).to_contain_text("1 (50.0%)")
    expect(page.get_by_test_id("variant-B")).to_contain_text("1 (50.0%)")
    expect(page.get_by_test_id("variant-W")).to_contain_text("0 (0.0%)")
    expect_accessible(page, "A/B test report")
    page.get_by_role("link", name="Details B").click()
    expect(page.get_by_test_id("ab-inner")).to_contain_text("Variant B · Sale!")
    expect_accessible(page, "A/B test variant")


def test_super_admin_reports_and_a_client_admin_refused(page: Page, site, browser):
    suffix = uuid.uuid4().hex[:8]
    campaign_id = _committed(_sent, f"Perf {suffix}", f"p{suffix}.example")
    _committed(_scheduled, f"Later{suffix}")
    shop = site("shop.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, shop, "super@platform.example", next_path="/performanceReport")
    expect(page.get_by_role("heading", name="Campaign Performance Report")).to_be_visible()
    page.get_by_test_id("performance-search").fill(suffix)
    client_id = _committed(lambda: Client.objects.get(schema_name="shop").pk)
    row = page.get_by_test_id(f"performance-row-{client_id}-{campaign_id}")
    expect(row).to_contain_text("Shop")
    expect(row).to_contain_text("2 (50.0%)")
    expect(page.get_by_test_id("performance-table").get_by_role("row")).to_have_count(2)
    expect_accessible(page, "campaign performance report")

    page.goto(f"{shop.base_url}/recentcampaigns")
    expect(page.get_by_role("heading", name="Email DashBoard")).to_be_visible()
    expect(page.get_by_test_id(f"recent-row-{client_id}-{campaign_id}")).to_be_visible()
    expect_accessible(page, "email dashboard")

    page.goto(f"{shop.base_url}/scheduleSummary")
    expect(page.get_by_role("heading", name="Scheduler Summary")).to_be_visible()
    expect(page.get_by_text(f"Later{suffix}")).to_be_visible()
    expect_accessible(page, "scheduler summary")

    context = browser.new_context()
    admin = context.new_page()
    try:
        sign_in(admin, shop, "admin@shop.example", next_path="/performanceReport")
        expect(admin.get_by_test_id("super-admin-denied")).to_contain_text(
            "Accessed only by Admin Users"
        )
        expect_accessible(admin, "campaign performance report, refused")
    finally:
        context.close()
