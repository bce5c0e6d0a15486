"""The email designer in Chromium (/beeeditor): a marketer drags a text block and an image
block from the blocks panel into the canvas, picks an image uploaded to the file manager,
types a merge tag into the text, saves, previews the email for a profile (the tag filled
with the profile's first name) and finds the template's thumbnail in the gallery. The page
around the canvas passes axe, and nothing the browser asks for during the session leaves the
app's host: GrapesJS' telemetry, its cdnjs icon font and the preset's placeholder pictures
are all kept out (telemetry would not even fire on *.localhost, so the test also reads the
editor's configuration)."""

import io
import re
import threading
import time
import uuid
from urllib.parse import urlsplit

from django.db import connection, connections
from PIL import Image
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from marketing.audience.services.groups import group_create
from marketing.audience.services.profiles import profile_create
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

THUMBNAIL_DEADLINE_S = 90

# The page's own calls to the API, with the session the app holds (its cookie, and the CSRF
# cookie's value on a write).
_API = """async ([method, path, body]) => {
  const headers = { Accept: 'application/json' };
  const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken='));
  if (csrf) headers['X-CSRFToken'] = decodeURIComponent(csrf.slice('csrftoken='.length));
  let payload;
  if (body && body.png) {
    const bytes = Uint8Array.from(atob(body.png), (c) => c.charCodeAt(0));
    payload = new FormData();
    payload.set('file', new File([bytes], body.name, { type: 'image/png' }));
  } else if (body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(path, { method, headers, body: payload, credentials: 'include' });
  return { status: response.status, body: await response.json().catch(() => null) };
}"""

# axe reads the whole page but the canvas: `iframe.gjs-frame` holds the email being
# designed (the user's content, which the server makes email-safe, not the app's page).
# On load GrapesJS' chrome around it is checked too and passes: its icon-only panel buttons
# are named by the designer (grapes-editor.ts) and its theme's contrast holds.
OUTSIDE_THE_CANVAS = {"include": [["body"]], "exclude": [["iframe.gjs-frame"]]}
# Once a component is selected GrapesJS opens its style manager, third-party markup with
# unlabelled unit <select>s, icon-only "add layer" buttons and, in its modals, an unlabelled
# code <textarea> and file input (axe, measured 2026-11-23: select-name x24, button-name x2,
# label x1-2). That chrome (`.gjs-editor`) is left out of the later checks, which then cover
# the page's own header and the preview dialog.
THE_APP_ONLY = {"include": [["body"]], "exclude": [["iframe.gjs-frame"], [".gjs-editor"]]}
# A save runs the thumbnail job in the app server here (tasks are eager in the browser
# tests): Chromium renders the email before the answer comes back.
SAVE_TIMEOUT_MS = 60_000


def _committed(seed, *args):
    """Runs `seed` on a connection of its own, which commits (the app server sees it)."""
    answer = {}

    def run():
        try:
            answer["value"] = seed(*args)
        except Exception as exc:  # re-raised in the test's thread
            answer["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in answer:
        raise answer["error"]
    return answer["value"]


def _seed_profile(suffix: str) -> dict:
    plain = Client.objects.get(schema_name="plain")
    connection.set_tenant(plain)
    try:
        group = group_create(name=f"Designer readers {suffix}")
        email = f"zelda-{suffix}@example.com"
        profile_create(client=plain, email=email, group_ids=[group.pk], first_name="Zelda")
    finally:
        connection.set_schema_to_public()
    return {"email": email}


def _png(width: int, height: int, colour: tuple[int, int, int]) -> str:
    import base64

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, format="PNG")
    return base64.b64encode(buffer.getvalue()).decode()


def _api(page: Page, method: str, path: str, body=None) -> dict:
    answer = page.evaluate(_API, [method, path, body])
    assert answer["status"] < 300, answer
    return answer["body"]


