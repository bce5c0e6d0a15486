"""The first screen in Chromium: a new client's admin lands on the campaign list and sees the
getting-started list, each step linked and ticked from what the client has; once a campaign
went out, the home dashboard shows its figures and the sending health. Both pass axe."""

import uuid
from datetime import timedelta

from django.db import connection
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.audience.models import Profile
from marketing.campaigns.models import Campaign, CampaignType
from marketing.content.models import Template
from marketing.senders.models import DomainStatus, Sender, SenderDomain
from tenants.models import Client, Role
from tenants.services import client_create, member_add
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.browser_session import PASSWORD, sign_in


def _new_client(suffix: str) -> str:
    schema = f"home{suffix}"
    client = client_create(name="Newcomer", schema_name=schema, domain=f"{schema}.localhost")
    member_add(client=client, email=f"admin@{schema}.example", role=Role.ADMIN, password=PASSWORD)
    connection.set_schema_to_public()
    return schema


def _contacts_and_template(schema: str) -> None:
    connection.set_tenant(Client.objects.get(schema_name=schema))
    try:
        Profile.objects.create(email="ann@mail.example")
        Template.objects.create(name="Welcome", template_type="html", html="<p>Hi</p>")
    finally:
        connection.set_schema_to_public()


def _sender_and_sent_campaign(schema: str) -> int:
    connection.set_tenant(Client.objects.get(schema_name=schema))
    try:
        SenderDomain.objects.create(
            name="news.example",
            verification_token="t" * 32,
            status=DomainStatus.VERIFIED,
            verified_at=timezone.now() - timedelta(days=60),
        )
        Sender.objects.create(
            name="News", email="hi@news.example", domain="news.example", verified_at=timezone.now()
        )
        campaign = Campaign.objects.create(
            name="Spring launch",
            campaign_type=CampaignType.objects.get(name="General"),
            status="Sent",
            started_at=timezone.now() - timedelta(hours=2),
            sent_at=timezone.now() - timedelta(hours=1),
            recipient_count=30,
        )
        return campaign.pk
    finally:
        connection.set_schema_to_public()


def test_getting_started_then_the_home_dashboard(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    schema = _committed(_new_client, suffix)
    newcomer = site(f"{schema}.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, newcomer, f"admin@{schema}.example")

    steps = page.get_by_test_id("getting-started")
    expect(steps).to_be_visible()
    for step in ("contactsImported", "senderVerified", "templateDesigned", "campaignSent"):
        expect(steps.get_by_test_id(f"first-step-{step}")).to_have_attribute("data-done", "false")
    expect_accessible(page, "getting started")

    _committed(_contacts_and_template, schema)
    page.reload()
    expect(steps.get_by_test_id("first-step-contactsImported")).to_have_attribute(
        "data-done", "true"
    )
    expect(steps.get_by_test_id("first-step-templateDesigned")).to_have_attribute(
        "data-done", "true"
    )
    expect(steps.get_by_test_id("first-step-senderVerified")).to_have_attribute(
        "data-done", "false"
    )
    steps.get_by_role("link", name="Set up a sender").click()
    expect(page).to_have_url(f"{newcomer.base_url}/senderList")
    page.get_by_test_id("back-to-campaigns").click()
    expect(steps).to_be_visible()

    campaign_id = _committed(_sender_and_sent_campaign, schema)
    page.reload()
    dashboard = page.get_by_test_id("home-dashboard")
    expect(dashboard).to_be_visible()
    expect(steps).to_have_count(0)
    expect(dashboard.get_by_test_id(f"home-campaign-{campaign_id}")).to_contain_text(
        "Spring launch"
    )
    health = dashboard.get_by_test_id("home-health")
    expect(health).to_contain_text("OK")
    expect(health).to_contain_text("messages this month")
    expect_accessible(page, "home dashboard")
    health.get_by_role("link", name="Open Sending Health").click()
    expect(page).to_have_url(f"{newcomer.base_url}/sendingHealth")
