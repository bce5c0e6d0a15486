"""One session per person (issue 23.1, issue 22.1): every tab of the client's host is signed
in the same way. The session cookie (HttpOnly) is the credential; a write made with it
carries the CSRF cookie's value; no token that outlives the page sits where script reads it."""

import re
import uuid

from playwright.sync_api import expect

from tenants.messages import CSRF_FAILED
from tests.support.browser_session import sign_in

HOST = "plain.localhost"

# A write made by a page with the browser's cookies and no CSRF header (what a forged
# cross-site request can send at best).
_WRITE_WITHOUT_CSRF = """async (name) => {
  const response = await fetch('/api/mm/groups', {
    method: 'POST', credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name }),
  });
  return { status: response.status, body: await response.json() };
}"""


def test_a_second_tab_is_signed_in_and_saves(page, site):
    plain = site(HOST)
    sign_in(page, plain, "admin@plain.example")
    expect(page.get_by_role("heading", level=1, name="Campaigns")).to_be_visible()

    second = page.context.new_page()
    second.goto(f"{plain.base_url}/managegroups")
    group = f"Second tab {uuid.uuid4().hex[:8]}"
    second.get_by_test_id("create-group").click()
    second.get_by_test_id("name-input").fill(group)
    second.get_by_test_id("name-save").click()
    expect(second.get_by_text("Group saved successfully.")).to_be_visible()
    second.get_by_test_id("group-search").fill(group)
    expect(second.get_by_test_id(f"group-row-{group}")).to_be_visible()

    # The first tab saves too, and neither keeps a credential where script reads it.
    page.goto(f"{plain.base_url}/managetags")
    page.get_by_test_id("create-tag").click()
    page.get_by_test_id("name-input").fill(f"Tag {uuid.uuid4().hex[:8]}")
    page.get_by_test_id("name-save").click()
    expect(page.get_by_text("Tag saved successfully.")).to_be_visible()
    for tab in (page, second):
        stored = tab.evaluate("JSON.stringify({...sessionStorage, ...localStorage})")
        assert "mc.token" not in stored
    session = next(c for c in page.context.cookies() if c["name"] == "sessionid")
    assert session["httpOnly"]
    assert "sessionid" not in page.evaluate("document.cookie")


def test_a_cookie_write_without_the_csrf_header_is_refused(page, site):
    plain = site(HOST)
    sign_in(page, plain, "admin@plain.example", "/managegroups")
    answer = page.evaluate(_WRITE_WITHOUT_CSRF, f"Forged {uuid.uuid4().hex[:8]}")
    assert answer["status"] == 403 and answer["body"]["message"] == CSRF_FAILED


def test_a_tab_whose_session_ended_is_sent_to_sign_in(page, site):
    plain = site(HOST)
    sign_in(page, plain, "admin@plain.example")
    page.context.clear_cookies()
    second = page.context.new_page()
    second.goto(f"{plain.base_url}/managegroups")
    expect(second).to_have_url(re.compile(r"/trial/login\?next=%2Fmanagegroups$"))