def _drag_until_added(page: Page, label: str, y: float, added) -> None:
    """`_drag_block`, again (at most three times) while the canvas shows no new `added`: on
    a loaded machine the first drag can start before the canvas frame takes drops."""
    before = added.count()
    for _ in range(3):
        try:
            _drag_block(page, label, y)
            added.nth(before).wait_for(state="attached", timeout=10_000)  # one more than before
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"dragging the {label} block added nothing to the canvas")


_DRAG_SEEN = """(kinds) => {
  window.__mcDragSeen = [];
  for (const kind of kinds)
    document.addEventListener(kind, () => window.__mcDragSeen.push(kind), { capture: true });
}"""


def _drag_block(page: Page, label: str, y: float) -> None:
    """Drags a block of the blocks panel into the canvas, `y` pixels below its top, with the
    mouse in small steps (GrapesJS follows the native drag events into its frame). Waits, as
    a person's slower hand gives it time to, until the page has seen the drag start and the
    canvas frame has seen it over it before the drop."""
    block = page.locator(".gjs-block").filter(
        has=page.locator(".gjs-block-label", has_text=re.compile(f"^\\s*{label}\\s*$"))
    )
    if not block.is_visible():
        # Selecting a block shows the style manager: the blocks panel is one button away.
        page.get_by_role("button", name="Blocks", exact=True).click()
    expect(block).to_be_visible()
    source = block.bounding_box()
    frame_element = page.locator("iframe.gjs-frame")
    canvas = frame_element.bounding_box()
    frame = frame_element.element_handle().content_frame()
    assert source and canvas and frame
    page.evaluate(_DRAG_SEEN, ["dragstart"])
    frame.evaluate(_DRAG_SEEN, ["dragenter", "dragover"])
    start_x, start_y = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    end_x, end_y = canvas["x"] + canvas["width"] / 2, canvas["y"] + y
    page.mouse.move(start_x, start_y)
    page.mouse.down()
    try:
        page.mouse.move(start_x + 4, start_y + 4)
        page.wait_for_function("window.__mcDragSeen.includes('dragstart')", timeout=5_000)
        for step in range(1, 21):
            page.mouse.move(
                start_x + (end_x - start_x) * step / 20, start_y + (end_y - start_y) * step / 20
            )
        frame.wait_for_function("window.__mcDragSeen.includes('dragover')", timeout=5_000)
    finally:
        page.mouse.up()


