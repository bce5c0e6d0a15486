"""A visitor's way through a published form in Chromium (issue 26): the public page (the
marketer's title shown as text, no script, its own CSP), a required field refused in
spec 5.1's words, the submit and the thank-you page, the confirmation email read from the
SMTP sink, its link opening a page that changes nothing until Confirm is pressed, and then
the profile in /profilemanagement. The app server runs tasks eagerly; its mail, the
transactional lane's included, goes to the session's aiosmtpd sink."""

import re
import uuid

import pytest
from django.conf import settings
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.audience.models import Group, Profile
from marketing.forms.services.forms import form_create, form_publish
from tenants.models import Client
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in
from tests.support.waiting import wait_until

MAIL_DEADLINE_S = 60


@pytest.fixture
def mailed_site(site, app_mail):
    """The pages host (public form pages) and the app server's mail, the transactional
    lane's included, which lands in `app_mail`."""
    return site(settings.PAGES_HOST), app_mail


def _in_plain(work, *args):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work(*args)
    finally:
        connection.set_schema_to_public()


def _form(suffix: str) -> str:
    def make():
        group = Group.objects.create(name=f"Readers {suffix}")
        form = form_create(
            member=None,
            values={
                "name": f"Newsletter {suffix}",
                "form_type": "embeddedForm",
                "definition": {
                    "title": "Join <our> readers",
                    "sections": [{"id": "s1", "fields": [
                        {"key": "email", "type": "email", "label": "Email", "required": True},
                        {"key": "firstName", "type": "text", "label": "First Name",
                         "required": True}]}],
                    "groups": {"fixed": [group.pk]},
                },
            },
        )  # fmt: skip
        return str(form_publish(member=None, form_id=form.pk).key)

    return _committed(_in_plain, make)


def _profile(email: str):
    return _committed(_in_plain, lambda: Profile.objects.filter(email=email).first())


def test_a_visitor_subscribes_and_confirms(page: Page, site, mailed_site):
    pages, sink = mailed_site
    suffix = uuid.uuid4().hex[:8]
    email = f"visitor-{suffix}@mail.example"
    key = _form(suffix)

    page.goto(f"{pages.base_url}/plain/pf/{key}")
    expect(page.get_by_role("heading", name="Join <our> readers")).to_be_visible()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("alert")).to_have_text("Please fill First Name ")
    expect(page.get_by_label("Email")).to_have_value(email)  # what was typed stays
    page.get_by_label("First Name").fill("Vera")
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url(f"**/plain/pf/{key}/thanks")
    expect(page.get_by_role("status")).to_have_text(
        "Thank you! Please check your inbox to confirm your subscription."
    )

    [mail] = wait_until(
        lambda: sink.handler.for_recipient(email),
        timeout=MAIL_DEADLINE_S,
        message="the confirmation email reaches the sink",
    )
    assert mail.message["Subject"] == "Please confirm your subscription"
    text = mail.message.get_body(("plain",)).get_content()
    link = re.search(r"https?://\S+/pf/confirm/\S+", text).group(0)
    page.goto(pages.base_url + link[link.index("/plain/pf/") :])
    expect(page.get_by_role("button", name="Confirm")).to_be_visible()
    assert _profile(email) is None  # opening the link changed nothing
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status")).to_have_text("Your subscription is confirmed. Thank you!")
    profile = _profile(email)
    assert (profile.first_name, profile.source) == ("Vera", "conversion")

    sign_in(page, site("plain.localhost"), "admin@plain.example", next_path="/profilemanagement")
    expect(page.get_by_text(email)).to_be_visible()
