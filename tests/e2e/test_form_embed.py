"""A form embedded on someone else's website (issue 26, "Publish and embed"): a page served
from another origin, with its own strict Content-Security-Policy (scripts and frames only
from itself and the pages host, no inline style) and its own CSS aimed at frames and
inputs, carries the form's one script tag. The form mounts where the tag stands at its
reserved height (no layout shift), the site's CSS does not reach it, and no CSP violation
happens anywhere (conftest fails the test on one). A visitor goes through the steps (Next
checks the step's required field with spec 5.1's 'Please fill {field} '), submits (the
page solves the ALTCHA proof of work), confirms from the captured email, and the person
sees the profile in the app. A pop-up form opens on its scroll trigger and, its frequency
reached, not again. /embeddedTrackingCode shows and copies the snippet."""

from __future__ import annotations

import re
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.audience.models import Group, Profile
from marketing.forms.embedding import form_embed_code
from marketing.forms.models import FormSubmission
from marketing.forms.services.forms import form_create, form_publish
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.browser_session import sign_in
from tests.support.waiting import wait_until

MAIL_DEADLINE_S = 60
SITE_CSS = b"""iframe{border:6px solid red;height:20px}
input{display:none!important}
.tall{height:3000px}
"""
# Layout shifts the page saw (not those right after a person's input), and where the text
# below the form stood once the tag had run.
CLS_JS = b"""window.__shift = 0;
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) { if (!e.hadRecentInput) window.__shift += e.value; });
}).observe({type: 'layout-shift', buffered: true});
document.addEventListener('DOMContentLoaded', function () {
  window.__belowTop = document.getElementById('below').getBoundingClientRect().top;
});
"""


def _in_plain(work, *args):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return work(*args)
    finally:
        connection.set_schema_to_public()


def _form(suffix: str, *, popup: dict | None = None) -> dict:
    def make():
        group = Group.objects.create(name=f"Embedded {suffix}")
        definition = {
            "title": "Join <our> readers",
            "multiStep": True,
            "sections": [
                {"id": "s1", "title": "Your address", "fields": [
                    {"key": "email", "type": "email", "label": "Email", "required": True}]},
                {"id": "s2", "title": "About you", "fields": [
                    {"key": "firstName", "type": "text", "label": "First Name",
                     "required": True}]},
            ],
            "groups": {"fixed": [group.pk]},
        }  # fmt: skip
        if popup:
            definition["popup"] = popup
        form = form_create(
            member=None,
            values={"name": f"Embedded {suffix}", "form_type": "embeddedForm",
                    "definition": definition},
        )  # fmt: skip
        form_publish(member=None, form_id=form.pk)
        return form_embed_code(form_id=form.pk)

    return _committed(_in_plain, make)


class _Website:
    """Someone else's website: its own origin, its own strict CSP and its own CSS."""

    def __init__(self, pages_origin: str) -> None:
        self.bodies: dict[str, bytes] = {"/site.css": SITE_CSS, "/cls.js": CLS_JS}
        policy = (
            f"default-src 'none'; script-src 'self' {pages_origin}; "
            f"frame-src {pages_origin}; style-src 'self'; img-src 'self'"
        )
        bodies = self.bodies

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                body = bodies.get(self.path.split("?")[0])
                if body is None:
                    self.send_error(404)
                    return
                kind = {"css": "text/css", "js": "text/javascript"}.get(
                    self.path.rsplit(".", 1)[-1], "text/html; charset=utf-8"
                )
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Security-Policy", policy)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def page(self, path: str, snippet: str) -> str:
        self.bodies[path] = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>'
            '<link rel="stylesheet" href="/site.css"><script src="/cls.js"></script></head>'
            f'<body><main><h1>Our shop</h1>{snippet}<p id="below">Below the form</p>'
            '<div class="tall"></div></main></body></html>'
        ).encode()
        return self.origin + path

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def pages(site):
    return site(settings.PAGES_HOST)


@pytest.fixture
def website(pages):
    served = _Website(pages.base_url)
    yield served
    served.close()


def _local(snippet: str, pages) -> str:
    """The snippet as the app mints it names https://PAGES_HOST; the test server is http
    on a port."""
    return snippet.replace(f"https://{settings.PAGES_HOST}", pages.base_url)


