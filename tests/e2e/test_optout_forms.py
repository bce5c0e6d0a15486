"""Opt-out forms in Chromium (spec 2.1 /OptoutForms, 2.4 /OptoutForm/:formId, 5.5): an admin
builds a form (reasons, category and groups, button text, thank-you page, theme), sees the
spec's required-field wording, makes it the default, cannot delete a default; then a
recipient opens a message's unsubscribe link, sees its reasons and lists, picks a reason,
unsubscribes and sees the form's thank-you page. Every screen passes axe."""

import re
import uuid

from django.test import override_settings
from playwright.sync_api import Page, expect

from marketing.audience.models import Profile
from marketing.delivery.tokens import UNSUBSCRIBE, recipient_token
from marketing.forms.models import OptOutResponse
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.app_server import SERVER_SECRET_KEY
from tests.support.browser_session import sign_in
from tests.support.optout_forms import default_restore, in_plain, reader_in_groups


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def _outcome(profile_id: int):
    def read():
        profile = Profile.objects.get(pk=profile_id)
        response = OptOutResponse.objects.filter(profile_id=profile_id).first()
        return profile.unsubscribed_at is not None, response.reason if response else None

    return in_plain(read)


def test_build_an_opt_out_form_and_unsubscribe_through_it(page: Page, site):
    suffix = uuid.uuid4().hex[:6]
    email = f"reader-{suffix}@mail.example"
    world = _committed(reader_in_groups, suffix, email)
    plain = site("plain.localhost")
    name = f"Spring opt-out {suffix}"
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/OptoutForms")
    expect(page.get_by_role("heading", name="Opt-out Forms", exact=True)).to_be_visible()
    expect(page.get_by_test_id("optout-row-Default Opt-out Form")).to_be_visible()
    expect_accessible(page, "opt-out forms")

    try:
        page.get_by_test_id("create-optout-form").first.click()
        expect(page).to_have_url(re.compile(r"/OptoutForm/new$"))
        page.get_by_test_id("optout-button").fill("")
        page.get_by_test_id("optout-save").click()
        expect(page.get_by_text("Please fill Form Name")).to_be_visible()
        expect(page.get_by_text("Please fill Unsubscribe Button Text")).to_be_visible()
        expect(page.get_by_text("Please fill Form Category")).to_be_visible()
        expect(page.get_by_text("Please fill Group")).to_be_visible()
        expect_accessible(page, "opt-out form builder, refused")

        page.get_by_test_id("optout-name").fill(name)
        page.get_by_test_id("optout-heading").fill("Before you go")
        page.get_by_test_id("reason-0").fill("Too many emails")
        page.get_by_test_id("add-reason").click()
        page.get_by_test_id("reason-1").fill("Not relevant to me")
        page.get_by_test_id("optout-button").fill("Leave now")
        page.get_by_test_id("optout-category").click()
        page.get_by_role("option", name=world["category"], exact=True).click()
        page.get_by_test_id("optout-groups").click()
        page.get_by_role("option", name=f"Weekly {suffix}", exact=True).click()
        page.get_by_role("option", name=f"Offers {suffix}", exact=True).click()
        page.keyboard.press("Escape")
        page.get_by_test_id("optout-theme").click()
        page.get_by_role("option", name="Minimal", exact=True).click()
        page.get_by_test_id("optout-thanks").fill(
            '<p>Thanks for telling us</p><img src=x onerror="alert(1)">'
        )
        page.get_by_test_id("optout-save").click()
        expect(_toast(page, "Opt-out form saved.")).to_be_visible()
        expect(page).to_have_url(re.compile(r"/OptoutForm/\d+$"))
        expect_accessible(page, "opt-out form builder")

        page.get_by_role("link", name="Back to opt-out forms").click()
        page.get_by_test_id("optout-search").fill(f"spring OPT-OUT {suffix}")
        row = page.get_by_test_id(f"optout-row-{name}")
        expect(row).to_be_visible()
        page.get_by_test_id(f"optout-menu-{name}").click()
        page.get_by_role("menuitem", name=f"Make {name} the default").click()
        expect(_toast(page, "The unsubscribe link now shows this form.")).to_be_visible()
        expect(row.get_by_text("Default", exact=True)).to_be_visible()
        page.get_by_test_id(f"optout-menu-{name}").click()
        expect(page.get_by_role("menuitem", name=f"Delete {name}")).to_be_disabled()
        page.keyboard.press("Escape")

        # The recipient: a message's unsubscribe link, in a browser of their own.
        with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
            token = recipient_token(
                UNSUBSCRIBE, schema="plain", profile_id=world["profile_id"], send_id=1
            )
        recipient = page.context.browser.new_context().new_page()
        recipient.goto(f"{plain.base_url}/u/{token}")
        recipient.wait_for_url("**/external/useroptoutform?token=*")
        expect(recipient.get_by_role("heading", name="Before you go")).to_be_visible()
        reasons = recipient.get_by_test_id("optout-reasons")
        expect(reasons.get_by_role("radio")).to_have_count(2)
        expect(recipient.get_by_test_id("optout-groups").get_by_role("checkbox")).to_have_count(2)
        # the theme's rules reach the page (Minimal's submit button colour)
        expect(recipient.get_by_test_id("optout-submit")).to_have_css(
            "background-color", "rgb(33, 37, 41)"
        )
        assert _committed(_outcome, world["profile_id"]) == (False, None)
        expect_accessible(recipient, "opt-out page built by a form")
        reasons.get_by_label("Not relevant to me").check()
        recipient.get_by_role("button", name="Leave now").click()
        recipient.wait_for_url("**/external/thankyoupage")
        expect(recipient.get_by_role("heading", name="Thank you")).to_be_visible()
        thanks = recipient.get_by_test_id("thanks-html")
        assert thanks.get_attribute("sandbox") == ""
        expect(recipient.frame_locator("[data-testid=thanks-html]").get_by_text(
            "Thanks for telling us"
        )).to_be_visible()  # fmt: skip
        assert "onerror" not in (thanks.get_attribute("srcdoc") or "")
        expect_accessible(recipient, "thank-you page of a form")
        assert _committed(_outcome, world["profile_id"]) == (True, "Not relevant to me")
    finally:
        _committed(default_restore, world["default_id"])
