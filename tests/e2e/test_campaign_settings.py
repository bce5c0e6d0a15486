"""The global campaign settings and the campaign form's leave-page guard in Chromium: an
admin opens Campaign settings from the campaign list and turns "Auto save content" off,
after which a campaign being edited is no longer saved on its own; leaving it with unsaved
changes asks first (stay keeps the page, leave drops the changes). A user reads the
settings without changing them. axe finds nothing on the drawer, the form or the question."""

import re
import uuid

import pytest
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign, CampaignSettings
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaign_form_kinds import _new_campaign
from tests.e2e.test_campaigns import (  # noqa: F401 - form_seed is a fixture
    _committed,
    form_seed,
)
from tests.support.browser_session import sign_in


def _in_plain(read):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return read()
    finally:
        connection.set_schema_to_public()


@pytest.fixture
def default_settings():
    """The settings are the client's, shared by every test: they go back to the defaults."""
    yield
    _committed(_in_plain, lambda: CampaignSettings.objects.all().delete())


def _saved_subject(name: str) -> str:
    return _committed(_in_plain, lambda: Campaign.objects.get(name=name).subject)


def test_autosave_off_stops_autosaving_and_leaving_asks_first(
    page: Page,
    site,
    form_seed,  # noqa: F811
    default_settings,
):
    suffix, _ = form_seed
    name = f"Quiet {suffix}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 1000})
    # The page's timers on Playwright's clock (running as the wall clock's until told to
    # jump): the 3 s an autosave would wait are passed at once, not slept through.
    page.clock.install()
    campaign_writes: list[str] = []
    page.on(
        "request",
        lambda request: (
            campaign_writes.append(f"{request.method} {request.url}")
            if request.method != "GET" and "/api/mm/campaigns/" in request.url
            else None
        ),
    )
    sign_in(page, plain, "admin@plain.example", next_path="/campaignListView")

    page.get_by_test_id("campaign-settings-open").click()
    drawer = page.get_by_role("dialog", name="Campaign settings")
    autosave = drawer.get_by_role("switch", name=re.compile("^Auto save content"))
    expect(autosave).to_be_checked()
    expect(drawer.get_by_role("switch")).to_have_count(5)
    expect_accessible(page, "campaign settings")
    autosave.click()
    expect(autosave).not_to_be_checked()
    page.get_by_test_id("campaign-settings-save").click()
    expect(page.get_by_text("Campaign settings saved successfully.")).to_be_visible()
    expect(drawer).to_have_count(0)
    assert _committed(_in_plain, lambda: CampaignSettings.objects.get().auto_save_content) is False

    _new_campaign(page, "Create Regular campaign", name)
    expect(page.get_by_test_id("campaign-autosaved")).to_contain_text(
        "Autosave is off in the campaign settings"
    )
    writes_before = len(campaign_writes)
    page.get_by_test_id("campaign-subject").fill("Winter sale")
    page.clock.run_for(5_000)  # every timer of the next 5 s; an autosave fires after 3 s
    # A request of the page's own after those timers: the browser reports requests in the
    # order the page made them, so an autosave's PATCH would be reported before it.
    marker = f"/?after-autosave-window={uuid.uuid4().hex}"
    with page.expect_request(lambda request: request.url.endswith(marker)):
        page.evaluate("(url) => { fetch(url); }", marker)
    assert campaign_writes[writes_before:] == []
    expect(page.get_by_test_id("campaign-autosaved")).not_to_contain_text("Saved automatically")
    assert _saved_subject(name) == ""
    expect_accessible(page, "campaign form without autosave")

    # another menu item with the subject unsaved: the question, stay, then leave
    page.get_by_test_id("menu-segmentList").click()
    question = page.get_by_role("dialog", name="Unsaved changes")
    expect(question).to_contain_text("You have unsaved changes. Leave this page?")
    expect_accessible(page, "leave-page question")
    question.get_by_role("button", name="Stay on this page").click()
    expect(question).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/createcampaign\?id=\d+$"))
    expect(page.get_by_test_id("campaign-subject")).to_have_value("Winter sale")

    page.get_by_test_id("menu-segmentList").click()
    question.get_by_role("button", name="Leave page").click()
    expect(page).to_have_url(f"{plain.base_url}/segmentList")
    assert _saved_subject(name) == ""


def test_a_saved_form_leaves_without_asking(page: Page, site, form_seed):  # noqa: F811
    suffix, _ = form_seed
    name = f"Saved {suffix}"
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
    _new_campaign(page, "Create Regular campaign", name)
    page.get_by_test_id("campaign-subject").fill("Spring sale")
    page.get_by_test_id("campaign-save").click()
    expect(page.get_by_text("Campaign saved successfully.")).to_be_visible()
    page.get_by_test_id("menu-segmentList").click()
    expect(page).to_have_url(f"{plain.base_url}/segmentList")
    assert _saved_subject(name) == "Spring sale"


def test_a_user_reads_the_settings_without_changing_them(page: Page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/campaignList")
    page.get_by_test_id("campaign-settings-open").click()
    drawer = page.get_by_role("dialog", name="Campaign settings")
    expect(drawer).to_contain_text("Only admins can change these settings.")
    switches = drawer.get_by_role("switch")
    expect(switches).to_have_count(5)
    for index in range(5):
        expect(switches.nth(index)).to_be_disabled()
    expect(page.get_by_test_id("campaign-settings-save")).to_have_count(0)
    expect_accessible(page, "campaign settings, read only")