def test_a_visitor_subscribes_through_an_embedded_form(page: Page, site, pages, website, app_mail):
    suffix = uuid.uuid4().hex[:8]
    email = f"embedded-{suffix}@mail.example"
    code = _form(suffix)
    url = website.page("/join.html", _local(code["script_snippet"], pages))

    page.goto(url)
    frame_element = page.locator("iframe[title='Join <our> readers']")
    expect(frame_element).to_have_attribute("height", str(code["height"]))
    form = page.frame_locator("iframe[title='Join <our> readers']")
    expect(form.get_by_role("heading", name="Join <our> readers")).to_be_visible()
    # the site's CSS reaches neither the frame's size nor the form's inputs
    box = frame_element.bounding_box()
    assert box["height"] == code["height"]
    expect(form.get_by_label("Email")).to_be_visible()
    assert page.evaluate("window.__shift") == 0
    below = page.evaluate("document.getElementById('below').getBoundingClientRect().top")
    assert below == page.evaluate("window.__belowTop")

    # step 1: Next checks its required field in the browser
    expect(form.get_by_label("First Name")).to_be_hidden()
    form.get_by_role("button", name="Next").click()
    expect(form.get_by_role("alert")).to_have_text("Please fill Email ")
    form.get_by_label("Email").fill(email)
    form.get_by_role("button", name="Next").click()
    expect(form.get_by_label("First Name")).to_be_visible()
    expect(form.get_by_label("Email")).to_be_hidden()
    form.get_by_role("button", name="Previous").click()
    expect(form.get_by_label("Email")).to_have_value(email)
    form.get_by_role("button", name="Next").click()
    form.get_by_label("First Name").fill("Elif")
    form.get_by_role("button", name="Submit").click()
    expect(form.get_by_role("status")).to_have_text(
        "Thank you! Please check your inbox to confirm your subscription."
    )

    def stored():
        return FormSubmission.objects.filter(email=email).first()

    row = _committed(_in_plain, stored)
    assert row.source_page == url and row.payload["firstName"] == "Elif"

    [mail] = wait_until(
        lambda: app_mail.handler.for_recipient(email),
        timeout=MAIL_DEADLINE_S,
        message="the confirmation email reaches the sink",
    )
    text = mail.message.get_body(("plain",)).get_content()
    link = re.search(r"https?://\S+/pf/confirm/\S+", text).group(0)
    assert link.startswith(f"https://{settings.PAGES_HOST}/plain/pf/confirm/")
    page.goto(_local(link, pages))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status")).to_have_text("Your subscription is confirmed. Thank you!")
    profile = _committed(_in_plain, lambda: Profile.objects.get(email=email))
    assert (profile.first_name, profile.source) == ("Elif", "conversion")

    app = site("plain.localhost")
    sign_in(page, app, "admin@plain.example", next_path="/profilemanagement")
    expect(page.get_by_text(email)).to_be_visible()

    # /embeddedTrackingCode: the snippet shown, copied as it is
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.base_url)
    page.goto(f"{app.base_url}/embeddedTrackingCode?formId={code['form_id']}")
    expect(page.get_by_role("heading", name="Embedded Tracking Code")).to_be_visible()
    expect(page.get_by_test_id("embed-script")).to_contain_text(code["script_snippet"])
    page.get_by_role("button", name="Copy the script tag").click()
    assert page.evaluate("navigator.clipboard.readText()") == code["script_snippet"]
    expect_accessible(page, "/embeddedTrackingCode")


def test_a_popup_opens_on_its_trigger_and_respects_its_frequency(page: Page, pages, website):
    suffix = uuid.uuid4().hex[:8]
    popup = {"enabled": True, "frequency": 1, "duration": 1, "delaySeconds": None,
             "scrollPercent": 40, "exitIntent": False}  # fmt: skip
    code = _form(suffix, popup=popup)
    assert code["script_snippet"].endswith(" data-popup></script>")
    url = website.page("/popup.html", _local(code["script_snippet"], pages))

    page.goto(url)
    overlay = page.locator("div[data-popup]")
    expect(overlay).to_have_attribute("data-popup", "armed")
    dialog = page.get_by_role("dialog", name="Join <our> readers")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.getElementById('below').getBoundingClientRect().top") == (
        page.evaluate("window.__belowTop")
    )  # a pop-up takes no room in the page
    page.mouse.wheel(0, 2500)
    expect(dialog).to_be_visible()
    form = page.frame_locator("iframe[title='Join <our> readers']")
    expect(form.get_by_label("Email")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    page.reload()
    expect(overlay).to_have_attribute("data-popup", "shown-enough")
    page.mouse.wheel(0, 2500)
    expect(dialog).to_be_hidden()
