"""The untrusted-content rule in Chromium (issue 22): a USER stores a designer project whose
image carries an `onerror` script; when an ADMIN opens it in the designer the script does
not run. Two walls, each tried alone: the cleaner on write (the project the API stored), and
the app's Content-Security-Policy (a project that reached the database some other way, as
one saved before the rule did)."""

from django.db import connection
from playwright.sync_api import Page, expect

from marketing.content.models import Template
from tenants.models import Client
from tests.e2e.test_designer import _committed
from tests.e2e.test_security import call
from tests.support.browser_session import PASSWORD, sign_in

HOST = "plain.localhost"
STEAL = "window.top.stolen = (window.top.stolen || 0) + 1"


def _project(handler: str) -> dict:
    image = {
        "type": "image",
        "tagName": "img",
        "attributes": {"id": "bait", "src": "x", "onerror": handler},
    }
    text = {"type": "text", "components": [{"type": "textnode", "content": "Spring news"}]}
    wrapper = {"type": "wrapper", "components": [text, image]}
    return {"pages": [{"frames": [{"component": wrapper}]}], "styles": [], "assets": []}


def _stored_by_user(port: int, name: str) -> int:
    signed = call(
        port, HOST, "POST", "/api/auth/login", {"email": "user@plain.example", "password": PASSWORD}
    )
    assert signed.status == 200, signed.body
    token = signed.json()["token"]
    created = call(
        port,
        HOST,
        "POST",
        "/api/mm/templates",
        {"name": name, "type": "designer", "projectData": _project(STEAL)},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert created.status == 201, created.body
    return created.json()["id"]


def _open_as_admin(page: Page, site, template_id: int) -> None:
    sign_in(page, site(HOST), "admin@plain.example", f"/beeeditor?templateId={template_id}")
    canvas = page.frame_locator("iframe.gjs-frame")
    expect(canvas.get_by_text("Spring news")).to_be_visible(timeout=30_000)
    expect(canvas.locator("#bait")).to_have_count(1)
    # The image has failed to load by now: its error event has fired (or been refused).
    canvas.locator("#bait").evaluate(
        "(image) => image.complete || new Promise((done) => image.addEventListener('error', done))"
    )


def test_a_users_onerror_script_does_not_run_when_an_admin_opens_the_design(page, site, server):
    template_id = _stored_by_user(server, "Spring bait")
    _open_as_admin(page, site, template_id)
    assert page.evaluate("window.stolen") is None
    assert "onerror" not in page.frame_locator("iframe.gjs-frame").locator("#bait").evaluate(
        "(image) => image.outerHTML"
    )


def _plant(template_id: int) -> None:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        Template.objects.filter(pk=template_id).update(project_data=_project(STEAL))
    finally:
        connection.set_schema_to_public()


def _script_refused(message) -> bool:
    """The console line of a refusal by the policy's script-src (Chromium's or ours)."""
    return (
        message.text.startswith(("Refused to", "CSP violation:")) and "script-src" in message.text
    )


def test_the_policy_refuses_a_handler_that_reached_the_designer(page, site, server, csp_violations):
    template_id = _stored_by_user(server, "Autumn bait")
    _committed(_plant, template_id)  # as if saved before the cleaner existed
    with page.expect_console_message(_script_refused, timeout=15_000):
        _open_as_admin(page, site, template_id)
    assert page.evaluate("window.stolen") is None
    refused = [line for line in csp_violations if "script-src" in line]
    assert refused, csp_violations
    csp_violations.clear()  # the one this test provoked
