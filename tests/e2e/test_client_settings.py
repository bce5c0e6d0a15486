"""Client Settings in Chromium (spec 5.10, admins; /clientSettings from the More menu): the
time zone and the public forms' robot check. Choosing reCAPTCHA asks for the site key and
secret in spec 5.1's words before anything is sent; saved again as it was, the settings
stay (the test changes nothing the other tests of this client rely on: its forms keep the
built-in proof of work). A user does not find the screen's entry. Both states pass axe."""

from django.db import connection
from playwright.sync_api import Page, expect

from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_workflows_builder import _committed
from tests.support.browser_session import sign_in


def _plain() -> Client:
    def read():
        connection.set_schema_to_public()
        return Client.objects.get(schema_name="plain")

    return _committed(read)


def test_an_admin_sees_and_saves_the_client_settings(page: Page, site):
    before = _plain()
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/clientSettings")
    expect(page.get_by_role("heading", name="Client Settings", exact=True)).to_be_visible()
    expect(page.get_by_test_id("client-time-zone")).to_have_value(before.time_zone)
    expect(page.get_by_label("Built-in proof of work", exact=False)).to_be_checked()
    expect_accessible(page, "client settings")

    page.get_by_label("Google reCAPTCHA with your own keys").check()
    page.get_by_test_id("client-settings-save").click()
    expect(page.get_by_text("Please fill Site Key")).to_be_visible()
    expect(page.get_by_text("Please fill Site Secret")).to_be_visible()
    expect(page.get_by_test_id("client-site-key")).to_be_focused()  # UI.md: the first invalid
    expect_accessible(page, "client settings, refused")

    page.get_by_label("Built-in proof of work", exact=False).check()
    page.get_by_test_id("client-settings-save").click()
    toast = page.locator(".mantine-Notification-root").filter(has_text="Client settings saved.")
    expect(toast).to_be_visible()
    after = _plain()
    assert (after.time_zone, after.captcha) == (before.time_zone, "altcha")


def test_the_menu_entry_is_for_admins(page: Page, site):
    plain = site("plain.localhost")
    sign_in(page, plain, "user@plain.example", next_path="/forms")
    expect(page.get_by_role("heading", name="Forms", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Client Settings")).to_have_count(0)
