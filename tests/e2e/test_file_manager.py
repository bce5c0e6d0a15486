"""The File Manager in Chromium: a marketer uploads an image, sees a non-image refused (by
the page, and by the server when it is only named like an image), creates a folder, moves
the image into it, renames it, finds its public address serving the image with safe
headers, sees a non-empty folder refused on delete, deletes the image and the folder; the
screen passes axe (WCAG 2 A and AA) with rows and with a dialog open."""

import io
import uuid

from PIL import Image
from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 40), (30, 120, 200)).save(buffer, "PNG")
    return buffer.getvalue()


def _pick(page: Page, name: str, mime: str, data: bytes) -> None:
    page.get_by_test_id("file-dropzone").locator("input[type=file]").set_input_files(
        files=[{"name": name, "mimeType": mime, "buffer": data}]
    )


FETCH = """async (url) => {
  const answer = await fetch(url, { cache: 'no-store' });
  const body = new Uint8Array(await answer.arrayBuffer());
  return {
    status: answer.status,
    body: Array.from(body),
    type: answer.headers.get('content-type'),
    nosniff: answer.headers.get('x-content-type-options'),
    csp: answer.headers.get('content-security-policy'),
  };
}"""


def _fetch(page: Page, url: str) -> dict:
    """The browser's own request: Chromium resolves *.localhost, Playwright's API client not."""
    return page.evaluate(FETCH, url)


def _row_action(page: Page, row, action: str) -> None:
    row.get_by_role("button", name="Actions for", exact=False).click()
    page.get_by_test_id(action).click()


def test_upload_organise_rename_and_delete_an_image(page, site):
    suffix = uuid.uuid4().hex[:6]
    image, folder = f"banner-{suffix}.png", f"Promo {suffix}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    sign_in(page, plain, "admin@plain.example", next_path="/fileManager")
    expect(page.get_by_role("heading", name="File Manager")).to_be_visible()
    expect(page.get_by_test_id("files-table")).to_be_visible()

    # An image goes in; a text file is refused by the page, a page named .png by the server.
    _pick(page, image, "image/png", _png())
    expect(page.get_by_text("Image uploaded.")).to_be_visible()
    rows = page.get_by_test_id("files-table").get_by_role("row")
    row = rows.filter(has_text=image)
    expect(row).to_contain_text("PNG")
    _pick(page, "notes.txt", "text/plain", b"hello")
    expect(
        page.get_by_text("notes.txt: only images can be uploaded (PNG, JPEG, GIF or WebP).")
    ).to_be_visible()
    _pick(page, "fake.png", "image/png", b"<html><script>alert(1)</script></html>")
    expect(
        page.get_by_text("fake.png: Only images can be uploaded: PNG, JPEG, GIF or WebP.")
    ).to_be_visible()
    expect(rows.filter(has_text="fake.png")).to_have_count(0)
    expect_accessible(page, "file manager")

    # The public address serves the image itself, typed, never as a page.
    address = row.get_by_test_id("file-name").get_attribute("href")
    served = _fetch(page, address)
    assert served["status"] == 200 and bytes(served["body"]) == _png()
    assert served["type"] == "image/png" and served["nosniff"] == "nosniff"
    assert served["csp"].startswith("default-src 'none'; sandbox")

    # A folder, then the image moved into it.
    page.get_by_test_id("folder-root").click()
    page.get_by_test_id("new-folder").click()
    expect_accessible(page, "file manager, new folder dialog")
    page.get_by_test_id("name-input").fill(folder)
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Folder created.")).to_be_visible()
    expect(page.get_by_test_id("breadcrumb")).to_contain_text(folder)
    page.get_by_test_id("folder-root").click()
    _row_action(page, row, "file-move")
    page.get_by_test_id("move-target").click()
    page.get_by_role("option", name=f"Files / {folder}", exact=True).click()
    page.get_by_test_id("move-confirm").click()
    expect(page.get_by_text("File moved.")).to_be_visible()
    expect(rows.filter(has_text=image)).to_have_count(0)
    page.get_by_test_id("folder-nav").get_by_text(folder, exact=True).click()
    expect(row).to_be_visible()

    # Renamed: the extension is kept.
    _row_action(page, row, "file-rename")
    page.get_by_test_id("name-input").fill(f"hero-{suffix}")
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("File renamed.")).to_be_visible()
    renamed = rows.filter(has_text=f"hero-{suffix}.png")
    expect(renamed).to_be_visible()

    # A folder that holds a file is not deleted (spec 5.10).
    page.get_by_test_id("delete-folder").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("This folder cannot be deleted: it still holds files")).to_be_visible()

    _row_action(page, renamed, "file-delete")
    expect(page.get_by_role("dialog")).to_contain_text(f"hero-{suffix}.png")
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("File deleted.")).to_be_visible()
    expect(page.get_by_test_id("files-empty")).to_be_visible()
    assert _fetch(page, address)["status"] == 404

    page.get_by_test_id("delete-folder").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("Folder deleted.")).to_be_visible()
    expect(page.get_by_test_id("folder-nav")).not_to_contain_text(folder)
