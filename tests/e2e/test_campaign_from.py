"""Issue 23's send, in Chromium, through the real pipeline (the whole loop's app server with
queued tasks, its Celery worker and SMTP sink): a campaign typed as one sender's is switched
to another sender in the picker, whose name and address fill the form; the missing postal
address is said on the page, which links to the settings where it is given; Send Now's
confirmation shows the 14 recipients, the From and the new domain's allowance for the day;
the 14 messages arrive from the chosen sender (name and address), with a quoted fallback
sent without its quotes and the unsubscribe footer carrying the postal address."""

import re
import uuid

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from playwright.sync_api import Page, expect

from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.campaigns.models import Campaign, CampaignSettings, CampaignType
from marketing.content.models import Template
from marketing.senders.models import SenderDomain
from marketing.senders.services.trust import sender_trust
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.e2e.test_whole_loop import (  # noqa: F401 - loop is a fixture
    MAIL_DEADLINE_S,
    Loop,
    _html,
    _messages_to,
    loop,
)
from tests.support.app_server import SERVER_SECRET_KEY
from tests.support.browser_session import sign_in

# An app server and Celery worker of its own (the whole loop's fixture) make this one of the
# longest files: handed out first (tests/e2e/conftest.py).
pytestmark = pytest.mark.runs_first

READERS = 14
POSTAL = "1 Market Street, Springfield, IL 62701"


def _seed(fixture: Loop, suffix: str) -> dict:
    """In the loop's client: 14 readers (every other one without a first name), a template
    with a quoted fallback, a sender on a domain verified today (day 1 of its warm-up) and
    a campaign typed as another sender's, with no postal address on file."""
    connection.set_tenant(Client.objects.get(schema_name=f"loop{fixture.suffix}"))
    try:
        CampaignSettings.objects.filter(key=1).update(postal_address="")
        fresh = f"fresh{suffix}.example"
        chosen = sender_trust(email=f"news@{fresh}", name="Demo news")
        SenderDomain.objects.filter(name=fresh).update(verified_at=timezone.now())
        spring = sender_trust(email=f"spring@loop{fixture.suffix}.example", name="Spring Team")
        group = Group.objects.create(name=f"Small list {suffix}")
        emails = []
        for n in range(READERS):
            email = f"reader{n}-{suffix}@example.com"
            profile = Profile.objects.create(email=email, first_name="Ana" if n % 2 else "")
            ProfileGroup.objects.create(profile=profile, group=group)
            emails.append(email)
        template = Template.objects.create(
            name=f"Hello {suffix}",
            template_type="html",
            subject="Hello",
            html='<html><body><p>Hi <% firstName || "there" %>, news inside.</p></body></html>',
        )
        campaign = Campaign.objects.create(
            name=f"Small send {suffix}",
            campaign_type=CampaignType.objects.get(name="General"),
            group_ids=[group.pk],
            template_id=template.pk,
            subject="Spring news",
            from_name=spring.name,
            from_address=spring.email,
        )
    finally:
        connection.set_schema_to_public()
    return {"campaign": campaign.pk, "emails": emails, "chosen": chosen.email}


def test_the_chosen_sender_is_the_from_and_a_small_send_from_a_new_domain_goes_out(
    loop: Loop,  # noqa: F811
    page: Page,
):
    suffix = uuid.uuid4().hex[:6]
    # The senders' DKIM keys are sealed under SECRET_KEY (core/sealing.py): seeded with the
    # app server's and worker's key, or the worker cannot sign and builds no message.
    with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
        seeded = _committed(_seed, loop, suffix)
    form = f"/createcampaign?id={seeded['campaign']}"
    page.set_viewport_size({"width": 1280, "height": 1000})
    sign_in(page, loop.site, loop.admin, next_path=form)
    expect(page.get_by_role("heading", name="Edit Campaign")).to_be_visible()
    name, address = (
        page.get_by_test_id("campaign-from-name"),
        page.get_by_test_id("campaign-from-address"),
    )
    expect(name).to_have_value("Spring Team")

    # The missing postal address is said before Send, with the way to give it.
    missing = page.get_by_test_id("postal-address-missing")
    expect(missing).to_be_visible()
    missing.get_by_role("link", name="Add your postal address in the campaign settings").click()
    drawer = page.get_by_role("dialog", name="Campaign settings")
    drawer.get_by_role("textbox", name="Postal address").fill(POSTAL)
    drawer.get_by_test_id("campaign-settings-save").click()
    expect(page.get_by_text("Campaign settings saved successfully.")).to_be_visible()
    page.goto(f"{loop.site.base_url}{form}")
    expect(page.get_by_role("heading", name="Edit Campaign")).to_be_visible()
    expect(page.get_by_test_id("postal-address-missing")).to_have_count(0)

    # One choice of sender fills and shows its own name and address.
    page.get_by_role("combobox", name="Sender", exact=True).click()
    page.get_by_role("option", name=f"Demo news <{seeded['chosen']}>", exact=True).click()
    expect(name).to_have_value("Demo news")
    expect(address).to_have_value(seeded["chosen"])

    # The confirmation: how many, from whom, and the new domain's allowance of the day.
    page.get_by_test_id("campaign-send-now").click()
    dialog = page.get_by_role("dialog", name="Send campaign")
    expect(dialog.get_by_test_id("send-summary-recipients")).to_have_text(str(READERS))
    expect(dialog.get_by_test_id("send-summary-from")).to_have_text(
        f"Demo news <{seeded['chosen']}>"
    )
    expect(dialog.get_by_test_id("send-summary-warmup")).to_contain_text(
        re.compile(r"is warming up \(day 1 of 10\): it sends at most 500 messages today")
    )
    expect_accessible(page, "send confirmation")
    dialog.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("The campaign is being sent.")).to_be_visible()

    received = _messages_to(loop.sink, seeded["emails"], MAIL_DEADLINE_S)
    assert len(received) == READERS
    for message in received:
        assert message.message["From"] == f"Demo news <{seeded['chosen']}>"
        html = _html(message)
        assert re.search(r"Hi (there|Ana), news inside", html), html
        assert '"there"' not in html and "&quot;there" not in html
        assert POSTAL in html and ">Unsubscribe</a>" in html
