"""The campaign form's kinds in Chromium: an A/B test on the subject (variants A, B and C,
share, winning rule) saved and read back after a reload; an RSS campaign whose "Check feed"
previews a feed served on 127.0.0.1 (the app server may fetch private addresses in these
tests only); a poll's expiry picked in the client's zone and refused in the past; the kind
chooser of /intermediateRoute; axe finds nothing on any of them."""

import re
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from django.db import connection
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign
from tenants.models import Client
from tests.core.http_server import Answer, http_server
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import (  # noqa: F401 - form_seed is a fixture
    _committed,
    _day_label,
    form_seed,
)
from tests.support.browser_session import sign_in

FEED = (Path(__file__).parents[1] / "marketing" / "rendering" / "data" / "feed.xml").read_bytes()


def _choose(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    page.keyboard.press("Escape")


def _new_campaign(page: Page, kind_button: str, name: str) -> None:
    """From the grid through /intermediateRoute's kind chooser to the saved campaign's form."""
    page.get_by_test_id("create-campaign").click()
    expect(page).to_have_url(re.compile(r"/intermediateRoute$"))
    expect(page.get_by_role("heading", name="Create Campaign")).to_be_visible()
    page.get_by_role("link", name=kind_button).click()
    page.get_by_test_id("campaign-name").fill(name)
    page.get_by_test_id("campaign-create").click()
    expect(page.get_by_role("heading", name="Edit Campaign")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/createcampaign\?id=\d+$"))


def _audience_sender_template(page: Page, seeded: dict) -> None:
    page.get_by_role("combobox", name="Groups").click()
    page.get_by_role("option", name=seeded["group"], exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_test_id("campaign-from-name").fill("News")
    page.get_by_test_id("campaign-from-address").fill(seeded["sender"])


def test_an_ab_test_on_the_subject_is_saved_and_read_back(page: Page, site, form_seed):  # noqa: F811
    suffix, seeded = form_seed
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
    page.get_by_test_id("create-campaign").click()
    expect(page.get_by_test_id("campaign-kind-AB")).to_be_visible()
    expect_accessible(page, "campaign kind chooser")
    page.go_back()
    _new_campaign(page, "Create A/B test campaign", f"Split {suffix}")

    ab = page.get_by_test_id("campaign-ab")
    expect(ab).to_be_visible()
    _audience_sender_template(page, seeded)
    _choose(page, "Template", seeded["template"])
    # a send before the test is set up: each problem beside its field, nothing sent
    page.get_by_test_id("campaign-send-now").click()
    main = page.get_by_test_id("main-content")
    expect(
        main.get_by_text("Please choose whether to test the subject or the content.")
    ).to_be_visible()
    expect(
        main.get_by_text("Please choose the winning rule: opens or clicks after some hours.")
    ).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)

    ab.get_by_text("Subject", exact=True).click()
    expect(page.get_by_test_id("campaign-subject")).to_have_count(0)  # the variants carry it
    page.get_by_test_id("campaign-ab-subject-A").fill("Winter sale starts now")
    page.get_by_test_id("campaign-ab-add-c").click()
    page.get_by_test_id("campaign-ab-subject-C").fill("Last days of the sale")
    page.get_by_test_id("campaign-ab-percent").fill("60")
    page.get_by_test_id("campaign-save").click()
    expect(main.get_by_text("The test share must be from 10 to 50 percent.")).to_be_visible()
    page.get_by_test_id("campaign-ab-percent").fill("20")
    _choose(page, "Winning rule", "Most opens")
    page.get_by_test_id("campaign-ab-hours").fill("4")
    page.get_by_test_id("campaign-send-now").click()
    expect(main.get_by_text("Please fill Subject of variant B")).to_be_visible()
    page.get_by_test_id("campaign-ab-subject-B").fill("Your winter offer inside")
    expect(ab).to_contain_text("Once a winner is picked it cannot be changed.")
    expect_accessible(page, "campaign form, A/B test")
    page.get_by_test_id("campaign-save").click()
    expect(page.get_by_text("Campaign saved successfully.")).to_be_visible()

    page.reload()
    expect(page.get_by_test_id("campaign-ab")).to_be_visible()
    expect(page.get_by_role("radio", name="A/B test")).to_be_checked()
    expect(page.get_by_test_id("campaign-ab-subject-A")).to_have_value("Winter sale starts now")
    expect(page.get_by_test_id("campaign-ab-subject-B")).to_have_value("Your winter offer inside")
    expect(page.get_by_test_id("campaign-ab-subject-C")).to_have_value("Last days of the sale")
    expect(page.get_by_test_id("campaign-ab-percent")).to_have_value("20%")
    expect(page.get_by_role("combobox", name="Winning rule", exact=True)).to_have_value(
        "Most opens"
    )
    expect(page.get_by_test_id("campaign-ab-hours")).to_have_value("4")


def test_an_rss_campaign_previews_its_feed(page: Page, site, form_seed):  # noqa: F811
    suffix, seeded = form_seed
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 1000})
    with http_server({"/feed.xml": Answer(200, FEED, {"Content-Type": "application/rss+xml"})}) as (
        base,
        seen,
    ):
        sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
        _new_campaign(page, "Create RSS feed campaign", f"Gazette {suffix}")
        rss = page.get_by_test_id("campaign-rss")
        expect(rss).to_be_visible()
        url = page.get_by_test_id("campaign-rss-url")
        url.fill("ftp://gazette.example.com/feed.xml")
        page.get_by_test_id("campaign-rss-check").click()
        expect(rss.get_by_text("Please enter a valid RSS URL")).to_be_visible()
        assert seen == []

        url.fill(f"{base}/feed.xml")
        page.get_by_test_id("campaign-rss-count").fill("2")
        _choose(page, "Frequency", "Every week")
        page.get_by_test_id("campaign-rss-check").click()
        preview = page.get_by_test_id("campaign-rss-preview")
        expect(preview).to_contain_text("Springfield Gazette & Review")
        expect(preview.get_by_role("listitem")).to_have_count(2)
        expect(preview.get_by_role("link", name="Council approves new library")).to_be_visible()
        expect(preview.get_by_role("link", name="Farmers market moves indoors")).to_be_visible()
        assert [path for path, _host in seen] == ["/feed.xml"]
        expect_accessible(page, "campaign form, RSS feed")

        _audience_sender_template(page, seeded)
        page.get_by_test_id("campaign-save").click()
        expect(page.get_by_text("Campaign saved successfully.")).to_be_visible()
        page.reload()
        expect(page.get_by_test_id("campaign-rss-url")).to_have_value(f"{base}/feed.xml")
        expect(page.get_by_test_id("campaign-rss-count")).to_have_value("2")
        expect(page.get_by_role("combobox", name="Frequency", exact=True)).to_have_value(
            "Every week"
        )


