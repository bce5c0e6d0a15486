"""Templates in Chromium: a marketer creates a folder of HTML templates, uploads an .html file
into it, finds it by part of its name in another case, renames the folder and is refused
its deletion while it holds the template (the server's message as a toast), writes a
plain-text template, and creates a footer (equal colours refused, then different ones) and
deletes it after seeing which campaigns use it. Every screen passes axe (WCAG 2 A and AA)."""

import re
import uuid

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

FOLDER_NOT_EMPTY = "A folder must hold no templates and no subfolders to be deleted."
# A folder's row in the tree (its select button), whatever its id.
FOLDER_ROW = re.compile(r"^folder-\d+$")


def _toast(page: Page, message: str):
    return page.locator(".mantine-Notification-root").filter(has_text=message)


def test_folders_html_upload_search_plain_text_and_footer(page, site, tmp_path):
    suffix = uuid.uuid4().hex[:6]
    folder = f"Promo {suffix}"
    renamed = f"Offers {suffix}"
    name = f"Spring Sale {suffix}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    sign_in(page, plain, "admin@plain.example", next_path="/templates?isReload=true")
    expect(page.get_by_role("heading", name="Templates", exact=True)).to_be_visible()
    page.get_by_role("tab", name="HTML", exact=True).click()
    expect(page).to_have_url(re.compile(r"/templates\?type=html$"))
    expect(page.get_by_test_id("templates-empty")).to_be_visible()
    expect_accessible(page, "template gallery")

    # A folder of HTML templates.
    page.get_by_test_id("folder-new").click()
    page.get_by_test_id("folder-name-input").fill(folder)
    page.get_by_test_id("folder-create-save").click()
    expect(_toast(page, "Folder created successfully.")).to_be_visible()
    tree = page.get_by_test_id("folder-tree")
    tree.get_by_test_id(FOLDER_ROW).filter(has_text=folder).click()
    expect(page).to_have_url(re.compile(r"folderId=\d+"))
    folder_id = re.search(r"folderId=(\d+)", page.url).group(1)

    # An .html file uploaded as a template into it; it opens in the code editor.
    page.get_by_test_id("template-new").click()
    page.get_by_role("menuitem", name="Upload HTML").click()
    expect(page).to_have_url(f"{plain.base_url}/htmlUpload?folderId={folder_id}")
    expect(page.get_by_role("heading", name="HTML Upload")).to_be_visible()
    wrong = tmp_path / "notes.txt"
    wrong.write_text("not html")
    page.get_by_test_id("html-dropzone").locator("input[type=file]").set_input_files(wrong)
    expect(_toast(page, "Unsupported file type. Please upload only Html files")).to_be_visible()
    upload = tmp_path / "spring.html"
    upload.write_text(
        "<html><body><h1>Spring</h1><p onclick='x()'>Hello <% firstName %></p></body></html>"
    )
    page.get_by_test_id("html-dropzone").locator("input[type=file]").set_input_files(upload)
    expect(page.get_by_test_id("html-chosen")).to_have_text("Chosen file: spring.html")
    page.get_by_test_id("html-name").fill(name)
    expect(page.get_by_test_id("template-folder")).to_have_value(re.compile(folder))
    expect_accessible(page, "HTML upload")
    page.get_by_test_id("html-upload").click()
    expect(page).to_have_url(re.compile(r"/htmlUpload\?templateId=\d+$"))
    code = page.get_by_test_id("html-code")
    expect(code).to_have_value(re.compile("<h1>Spring</h1>"))
    # The server kept the HTML email-safe: no event handler survives the upload.
    expect(code).not_to_have_value(re.compile("onclick"))
    preview = page.frame_locator("[data-testid=html-code-preview]")
    expect(preview.get_by_role("heading", name="Spring")).to_be_visible()
    assert page.get_by_test_id("html-code-preview").get_attribute("sandbox") == ""
    expect_accessible(page, "HTML code editor")

    # Found by a part of its name in another case.
    page.get_by_role("link", name="Back to templates").click()
    expect(page).to_have_url(re.compile(rf"/templates\?type=html&folderId={folder_id}$"))
    page.get_by_test_id("template-search").fill(f"sale {suffix}".upper())
    grid = page.get_by_test_id("template-grid")
    expect(grid.get_by_test_id("template-name")).to_have_text([name])
    page.get_by_test_id("template-search").fill("no such template")
    expect(page.get_by_test_id("templates-no-match")).to_be_visible()
    page.get_by_test_id("template-search").fill(suffix.upper())
    expect(grid.get_by_test_id("template-name")).to_have_text([name])
    # Its thumbnail, rendered by the job its save started, shows on the card.
    thumbnail = grid.get_by_role("img", name=f"Thumbnail of {name}")
    expect(thumbnail).to_be_visible()
    page.wait_for_function(
        "image => image.complete && image.naturalWidth > 0",
        arg=thumbnail.element_handle(),
        timeout=10_000,
    )
    expect_accessible(page, "template gallery with a folder and a template")

    # Renamed inline; its deletion refused while it holds the template.
    tree.get_by_role("button", name=f"Folder actions for {folder}").click()
    page.get_by_role("menuitem", name="Rename").click()
    field = tree.get_by_role("textbox", name=f"Rename folder {folder}")
    field.fill(renamed)
    field.press("Enter")
    expect(_toast(page, "Folder renamed successfully.")).to_be_visible()
    expect(tree.get_by_test_id(FOLDER_ROW).filter(has_text=renamed)).to_be_visible()
    tree.get_by_role("button", name=f"Folder actions for {renamed}").click()
    page.get_by_role("menuitem", name="Delete").click()
    expect(page.get_by_role("dialog", name="Delete folder")).to_contain_text(renamed)
    page.get_by_test_id("confirm-yes").click()
    expect(_toast(page, FOLDER_NOT_EMPTY)).to_be_visible()
    expect(tree.get_by_test_id(FOLDER_ROW).filter(has_text=renamed)).to_be_visible()

    # A plain-text template: placeholder-only text is empty, real text is saved.
    page.get_by_test_id("template-new").click()
    page.get_by_role("menuitem", name="Write plain text").click()
    expect(page.get_by_role("heading", name="Plain Text Editor")).to_be_visible()
    page.get_by_test_id("plain-name").fill(f"Note {suffix}")
    page.get_by_test_id("plain-subject").fill("A short note")
    page.get_by_test_id("plain-save").click()
    expect(_toast(page, "Please fill Text")).to_be_visible()
    page.get_by_test_id("plain-text").fill("Hello ")
    page.get_by_test_id("merge-tag-button").click()
    page.get_by_role("option").first.click()
    expect(page.get_by_test_id("plain-text")).to_have_value(re.compile(r"^Hello <% .+ %>$"))
    expect_accessible(page, "plain-text editor")
    page.get_by_test_id("plain-save").click()
    expect(_toast(page, "Template saved successfully.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/plaintexteditor\?templateId=\d+$"))
    page.goto(f"{plain.base_url}/templates?type=plainText")
    expect(page.get_by_test_id("template-grid").get_by_test_id("template-name")).to_have_text(
        [f"Note {suffix}"]
    )

    # A footer: equal colours are refused, different ones saved; deleted after the
    # confirmation that lists the campaigns using it.
    page.goto(f"{plain.base_url}/CampaignFooterSettingsList")
    expect(page.get_by_role("heading", name="Campaign Footer Settings")).to_be_visible()
    expect_accessible(page, "headers and footers list")
    page.get_by_test_id("hf-new").click()
    expect(page).to_have_url(f"{plain.base_url}/CampaignFooterSettings?type=footer")
    footer = f"Legal {suffix}"
    page.get_by_test_id("hf-name").fill(footer)
    page.get_by_role("textbox", name="Background colour").fill("#334455")
    page.get_by_role("textbox", name="Font colour").fill("#334455")
    page.get_by_test_id("hf-html").fill("<p>Mailcraft, 1 Main Street</p>")
    page.get_by_test_id("hf-save").click()
    expect(_toast(page, "Footer background and font colours must differ.")).to_be_visible()
    expect(page).to_have_url(f"{plain.base_url}/CampaignFooterSettings?type=footer")
    page.get_by_role("textbox", name="Font colour").fill("#ffffff")
    page.get_by_test_id("hf-save").click()
    expect(_toast(page, "Footer saved successfully.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/CampaignFooterSettings\?type=footer&id=\d+$"))
    footer_frame = page.frame_locator("[data-testid=hf-html-preview]")
    expect(footer_frame.get_by_text("Mailcraft, 1 Main Street")).to_be_visible()
    expect_accessible(page, "footer editor")

    page.get_by_role("link", name="Back to headers and footers").click()
    row = page.get_by_test_id("hf-table").get_by_role("row").filter(has_text=footer)
    row.get_by_role("button", name=f"Delete {footer}").click()
    dialog = page.get_by_role("dialog", name="Delete footer")
    expect(dialog.get_by_test_id("hf-associated")).to_have_text("No campaign uses it.")
    expect_accessible(page, "footer delete confirmation")
    dialog.get_by_test_id("hf-delete-confirm").click()
    expect(_toast(page, "Footer deleted successfully.")).to_be_visible()
    expect(page.get_by_test_id("hf-table")).not_to_contain_text(footer)


def test_public_preview_refuses_a_bad_token(page, site):
    plain = site("plain.localhost")
    page.goto(f"{plain.base_url}/external/previewTemplate?token=forged")
    expect(page.get_by_test_id("external-error")).to_have_text(
        "Invalid URL, unable to display the email"
    )
    expect_accessible(page, "public template preview, bad token")
