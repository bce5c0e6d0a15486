"""BI Segmentation in Chromium (spec 2.2, /segmentListbi?type=bi): the super-admin opens it
from the More menu, builds a BI segment over a profile field rule, sees the live total with a
row per client, saves it and reopens it; a client admin can neither see the entry nor open
the screen. The list and the builder pass axe (WCAG 2 A and AA)."""

import re
import uuid

from django.db import connection
from playwright.sync_api import Page, expect

from marketing.audience.services.groups import group_create
from marketing.audience.services.profiles import profile_create
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in

# Profiles per client whose e-mail holds the test's marker: the BI count's rows.
PER_CLIENT = {"plain": 2, "shop": 1}


def _seed(marker: str) -> dict:
    names = {}
    for schema, how_many in PER_CLIENT.items():
        client = Client.objects.get(schema_name=schema)
        names[schema] = client.name
        connection.set_tenant(client)
        try:
            group = group_create(name=f"BI {marker}")
            for index in range(how_many):
                profile_create(
                    client=client, email=f"p{index}-{marker}@example.com", group_ids=[group.pk]
                )
            # One profile without the marker: the rule leaves it out.
            profile_create(
                client=client,
                email=f"other-{uuid.uuid4().hex[:8]}@example.com",
                group_ids=[group.pk],
            )
        finally:
            connection.set_schema_to_public()
    return names


def _choose(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()


def _expect_client_rows(page: Page, names: dict) -> None:
    table = page.get_by_test_id("bi-client-counts")
    for schema, count in PER_CLIENT.items():
        expect(
            table.get_by_role("row", name=f"{names[schema]} {count}", exact=True)
        ).to_be_visible()
    expect(table.get_by_role("row", name=f"Total {sum(PER_CLIENT.values())}")).to_be_visible()


def test_super_admin_builds_saves_and_reopens_a_bi_segment(page, site, browser):
    marker = f"bi{uuid.uuid4().hex[:8]}"
    names = _committed(_seed, marker)
    name = f"Marked everywhere {marker}"
    total = sum(PER_CLIENT.values())
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    sign_in(page, plain, "super@platform.example")
    page.get_by_test_id("menu-more").click()
    page.get_by_test_id("more-submenu").get_by_text("BI Segmentation").click()
    expect(page).to_have_url(f"{plain.base_url}/segmentListbi?type=bi")
    expect(page.get_by_role("heading", name="BI Segmentation")).to_be_visible()
    expect(page.get_by_test_id("bi-segments-table")).to_be_visible()
    expect_accessible(page, "BI segment list")

    page.get_by_test_id("create-bi-segment").click()
    expect(page).to_have_url(f"{plain.base_url}/segmentListbi?type=bi&id=new")
    expect(page.get_by_role("heading", name="Create BI Segment")).to_be_visible()
    page.get_by_test_id("bi-segment-name").fill(name)

    # Only what every client has is offered: no groups or tags.
    page.get_by_role("combobox", name="Rule 1: Condition").click()
    expect(page.get_by_role("option", name="Email", exact=True)).to_be_visible()
    expect(page.get_by_role("option", name="Subscription", exact=True)).to_be_visible()
    expect(page.get_by_role("option", name="Group", exact=True)).to_have_count(0)
    expect(page.get_by_role("option", name="Tag", exact=True)).to_have_count(0)
    page.keyboard.press("Escape")

    # The first rule is the e-mail field: "contains" the marker.
    _choose(page, "Rule 1: Operator", "contains")
    page.get_by_role("textbox", name="Rule 1: Value").fill(marker)
    expect(page.get_by_test_id("segment-count")).to_have_text(f"Exactly {total} profiles")
    _expect_client_rows(page, names)
    expect_accessible(page, "BI segment builder")
    # UI.md: from 1024 px wide, no horizontal scrolling.
    page.set_viewport_size({"width": 1024, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.get_by_test_id("bi-segment-save").click()
    expect(page.get_by_text("BI segment saved successfully.")).to_be_visible()
    expect(page).to_have_url(f"{plain.base_url}/segmentListbi?type=bi")
    row = page.get_by_test_id("bi-segments-table").get_by_role("row").filter(has_text=name)
    expect(row.get_by_role("cell").nth(1)).to_have_text(str(total))
    expect(row).to_contain_text("super@platform.example")

    row.get_by_role("link", name=name, exact=True).click()
    expect(page).to_have_url(re.compile(r"/segmentListbi\?type=bi&id=\d+$"))
    expect(page.get_by_role("heading", name="Edit BI Segment")).to_be_visible()
    expect(page.get_by_test_id("bi-segment-name")).to_have_value(name)
    expect(page.get_by_role("textbox", name="Rule 1: Value")).to_have_value(marker)
    expect(page.get_by_test_id("segment-count")).to_have_text(f"Exactly {total} profiles")
    _expect_client_rows(page, names)
    expect_accessible(page, "BI segment builder, saved segment")
    saved_url = page.url

    # A client admin: no menu entry, and the screen (list or builder) answers the gate's message.
    context = browser.new_context()
    try:
        admin = context.new_page()
        admin.set_viewport_size({"width": 1280, "height": 900})
        sign_in(admin, plain, "admin@plain.example")
        admin.get_by_test_id("menu-more").click()
        submenu = admin.get_by_test_id("more-submenu")
        expect(submenu.get_by_text("Groups", exact=True)).to_be_visible()
        expect(submenu.get_by_text("BI Segmentation")).to_have_count(0)
        for url in (f"{plain.base_url}/segmentListbi?type=bi", saved_url):
            admin.goto(url)
            expect(admin.get_by_test_id("bi-segments-denied")).to_contain_text(
                "Accessed only by Admin Users"
            )
            expect(admin.get_by_role("heading", name="BI Segmentation")).to_have_count(0)
            expect(admin.get_by_test_id("bi-segment-name")).to_have_count(0)
        expect_accessible(admin, "BI segmentation, refused")
    finally:
        context.close()