def test_a_poll_expiry_is_picked_in_the_client_zone_and_not_in_the_past(page: Page, site):
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
    name = f"Vote {uuid.uuid4().hex[:8]}"
    _new_campaign(page, "Create Poll campaign", name)
    expiry = page.get_by_test_id("campaign-poll-expiry")
    expect(expiry).to_have_accessible_description(re.compile("America/New_York, UTC[-+]"))
    today = datetime.now(ZoneInfo("America/New_York")).date()
    expiry.click()
    page.get_by_role("button", name=_day_label(today), exact=True).click()  # at 00:00, already past
    page.get_by_role("button", name="Done").click()
    poll = page.get_by_test_id("campaign-poll")
    expect(poll.get_by_text("Poll expiry cannot be earlier than now.")).to_be_visible()
    expect_accessible(page, "campaign form, poll")
    later = today + timedelta(days=40)
    expiry.click()
    page.get_by_role("button", name="Next month").click()
    if later.month != (today.replace(day=1) + timedelta(days=32)).month:
        page.get_by_role("button", name="Next month").click()
    page.get_by_role("button", name=_day_label(later), exact=True).click()
    page.get_by_role("spinbutton", name="Hours").fill("18")
    page.get_by_role("spinbutton", name="Minutes").fill("30")
    page.get_by_role("button", name="Done").click()
    expect(poll.get_by_text("Poll expiry cannot be earlier than now.")).to_have_count(0)
    page.get_by_test_id("campaign-save").click()
    expect(page.get_by_text("Campaign saved successfully.")).to_be_visible()
    page.reload()
    expect(page.get_by_test_id("campaign-poll-expiry")).to_have_text(f"{later.isoformat()} 18:30")
    _committed(_delete_campaign, name)


def _delete_campaign(name: str) -> None:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        Campaign.objects.filter(name=name).delete()
    finally:
        connection.set_schema_to_public()
