"""Changing one's email preferences in Chromium: the preferences link of a message opens
the client's default update-preferences page showing the person's groups without changing
anything; the person switches topics and saves; the thank-you page follows and the
database holds the new groups. The same link on another client's host is refused. Both
pages pass axe (WCAG 2 A and AA)."""

import uuid

from django.db import connection
from django.test import override_settings
from playwright.sync_api import Page, expect

from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.delivery.models import UpdatePreferences
from marketing.delivery.tokens import PREFERENCES, recipient_token
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.app_server import SERVER_SECRET_KEY
from tests.support.browser_session import sign_in


def _in_plain(work, *args):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work(*args)
    finally:
        connection.set_schema_to_public()


def _seed(email: str, topic: str) -> tuple[int, int, int]:
    """A profile in the Newsletter group; the default page offers Newsletter and `topic`."""
    newsletter = Group.objects.get(default_key="newsletter")
    events = Group.objects.create(name=topic)
    page = UpdatePreferences.objects.get(is_default=True)
    page.heading, page.offer_unsubscribe_all = "Manage your email preferences", True
    page.save()
    page.groups.set([newsletter, events])
    profile = Profile.objects.create(email=email)
    ProfileGroup.objects.create(profile=profile, group=newsletter)
    return profile.pk, newsletter.pk, events.pk


def _groups(profile_id: int) -> set[int]:
    return set(
        ProfileGroup.objects.filter(profile_id=profile_id).values_list("group_id", flat=True)
    )


def test_change_preferences_through_the_default_page(page: Page, site):
    email = f"reader-{uuid.uuid4().hex[:8]}@mail.example"
    topic = f"Events {uuid.uuid4().hex[:6]}"
    profile_id, newsletter, events = _committed(_in_plain, _seed, email, topic)
    with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
        token = recipient_token(PREFERENCES, schema="plain", profile_id=profile_id, send_id=1)

    plain = site("plain.localhost")
    page.goto(f"{plain.base_url}/external/managepreferences?token={token}")
    expect(page.get_by_role("heading", name="Manage your email preferences")).to_be_visible()
    expect(page.get_by_text(f"Preferences for {email[0]}***@mail.example")).to_be_visible()
    expect(page.get_by_role("checkbox", name="Newsletter")).to_be_checked()
    expect(page.get_by_role("checkbox", name=topic)).not_to_be_checked()
    expect(page.get_by_role("checkbox", name="Unsubscribe from all emails")).not_to_be_checked()
    assert _committed(_in_plain, _groups, profile_id) == {newsletter}  # opening changed nothing
    expect_accessible(page, "preferences page")

    page.get_by_role("checkbox", name=topic).check()
    page.get_by_role("checkbox", name="Newsletter").uncheck()
    page.get_by_role("button", name="Save preferences").click()
    page.wait_for_url("**/external/thankyoupage?for=preferences")
    expect(page.get_by_text("Your email preferences are saved.")).to_be_visible()
    expect_accessible(page, "thank-you page after preferences")
    assert _committed(_in_plain, _groups, profile_id) == {events}

    # Back on the page: the new choice shows.
    page.goto(f"{plain.base_url}/external/managepreferences?token={token}")
    expect(page.get_by_role("checkbox", name=topic)).to_be_checked()
    expect(page.get_by_role("checkbox", name="Newsletter")).not_to_be_checked()

    # The same link on another client's host names no one there.
    shop = site("shop.localhost")
    answer = page.goto(f"{shop.base_url}/external/managepreferences?token={token}")
    assert answer.status == 404
    expect(page.get_by_text("Not found.")).to_be_visible()
    expect(page.get_by_role("button", name="Save preferences")).to_have_count(0)


def _default_page() -> tuple[int, str, list[str]]:
    page = UpdatePreferences.objects.get(is_default=True)
    return page.pk, page.heading, sorted(group.name for group in page.groups.all())


def _group(name: str) -> int:
    return Group.objects.create(name=name).pk


def test_an_admin_edits_the_default_page(page: Page, site):
    topic = f"Webinars {uuid.uuid4().hex[:6]}"
    _committed(_in_plain, _group, topic)
    heading = f"Your emails {uuid.uuid4().hex[:4]}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    sign_in(page, plain, "admin@plain.example", next_path="/updatePreferencesList")
    expect(page.get_by_role("heading", name="Update Preferences Pages")).to_be_visible()
    expect(page.get_by_text("Default", exact=True)).to_be_visible()
    expect_accessible(page, "update preferences list")
    page.get_by_role("link", name="Edit Default Update Preferences").click()
    expect(page.get_by_role("heading", name="Update Preferences", exact=True)).to_be_visible()
    expect_accessible(page, "update preferences settings")

    page.get_by_label("Heading").fill("")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Please fill Heading")).to_be_visible()  # spec 5.1's helper
    page.get_by_label("Heading").fill(heading)
    page.locator("#up-groupIds").fill(topic[:12])
    page.get_by_role("option", name=topic).click()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Update preferences saved.")).to_be_visible()

    _, saved_heading, groups = _committed(_in_plain, _default_page)
    assert saved_heading == heading
    assert topic in groups
