"""The campaign grid (/campaignListView) in Chromium: a marketer sees every campaign with its
status, type, schedule in the client's time zone and delivery counts, filters by status,
searches by name, pauses a scheduled campaign after confirming and resumes it; the grid
passes axe (WCAG 2 A and AA)."""

import re
import threading
import uuid
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, connections
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign, CampaignType
from marketing.tracking.models import EmailEvent
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


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
    expect(sent.get_by_test_id("campaign-recipients")).to_have_text("1,234")
    expect(sent.get_by_role("cell").nth(5)).to_have_text("2")  # people; a proxy open is not one
    expect(sent.get_by_role("cell").nth(6)).to_have_text("1")
    expect(scheduled).to_contain_text("General")
    expect(table.get_by_role("row")).to_have_count(4)  # the head and three campaigns
    expect_accessible(page, "campaign grid")

    page.get_by_test_id("campaign-status-filter").click()
    page.get_by_role("option", name="Scheduled", exact=True).click()
    expect(table.get_by_role("row")).to_have_count(2)
    expect(scheduled).to_be_visible()

    scheduled.get_by_role("button", name=f"Actions for Autumn {suffix}").click()
    page.get_by_role("menuitem", name="Pause").click()
    dialog = page.get_by_role("dialog", name="Pause campaign")
    expect(dialog).to_contain_text(f'Pause the campaign "Autumn {suffix}"?')
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("Campaign paused successfully.")).to_be_visible()
    expect(page.get_by_test_id("campaigns-no-match")).to_be_visible()  # no longer Scheduled

    page.get_by_test_id("campaign-status-filter").click()
    page.get_by_role("option", name="Paused", exact=True).click()
    expect(scheduled).to_contain_text("Paused by user@plain.example.")
    scheduled.get_by_role("button", name=f"Actions for Autumn {suffix}").click()
    page.get_by_role("menuitem", name="Resume").click()
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


def _day_label(day: date) -> str:
    """A calendar day's name in @mantine/dates' picker: "15 December 2026"."""
    return f"{day.day} {day.strftime('%B %Y')}"


def _seed_form(suffix: str) -> dict:
    """A group with a profile, a template, a confirmed sender of a verified domain, and the
    client's postal address (a schedule needs it)."""
    from marketing.audience.models import Group, Profile, ProfileGroup
    from marketing.campaigns.models import CampaignSettings
    from marketing.content.models import Template
    from marketing.senders.models import DomainStatus, Sender, SenderDomain

    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        group = Group.objects.create(name=f"Form group {suffix}")
        profile = Profile.objects.create(email=f"reader-{suffix}@example.com")
        ProfileGroup.objects.create(profile=profile, group=group)
        template = Template.objects.create(
            name=f"Form template {suffix}",
            template_type="html",
            subject="Hello",
            html="<html><body><p>Hi <% firstName || there %></p></body></html>",
        )
        domain = f"{suffix}.example.com"
        SenderDomain.objects.create(
            name=domain,
            verification_token="t" * 32,
            status=DomainStatus.VERIFIED,
            # verified long ago: no warm-up (its minimum audience is not this test's subject)
            verified_at=timezone.now() - timedelta(days=60),
        )
        Sender.objects.create(
            name="News", email=f"news@{domain}", domain=domain, verified_at=timezone.now()
        )
        CampaignSettings.objects.update_or_create(
            key=1, defaults={"postal_address": "1 Plain Street, Springfield"}
        )
    finally:
        connection.set_schema_to_public()
    return {"group": group.name, "template": template.name, "sender": f"news@{domain}"}


def _unseed_form(suffix: str) -> None:
    """Take the seed and the campaign away again: the senders and templates screens'
    tests (later files) open this client's lists expecting them empty."""
    from marketing.campaigns.models import Campaign
    from marketing.content.models import Template
    from marketing.senders.models import Sender, SenderDomain

    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        Campaign.objects.filter(name__contains=suffix).delete()
        Template.objects.filter(name__contains=suffix).delete()
        Sender.objects.filter(domain=f"{suffix}.example.com").delete()
        SenderDomain.objects.filter(name=f"{suffix}.example.com").delete()
    finally:
        connection.set_schema_to_public()


@pytest.fixture
def form_seed():
    suffix = uuid.uuid4().hex[:8]
    yield suffix, _committed(_seed_form, suffix)
    _committed(_unseed_form, suffix)


