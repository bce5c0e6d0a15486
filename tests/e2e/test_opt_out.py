"""Unsubscribing through the default opt-out page in Chromium: the link of a message opens
the page without changing anything, the person confirms, the thank-you page follows and the
profile is unsubscribed; the same link on another client's host is refused. Both pages
pass axe (WCAG 2 A and AA)."""

import re
import uuid

from django.db import connection
from django.test import override_settings
from playwright.sync_api import Page, expect

from marketing.audience.models import Profile
from marketing.delivery.tokens import UNSUBSCRIBE, recipient_token
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.app_server import SERVER_SECRET_KEY


def _profile(email: str) -> int:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return Profile.objects.create(email=email).pk
    finally:
        connection.set_schema_to_public()


def _unsubscribed(profile_id: int) -> bool:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return Profile.objects.get(pk=profile_id).unsubscribed_at is not None
    finally:
        connection.set_schema_to_public()


def test_unsubscribe_through_the_default_opt_out_page(page: Page, site):
    email = f"reader-{uuid.uuid4().hex[:8]}@mail.example"
    profile_id = _committed(_profile, email)
    with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
        token = recipient_token(UNSUBSCRIBE, schema="plain", profile_id=profile_id, send_id=1)

    plain = site("plain.localhost")
    page.goto(f"{plain.base_url}/u/{token}")  # what a person clicking the link does
    page.wait_for_url("**/external/useroptoutform?token=*")
    expect(page.get_by_text(f"at {email[0]}***@mail.example?")).to_be_visible()
    assert not _committed(_unsubscribed, profile_id)  # opening the page changed nothing
    # Whose mail it is, and a way to choose fewer emails rather than none.
    expect(page.get_by_test_id("optout-brand")).to_have_text("Plain")
    expect(page.get_by_role("link", name="Update your email preferences")).to_have_attribute(
        "href", re.compile(r"^/external/managepreferences\?token=.+")
    )
    expect_accessible(page, "opt-out page")

    page.get_by_role("button", name="Unsubscribe").click()
    page.wait_for_url("**/external/thankyoupage")
    expect(page.get_by_role("heading", name="Thank you")).to_be_visible()
    expect_accessible(page, "thank-you page")
    assert _committed(_unsubscribed, profile_id)

    # Back on the page: it says so, and offers nothing more.
    page.goto(f"{plain.base_url}/external/useroptoutform?token={token}")
    expect(page.get_by_text("is unsubscribed")).to_be_visible()
    expect(page.get_by_role("button", name="Unsubscribe")).to_have_count(0)

    # The same link on another client's host names no one there.
    shop = site("shop.localhost")
    answer = page.goto(f"{shop.base_url}/u/{token}")
    assert answer.status == 404 and page.url == f"{shop.base_url}/u/{token}"  # no redirect
    expect(page.get_by_text("Not found.")).to_be_visible()
    expect(page.get_by_role("button", name="Unsubscribe")).to_have_count(0)
