"""The form screens in Chromium (issue 26): a marketer creates a hosted form from /forms,
builds it (the Email field, two more from the field registry, a group every submitter
joins and one offered as a checkbox, two steps split at a field), sees the builder's own
checks and the preview at 426 px, saves, publishes, and opens its public page
(/<client>/pf/<key> on the pages host) to find the fields there. Then the lock: the
creator locks it from the list, and another member finds it locked, cannot change it,
and is refused the unlock in spec 6's words.
Both screens pass axe (WCAG 2 A and AA) and fit 1024 px; unsaved changes hold a move away."""

import re
import uuid

from django.conf import settings
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.audience.models import Group
from marketing.forms.models import Form, FormStatus
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_widths import _OVERFLOWING
from tests.e2e.test_workflows_builder import _committed, _dismiss
from tests.support.browser_session import sign_in


def _in_plain(work, *args):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work(*args)
    finally:
        connection.set_schema_to_public()


def _group(name: str) -> None:
    _committed(_in_plain, lambda: Group.objects.create(name=name))


def _stored(name: str) -> Form:
    return _committed(_in_plain, lambda: Form.objects.get(name=name, deleted_at__isnull=True))


def _pick(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    page.keyboard.press("Escape")


def _fits(page: Page) -> None:
    """UI.md's width rule: nothing scrolls sideways and no header or badge is clipped."""
    assert page.evaluate(_OVERFLOWING) == []


def test_build_publish_and_open_the_public_page_then_the_lock(page: Page, site, browser):
    suffix = uuid.uuid4().hex[:8]
    name, offers = f"Newsletter {suffix}", f"Offers {suffix}"
    _group(offers)
    plain = site("plain.localhost")
    pages = site(settings.PAGES_HOST)
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/forms")
    expect(page.get_by_role("heading", name="Forms", exact=True)).to_be_visible()
    expect_accessible(page, "form list")

    # Create: the kind first, then the builder of a new hosted form.
    page.get_by_test_id("create-form").click()
    page.get_by_test_id("create-sspForm").click()
    expect(page).to_have_url(re.compile(r"/builderForms/sspForm$"))
    expect(page.get_by_role("heading", name="New hosted form")).to_be_visible()
    expect(page.get_by_test_id("field-email")).to_be_visible()

    # The builder's own check, in spec 5.1's words, before anything is sent.
    page.get_by_test_id("form-save").click()
    expect(
        page.locator(".mantine-InputWrapper-error", has_text="Please fill Form Name")
    ).to_be_visible()
    expect(page.get_by_test_id("form-name")).to_be_focused()  # UI.md: the first invalid field
    _dismiss(page, "Please fill Form Name")

    page.get_by_test_id("form-name").fill(name)
    expect(page.locator(".mantine-InputWrapper-error")).to_have_count(0)  # answered
    page.get_by_test_id("form-title").fill("Join our readers")
    page.get_by_test_id("palette-firstName").click()
    page.get_by_test_id("palette-lastName").click()
    expect(page.get_by_test_id("palette-firstName")).to_be_disabled()
    # Reorder with the keyboard-reachable buttons: Last Name above First Name, then back.
    page.get_by_test_id("up-lastName").click()
    fields = page.get_by_test_id("section-0").locator("[data-testid^='field-']")
    expect(fields).to_have_count(3)
    assert fields.nth(1).get_attribute("data-testid") == "field-lastName"
    page.get_by_test_id("down-lastName").click()
    assert fields.nth(2).get_attribute("data-testid") == "field-lastName"
    page.get_by_test_id("required-firstName").check()

    # Two steps: the second starts at Last Name.
    page.get_by_test_id("multi-step").check()
    page.get_by_test_id("split-lastName").click()
    expect(page.get_by_test_id("section-1").get_by_test_id("field-lastName")).to_be_visible()
    # The preview is the public page with the theme, drawn by the server in a frame without
    # scripts: the step shown is chosen beside it, and shows that step's buttons.
    preview = page.frame_locator("[data-testid=form-preview]")
    expect(preview.get_by_role("button", name="Next")).to_be_visible()
    expect(preview.get_by_role("button", name="Submit")).to_be_hidden()
    expect(preview.get_by_label("Last Name")).to_have_count(0)
    page.get_by_test_id("preview-step").get_by_text("Step 2").click()
    expect(preview.get_by_label("Last Name")).to_be_visible()
    expect(preview.get_by_role("button", name="Previous")).to_be_visible()
    expect(preview.get_by_role("button", name="Submit")).to_be_visible()
    page.get_by_test_id("preview-width").get_by_text("Mobile (426 px)").click()
    frame = page.get_by_test_id("preview-frame")
    expect(frame).to_have_attribute("data-width", "mobile")
    assert frame.bounding_box()["width"] <= 426

    # Groups: Customers for everyone, the new group offered as a checkbox.
    page.get_by_test_id("tab-settings").click()
    _pick(page, "Groups every submitter joins", "Customers")
    _pick(page, "Groups offered as checkboxes", offers)
    expect(page.get_by_test_id("opt-in").get_by_label(re.compile("^Double opt-in"))).to_be_checked()
    page.get_by_test_id("single-opt-in").click()
    expect(page.get_by_test_id("single-opt-in-warning")).to_be_visible()
    page.get_by_test_id("opt-in").get_by_label(re.compile("^Double opt-in")).click()
    expect_accessible(page, "form builder")

    # Unsaved changes hold a move away until the marketer chooses.
    page.get_by_test_id("back-to-forms").click()
    page.get_by_test_id("leave-stay").click()
    expect(page).to_have_url(re.compile(r"/builderForms/sspForm$"))

    page.get_by_test_id("form-save").click()
    _dismiss(page, "Form saved successfully.")
    expect(page).to_have_url(re.compile(r"/builderForms/sspForm\?id=\d+$"))
    page.get_by_test_id("form-publish").click()
    _dismiss(page, "Form published successfully.")
    expect(page.locator('[data-status="Published"]')).to_be_visible()
    stored = _stored(name)
    assert stored.status == FormStatus.PUBLISHED and stored.double_opt_in is True
    sections = stored.definition["sections"]
    assert [[f["key"] for f in s["fields"]] for s in sections] == [
        ["email", "firstName"], ["lastName"],
    ]  # fmt: skip
    assert stored.definition["multiStep"] is True
    assert len(stored.definition["groups"]["choices"]) == 1

    # The public page shows the fields step by step, then the group checkbox.
    href = page.get_by_test_id("open-public").get_attribute("href")
    path = f"/plain/pf/{stored.key}"
    assert href.endswith(path) and f"//{settings.PAGES_HOST}" in href, href  # the pages host
    visitor = browser.new_context().new_page()
    visitor.goto(f"{pages.base_url}{path}")
    expect(visitor.get_by_role("heading", name="Join our readers")).to_be_visible()
    for label in ("Email", "First Name"):
        expect(visitor.get_by_label(label)).to_be_visible()
    expect(visitor.get_by_label("Last Name")).to_be_hidden()  # the second step
    visitor.get_by_label("Email").fill("reader@example.com")
    visitor.get_by_label("First Name").fill("Ann")
    visitor.get_by_role("button", name="Next").click()
    expect(visitor.get_by_label("Last Name")).to_be_visible()
    expect(visitor.get_by_role("checkbox", name=offers)).to_be_visible()
    visitor.context.close()

    # The list: the creator locks it.
    page.get_by_test_id("back-to-forms").click()
    page.set_viewport_size({"width": 1024, "height": 800})
    row = page.get_by_test_id(f"form-row-{stored.pk}")
    expect(row).to_contain_text("Published")
    _fits(page)
    page.get_by_test_id("form-search").fill(suffix)
    expect(page.get_by_test_id("forms-table").locator("tbody tr")).to_have_count(1)
    page.get_by_test_id(f"form-actions-{stored.pk}").click()
    page.get_by_test_id(f"form-lock-{stored.pk}").click()
    _dismiss(page, "Form locked: only you can change it now.")
    expect(page.get_by_test_id(f"form-locked-{stored.pk}")).to_be_visible()

    # Another member: the builder is read-only, and the unlock is refused in spec 6's words.
    other = browser.new_context().new_page()
    other.set_viewport_size({"width": 1280, "height": 900})
    sign_in(other, plain, "user@plain.example", next_path="/forms")
    other.get_by_test_id("form-type-sspForm").click()
    other.get_by_test_id(f"form-actions-{stored.pk}").click()
    other.get_by_test_id(f"form-unlock-{stored.pk}").click()
    expect(
        other.get_by_text("You dont have rights to lock the form as it has not been created by you")
    ).to_be_visible()
    other.get_by_role("link", name=name, exact=True).click()
    expect(other.get_by_test_id("form-locked")).to_have_text("This form is locked by its creator.")
    other.set_viewport_size({"width": 1024, "height": 800})
    _fits(other)
    expect(other.get_by_test_id("form-save")).to_be_disabled()
    other.get_by_test_id("tab-settings").click()
    expect(other.get_by_test_id("theme-select")).to_be_visible()
    expect(other.get_by_test_id("disclaimer-select")).to_have_count(0)  # the section is admins'
    other.context.close()
    assert _stored(name).locked is True