def test_create_fill_test_and_schedule_a_campaign(page: Page, site, form_seed):
    suffix, seeded = form_seed
    name = f"Winter {suffix}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_in(page, plain, "user@plain.example", next_path="/campaignListView")
    page.get_by_test_id("create-campaign").click()
    page.get_by_role("link", name="Create Regular campaign").click()
    expect(page.get_by_role("heading", name="Create Campaign")).to_be_visible()
    page.get_by_test_id("campaign-create").click()
    expect(page.get_by_text("Please fill Campaign Name").first).to_be_visible()
    page.get_by_test_id("campaign-name").fill(name)
    page.get_by_test_id("campaign-create").click()
    expect(page.get_by_role("heading", name="Edit Campaign")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/createcampaign\?id=\d+$"))

    # scheduling with nothing chosen: the server's field errors beside the fields
    page.get_by_test_id("campaign-schedule-send").click()
    fields = page.get_by_test_id("main-content")
    expect(fields.get_by_text("Please select groups or segments")).to_be_visible()
    expect(fields.get_by_text("Please select a template")).to_be_visible()

    page.get_by_role("combobox", name="Groups").click()
    page.get_by_role("option", name=seeded["group"], exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_test_id("campaign-from-name").fill("News")
    page.get_by_test_id("campaign-from-address").fill(seeded["sender"])
    page.get_by_role("combobox", name="Template").click()
    page.get_by_role("option", name=seeded["template"], exact=True).click()
    page.get_by_test_id("campaign-subject").fill("Winter sale")
    expect(page.get_by_test_id("campaign-autosaved")).to_contain_text(
        "Saved automatically", timeout=15_000
    )
    expect_accessible(page, "campaign form")

    page.get_by_test_id("campaign-test").click()
    page.get_by_test_id("campaign-test-emails").fill("qa@example.com")
    page.get_by_test_id("campaign-test-send").click()
    expect(page.get_by_text("Test email sent successfully.")).to_be_visible()

    # the picker reads the client's zone (America/New_York), not the browser's
    schedule = page.get_by_test_id("campaign-schedule")
    expect(schedule).to_have_accessible_description(re.compile("America/New_York, UTC[-+]"))
    today = datetime.now(ZoneInfo("America/New_York")).date()
    schedule.click()
    page.get_by_role("button", name=_day_label(today), exact=True).click()  # at 00:00, already past
    page.get_by_role("button", name="Done").click()
    main = page.get_by_test_id("main-content")
    expect(
        main.get_by_text("Schedule date cannot be earlier than the current date.")
    ).to_be_visible()
    page.get_by_test_id("campaign-schedule-send").click()
    expect(page).to_have_url(re.compile(r"/createcampaign\?id=\d+$"))  # refused at once

    later = (today.replace(day=1) + timedelta(days=32)).replace(day=15)
    schedule.click()
    page.get_by_role("button", name="Next month").click()
    page.get_by_role("button", name=_day_label(later), exact=True).click()
    page.get_by_role("spinbutton", name="Hours").fill("09")
    page.get_by_role("spinbutton", name="Minutes").fill("00")
    page.get_by_role("button", name="Done").click()
    expect(schedule).to_have_text(f"{later.isoformat()} 09:00")
    expect(
        main.get_by_text("Schedule date cannot be earlier than the current date.")
    ).to_have_count(0)

    # a resend switched on asks for its time and 2 to 10 days before anything is saved
    page.get_by_role("switch", name="Resend to people who did not open").click()
    page.get_by_test_id("campaign-resendUnopened-days").fill("12")
    page.get_by_test_id("campaign-save").click()
    expect(main.get_by_text("Resend follow-up days must be from 2 to 10.")).to_be_visible()
    expect(main.get_by_text("Please fill Resend Time")).to_be_visible()
    page.get_by_test_id("campaign-resendUnopened-days").fill("3")
    page.get_by_test_id("campaign-resendUnopened-time").fill("10:30")
    expect_accessible(page, "campaign form, schedule and resend")

    page.get_by_test_id("campaign-schedule-send").click()
    expect(page.get_by_text("Campaign scheduled successfully.")).to_be_visible()
    expect(page).to_have_url(f"{plain.base_url}/campaignListView")
    page.get_by_test_id("campaign-search").fill(suffix)
    row = page.get_by_test_id("campaigns-table").get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Scheduled")
    expect(row).to_contain_text(f"{later.isoformat()} 09:00")