def test_design_save_preview_and_thumbnail_with_no_request_leaving_the_host(page, site):
    suffix = uuid.uuid4().hex[:8]
    seeded = _committed(_seed_profile, suffix)
    plain = site("plain.localhost")
    app_host = urlsplit(plain.base_url).netloc
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.set_viewport_size({"width": 1440, "height": 900})

    sign_in(page, plain, "admin@plain.example", next_path="/templates?isReload=true")
    image_name = f"hero-{suffix}.png"
    image = _api(
        page, "POST", "/api/mm/files", {"png": _png(320, 160, (200, 30, 60)), "name": image_name}
    )
    template = _api(
        page, "POST", "/api/mm/templates", {"name": f"Welcome {suffix}", "type": "designer"}
    )

    page.goto(f"{plain.base_url}/beeeditor?templateId={template['id']}")
    expect(page.get_by_role("heading", name="Email Editor")).to_be_visible()
    expect(page.get_by_test_id("designer-name")).to_have_value(f"Welcome {suffix}")
    expect(page.locator(".gjs-block").first).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("save-status")).to_have_text("Saved")
    # No stylesheet from GrapesJS' cdnjs default (`cssIcons`): the icon font is bundled.
    # (Telemetry never fires on *.localhost, so its `telemetry: false` is checked by Vitest.)
    assert page.evaluate("document.querySelector('link[href*=\"cdnjs\"]') === null")
    expect_accessible(page, "designer", OUTSIDE_THE_CANVAS)

    # A text block, then an image block, dragged into the canvas.
    frame = page.frame_locator("iframe.gjs-frame")
    _drag_until_added(page, "Text", 40, frame.locator("[data-gjs-type=text]"))
    text_block = frame.locator("[data-gjs-type=text]").last
    expect(text_block).to_be_visible()
    _drag_block(page, "Image", 300)
    # The image block opens the asset manager: the file manager's image is there.
    asset = page.locator(".gjs-am-asset").filter(has_text=image_name)
    expect(asset).to_be_visible()
    asset.dblclick()
    expect(page.locator(".gjs-mdl-dialog")).to_be_hidden()
    expect(frame.locator(f'img[src="{image["filePath"]}"]')).to_be_visible()

    # From the keyboard, a block is added after the selected component.
    divider = page.get_by_role("button", name="Add block: Divider")
    if not divider.is_visible():
        page.get_by_role("button", name="Blocks", exact=True).click()
    divider.focus()
    page.keyboard.press("Enter")
    expect(frame.locator("td.divider")).to_have_count(1)
    # A click adds the block too, at the end of the email.
    page.get_by_role("button", name="Blocks", exact=True).click()
    divider.click()
    expect(frame.locator("td.divider")).to_have_count(2)

    # The merge tag goes where the cursor is in the text being edited.
    text_block.dblclick()
    expect(text_block).to_have_attribute("contenteditable", "true")
    page.keyboard.press("Control+End")
    page.keyboard.type(" Hello ")
    page.get_by_role("button", name="Merge tags").click()
    menu = page.get_by_test_id("merge-tag-menu")
    menu.get_by_role("textbox", name="Search merge tags").fill("firstName")
    menu.get_by_role("option", name=re.compile(r"<% firstName %>")).first.click()
    expect(text_block).to_contain_text("Hello <% firstName %>")

    page.get_by_test_id("designer-save").click()
    expect(page.get_by_test_id("save-status")).to_have_text("Saved", timeout=SAVE_TIMEOUT_MS)
    saved = _api(page, "GET", f"/api/mm/templates/{template['id']}")
    assert image["filePath"] in saved["html"]
    assert re.search(r"(<|&lt;)% firstName %(>|&gt;)", saved["html"]), saved["html"]
    assert saved["projectData"], "the designer's project is kept for reopening"

    # The preview for a profile: the tag filled with the profile's first name.
    page.get_by_test_id("designer-preview").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_title("Email preview")).to_be_visible()
    profile = dialog.get_by_role("combobox", name="Preview for profile")
    profile.fill(seeded["email"][:12])
    page.get_by_role("option", name=re.compile(re.escape(seeded["email"]))).click()
    preview = dialog.frame_locator("iframe[title='Email preview']")
    expect(preview.locator("body")).to_contain_text("Hello Zelda", timeout=15_000)
    expect(preview.locator(f'img[src="{image["filePath"]}"]')).to_have_count(1)
    expect(dialog.get_by_title("Email preview")).to_have_attribute("sandbox", "")
    expect_accessible(page, "designer preview", THE_APP_ONLY)
    page.keyboard.press("Escape")

    # Back in the gallery, the thumbnail made by the job appears (deadline).
    page.get_by_test_id("back-to-templates").click()
    expect(page).to_have_url(re.compile(r"/templates\?isReload=true$"))
    thumbnail = page.get_by_role("img", name=f"Thumbnail of Welcome {suffix}")
    deadline = time.monotonic() + THUMBNAIL_DEADLINE_S
    while True:
        try:
            expect(thumbnail).to_be_visible(timeout=5_000)
            if thumbnail.evaluate("img => img.complete && img.naturalWidth > 0"):
                break
        except AssertionError:
            pass
        assert time.monotonic() < deadline, "no thumbnail within the deadline"
        page.reload()

    outside = [
        url
        for url in requested
        if urlsplit(url).scheme in ("http", "https", "ws", "wss")
        and urlsplit(url).netloc != app_host
    ]
    assert not outside, f"requests left the app's host: {outside}"
