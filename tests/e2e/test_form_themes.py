"""The theme editor in Chromium (spec 3): from the opt-out form builder an admin opens the
themes, finds the presets read-only, makes a Custom theme, changes the title's colour and
size and the submit button's background, and sees the preview (the public page's own HTML,
in a frame without scripts) change at desktop and at 426 px; the theme is saved under its
name, duplicated and the copy deleted after confirming. Every state passes axe."""

import uuid

from playwright.sync_api import Page, expect

from marketing.forms.models import OptOutForm
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in
from tests.support.optout_forms import in_plain


def _default_form_id() -> int:
    return in_plain(lambda: OptOutForm.objects.get(is_default=True).pk)


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_edit_a_theme_and_see_the_preview_change(page: Page, site):
    plain = site("plain.localhost")
    name = f"Brand {uuid.uuid4().hex[:6]}"
    form_id = _committed(_default_form_id)
    page.set_viewport_size({"width": 1400, "height": 1000})
    sign_in(page, plain, "admin@plain.example", next_path=f"/OptoutForm/{form_id}")
    page.get_by_test_id("edit-themes").click()
    dialog = page.get_by_role("dialog", name="Form themes")
    preview = dialog.get_by_test_id("form-preview")
    expect(preview).to_be_visible()
    assert preview.get_attribute("sandbox") == ""  # no scripts, an opaque origin
    frame = dialog.frame_locator("[data-testid=form-preview]")
    expect(frame.locator(".mc-title")).to_have_text("Join our newsletter")

    # A preset is read-only: it is shown, not changed.
    dialog.get_by_test_id("theme-select").click()
    page.get_by_role("option", name="Dark", exact=True).click()
    expect(dialog.get_by_text("Preset themes cannot be changed.")).to_be_visible()
    expect(dialog.get_by_test_id("theme-name")).to_be_disabled()
    expect(frame.locator(".mc-form")).to_have_css("background-color", "rgb(26, 27, 30)")
    expect_accessible(page, "theme editor, a preset")

    dialog.get_by_test_id("theme-select").click()
    page.get_by_role("option", name="Custom", exact=True).click()
    dialog.get_by_test_id("theme-name").fill(name)
    title = dialog.get_by_test_id("group-title")
    title.get_by_label("Title: Text colour", exact=True).fill("#c92a2a")
    title.get_by_label("Title: Font size").fill("40px")
    expect(frame.locator(".mc-title")).to_have_css("color", "rgb(201, 42, 42)")
    expect(frame.locator(".mc-title")).to_have_css("font-size", "40px")
    # a value still being typed is marked, and the preview keeps the last good look
    title.get_by_label("Title: Font size").fill("40p")
    expect(title.get_by_text("This value is not valid here.")).to_be_visible()
    title.get_by_label("Title: Font size").fill("36px")
    dialog.get_by_test_id("group-submitButton").get_by_role("button", name="Submit button").click()
    submit = dialog.get_by_test_id("group-submitButton")
    submit.get_by_label("Submit button: Background colour", exact=True).fill("#2b8a3e")
    expect(frame.locator(".mc-submit")).to_have_css("background-color", "rgb(43, 138, 62)")

    # At mobile width (spec 9: 426 px) the frame is 426 wide and the page's mobile rules apply.
    # (the modal's sticky header covers the control once the groups are scrolled: a keyboard
    # user's path, focus and arrow key, reaches it as well)
    dialog.get_by_role("radio", name="Desktop").focus()
    page.keyboard.press("ArrowRight")
    expect(preview).to_have_attribute("title", "Form preview, Mobile (426 px)")
    box = preview.bounding_box()
    assert box is not None and 424 <= box["width"] <= 426, box
    expect(frame.locator(".mc-form")).to_have_css("padding-top", "16px")
    expect(frame.locator(".mc-title")).to_have_css("font-size", "36px")
    expect(frame.locator(".mc-title")).to_have_css("color", "rgb(201, 42, 42)")
    expect_accessible(page, "theme editor, mobile preview")

    dialog.get_by_test_id("theme-save").click()
    expect(_toast(page, "Theme saved.")).to_be_visible()
    expect(dialog.get_by_test_id("theme-select")).to_have_value(name)
    # Duplicated, then the copy deleted after confirming (presets never offer Delete).
    dialog.get_by_test_id("theme-duplicate").click()
    expect(dialog.get_by_test_id("theme-select")).to_have_value(f"{name} copy")
    dialog.get_by_test_id("theme-delete").click()
    page.get_by_role("dialog", name="Delete").get_by_test_id("confirm-yes").click()
    expect(_toast(page, "Theme deleted.")).to_be_visible()
    dialog.get_by_test_id("theme-select").click()
    expect(page.get_by_role("option", name=name, exact=True)).to_be_visible()
    expect(page.get_by_role("option", name=f"{name} copy", exact=True)).to_have_count(0)
