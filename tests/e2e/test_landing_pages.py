"""Landing and pop-up pages (issue 27): a person starts a pop-up page from /lpTemplateList
and publishes it, then designs a landing page in GrapesJS with a published form and a
button that opens the pop-up, previews it in a sandboxed frame, and publishes it. A
visitor opens it on the pages host: the button opens the pop-up page, the form in the page
takes a subscription (the forms' public endpoint, its proof of work solved by the form's
page), and the visit is counted. axe checks every screen; any CSP violation fails the
test (conftest)."""

from __future__ import annotations

import re
import uuid

from django.conf import settings
from playwright.sync_api import Page, expect

from marketing.audience.models import Group
from marketing.forms.models import FormSubmission
from marketing.forms.services.forms import form_create, form_publish
from marketing.sites.models import LandingPage, PageVisitDay
from tests.e2e.axe import expect_accessible
from tests.e2e.test_form_embed import _in_plain
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in
from tests.support.waiting import wait_until

PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"
OUTSIDE_THE_CANVAS = {"include": [["body"]], "exclude": [["iframe.gjs-frame"], [".gjs-editor"]]}


def _form(suffix: str) -> str:
    def make():
        group = Group.objects.create(name=f"Landing {suffix}")
        form = form_create(
            member=None,
            values={
                "name": f"Landing form {suffix}",
                "form_type": "embeddedForm",
                "definition": {
                    "title": "Get the offer",
                    "sections": [{"id": "s1", "fields": [
                        {"key": "email", "type": "email", "label": "Email", "required": True}]}],
                    "groups": {"fixed": [group.pk]},
                },
            },
        )  # fmt: skip
        form_publish(member=None, form_id=form.pk)
        return form.name

    return _committed(_in_plain, make)


def _start(page: Page, app, name: str, *, popup: bool) -> None:
    page.goto(f"{app.base_url}/landingpages")
    page.get_by_test_id("create-page").first.click()
    expect(page.get_by_role("heading", name="Start a landing page")).to_be_visible()
    page.get_by_test_id("lp-name").fill(name)
    if popup:
        page.get_by_text("Pop Up Page").click()
    page.get_by_test_id("lp-layout-twoColumn").click()
    expect_accessible(page, "/lpTemplateList")
    page.get_by_test_id("lp-start").click()
    expect(page).to_have_url(re.compile(r"/createlp\?id=\d+"))
    expect(page.frame_locator("iframe.gjs-frame").locator("body")).to_contain_text(
        "Special offer" if popup else "Your headline"
    )


def test_design_publish_and_visit_a_landing_page_with_a_form_and_a_popup(page: Page, site, browser):
    suffix = uuid.uuid4().hex[:8]
    form_name = _form(suffix)
    app = site("plain.localhost")
    pages = site(settings.PAGES_HOST)
    sign_in(page, app, "admin@plain.example", next_path="/landingpages")
    expect(page.get_by_role("heading", name="Landing Pages")).to_be_visible()
    expect_accessible(page, "/landingpages")

    # a pop-up page, opened by a button
    _start(page, app, f"Offer {suffix}", popup=True)
    page.get_by_test_id("lp-publish").click()
    expect(page.get_by_text("Page published.")).to_be_visible()

    # the landing page: a form and the pop-up's button
    _start(page, app, f"Spring {suffix}", popup=False)
    expect_accessible(page, "/createlp", OUTSIDE_THE_CANVAS)
    page.get_by_test_id("lp-add-form").click()
    page.get_by_test_id("lp-choose-form").click()
    page.get_by_role("option", name=form_name).click()
    page.get_by_test_id("lp-insert-form").click()
    page.get_by_test_id("lp-add-popup").click()
    page.get_by_test_id("lp-choose-popup").click()
    page.get_by_role("option", name=f"Offer {suffix}").click()
    page.get_by_test_id("lp-insert-popup").click()
    canvas = page.frame_locator("iframe.gjs-frame")
    expect(canvas.get_by_text("Open offer")).to_be_visible()

    page.get_by_test_id("lp-settings").click()
    page.get_by_test_id("lp-slug").fill(f"Spring Sale {suffix}")
    expect_accessible(page, "/createlp settings", OUTSIDE_THE_CANVAS)
    page.get_by_test_id("lp-settings-apply").click()

    page.get_by_test_id("lp-preview").click()
    preview = page.get_by_test_id("lp-preview-frame")
    expect(preview).to_have_attribute("sandbox", "")
    expect(preview).to_have_attribute("width", "1024")
    page.get_by_test_id("lp-preview-device").get_by_text("Mobile").click()
    expect(preview).to_have_attribute("width", "375")
    expect(
        page.frame_locator("[data-testid=lp-preview-frame]").get_by_text("Open offer")
    ).to_be_visible()
    expect_accessible(page, "/createlp preview", OUTSIDE_THE_CANVAS)
    page.keyboard.press("Escape")

    page.get_by_test_id("lp-publish").click()
    expect(page.get_by_text("Page published.")).to_be_visible()
    slug = f"spring-sale-{suffix}"
    expect(page.get_by_test_id("lp-public-url")).to_contain_text(f"/plain/{slug}")
    page.locator(".mantine-Notification-root", has_text="Page published.").locator(
        ".mantine-Notification-closeButton"
    ).click()  # the toast sits over the toolbar
    page.get_by_test_id("lp-versions").click()
    expect(page.get_by_test_id("lp-version-2")).to_contain_text("Live")
    page.keyboard.press("Escape")

    # the visitor, on the pages host, in a browser of their own (a headless browser's
    # user agent is a machine's: tracking's filter would not count its visit)
    people = browser.new_context(user_agent=PERSON)
    visitor = people.new_page()
    visitor.set_default_timeout(10_000)
    visitor.goto(f"{pages.base_url}/plain/{slug}")
    expect(visitor.get_by_role("heading", name="Your headline")).to_be_visible()
    dialog = visitor.get_by_role("dialog", name="Pop-up")
    expect(dialog).to_be_hidden()
    visitor.get_by_role("link", name="Open offer").click()
    expect(dialog).to_be_visible()
    expect(
        visitor.frame_locator("iframe.mc-popup-frame").get_by_text("Special offer")
    ).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    email = f"landing-{suffix}@mail.example"
    form = visitor.frame_locator("iframe.mc-form-frame")
    form.get_by_label("Email").fill(email)
    form.get_by_role("button", name="Submit").click()
    expect(form.get_by_role("status")).to_contain_text("Thank you!")
    row = wait_until(
        lambda: _committed(_in_plain, lambda: FormSubmission.objects.filter(email=email).first()),
        timeout=30,
        message="the submission is stored",
    )
    assert row is not None

    def visits():
        page_id = LandingPage.objects.get(slug=slug).pk
        return PageVisitDay.objects.filter(page_id=page_id, visits__gte=1).exists()

    wait_until(lambda: _committed(_in_plain, visits), timeout=30, message="the visit is counted")
    people.close()

    # the list shows it published, and unpublishing the pop-up is refused while linked
    page.goto(f"{app.base_url}/landingpages")
    page.get_by_test_id("page-search").fill(suffix)
    expect(page.get_by_text(f"Spring {suffix}")).to_be_visible()
    popup_row = page.locator("tr", has_text=f"Offer {suffix}")
    popup_row.get_by_role("button", name=f"Actions for Offer {suffix}").click()
    page.get_by_role("menuitem", name="Unpublish").click()
    expect(page.get_by_text("Please unlink them first.")).to_be_visible()
