"""The campaign grid (/campaignListView) in Chromium: a marketer sees every campaign with its
status, type, schedule in the client's time zone and delivery counts, filters by status,
searches by name, pauses a scheduled campaign after confirming and resumes it; the grid
passes axe (WCAG 2 A and AA)."""

import threading
import uuid
from datetime import timedelta

from django.db import connection, connections
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign, CampaignType
from marketing.tracking.models import EmailEvent
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.conftest import sign_in


def _committed(seed, *args):
    """Runs `seed` on a connection of its own, which commits (the server never sees the
    test's own transaction)."""
    answer = {}

    def run():
        try:
            answer["value"] = seed(*args)
        except Exception as exc:  # re-raised in the test's thread
            answer["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in answer:
        raise answer["error"]
    return answer["value"]


def _seed(suffix: str) -> dict:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        general = CampaignType.objects.get(name="General")
        common = dict(campaign_type=general, from_name="Shop", from_address="news@shop.example")
        draft = Campaign.objects.create(name=f"Draft {suffix}", **common)
        scheduled = Campaign.objects.create(
            name=f"Autumn {suffix}",
            status="Scheduled",
            scheduled_at=timezone.now() + timedelta(days=2),
            **common,
        )
        sent = Campaign.objects.create(
            name=f"Spring {suffix}",
            kind="Poll",
            status="Sent",
            recipient_count=1234,
            send_id=10**9,
            **common,
        )
        for profile_id, event, machine in (
            (1, 3, False),
            (2, 3, False),
            (3, 3, True),
            (1, 4, False),
        ):
            EmailEvent.objects.create(
                profile_id=profile_id, campaign_id=sent.pk, event_type=event, machine=machine
            )
    finally:
        connection.set_schema_to_public()
    return {"draft": draft.pk, "scheduled": scheduled.pk, "sent": sent.pk}


def test_the_grid_filters_searches_pauses_and_resumes(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    ids = _committed(_seed, suffix)
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
    expect(page.get_by_role("heading", name="Campaigns")).to_be_visible()
    table = page.get_by_test_id("campaigns-table")
    page.get_by_test_id("campaign-search").fill(suffix)
    draft = page.get_by_test_id(f"campaign-row-{ids['draft']}")
    scheduled = page.get_by_test_id(f"campaign-row-{ids['scheduled']}")
    sent = page.get_by_test_id(f"campaign-row-{ids['sent']}")
    expect(draft).to_contain_text("Draft")
    expect(sent).to_contain_text("Sent")
    expect(sent).to_contain_text("Poll")
    expect(sent.get_by_role("cell").nth(5)).to_have_text("1,234")
    expect(sent.get_by_role("cell").nth(7)).to_have_text("2")  # people; a proxy open is not one
    expect(sent.get_by_role("cell").nth(8)).to_have_text("1")
    expect(scheduled).to_contain_text("General")
    expect(table.get_by_role("row")).to_have_count(4)  # the head and three campaigns
    expect_accessible(page, "campaign grid")

    page.get_by_test_id("campaign-status-filter").click()
    page.get_by_role("option", name="Scheduled", exact=True).click()
    expect(table.get_by_role("row")).to_have_count(2)
    expect(scheduled).to_be_visible()

    scheduled.get_by_role("button", name=f"Pause Autumn {suffix}").click()
    dialog = page.get_by_role("dialog", name="Pause campaign")
    expect(dialog).to_contain_text(f'Pause the campaign "Autumn {suffix}"?')
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("Campaign paused successfully.")).to_be_visible()
    expect(page.get_by_test_id("campaigns-no-match")).to_be_visible()  # no longer Scheduled

    page.get_by_test_id("campaign-status-filter").click()
    page.get_by_role("option", name="Paused", exact=True).click()
    expect(scheduled).to_contain_text("Paused by user@plain.example.")
    scheduled.get_by_role("button", name=f"Resume Autumn {suffix}").click()
    expect(page.get_by_text("Campaign resumed successfully.")).to_be_visible()
    expect(page.get_by_test_id("campaigns-no-match")).to_be_visible()

    page.get_by_test_id("campaign-search").fill(f"spring {suffix}")
    page.get_by_test_id("campaign-status-filter").click()
    page.get_by_role("option", name="Sent", exact=True).click()
    expect(table.get_by_role("row")).to_have_count(2)
    expect(sent).to_be_visible()


def test_campaign_types_are_managed_by_admins(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    name = f"Board {suffix}"
    plain = site("plain.localhost")
    sign_in(page, plain, "admin@plain.example", next_path="/campaignTypeList")
    expect(page.get_by_role("heading", name="Campaign Types")).to_be_visible()
    table = page.get_by_test_id("campaign-types-table")
    expect(table.get_by_role("row").filter(has_text="General")).to_contain_text("Public")

    page.get_by_test_id("create-campaign-type").click()
    page.get_by_test_id("campaign-type-name").fill(name)
    page.get_by_role("switch", name="Private").click()
    page.get_by_test_id("campaign-type-save").click()
    expect(page.get_by_text("Campaign type saved successfully.")).to_be_visible()
    row = table.get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Private")
    expect(row).to_contain_text("Enabled")
    expect_accessible(page, "campaign types")

    row.get_by_role("button", name=f"Edit {name}").click()
    page.get_by_role("switch", name="Enabled").click()
    page.get_by_test_id("campaign-type-save").click()
    expect(row).to_contain_text("Disabled")

    page.get_by_test_id("create-campaign-type").click()
    page.get_by_test_id("campaign-type-name").fill(name.upper())
    page.get_by_test_id("campaign-type-save").click()
    expect(page.get_by_text("A campaign type with this name already exists.")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()

    row.get_by_role("button", name=f"Delete {name}").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("Campaign type deleted successfully.")).to_be_visible()
    expect(row).to_have_count(0)


def test_a_user_reads_campaign_types_without_changing_them(page: Page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/campaignTypeList")
    table = page.get_by_test_id("campaign-types-table")
    expect(table.get_by_role("row").filter(has_text="General")).to_be_visible()
    expect(page.get_by_test_id("create-campaign-type")).to_have_count(0)
    expect(page.get_by_role("button", name="Edit General")).to_have_count(0)
