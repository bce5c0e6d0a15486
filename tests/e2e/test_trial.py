"""The trial area on the public host: a prospect signs up (person, then company details
and terms), confirms from the captured email, picks the free trial, watches the
workspace's steps and lands in their new workspace's sign-in, then in the app as ADMIN.
(Tasks run eagerly in the tests' app server: provisioning finishes with the plan's
choice, so the setup screen shows every step done.)"""

import re
import uuid
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from tests.e2e.axe import expect_accessible
from tests.support.waiting import wait_until

PASSWORD = "violet-harbour-1906"


def _confirm_token(app_mail, email: str) -> str:
    wait_until(
        lambda: app_mail.handler.for_recipient(email), timeout=15, message=f"a mail to {email}"
    )
    message = app_mail.handler.for_recipient(email)[-1].message
    body = message.get_body(preferencelist=("plain",)).get_content()
    return unquote(re.search(r"/trial/activationsuccess\?token=(\S+)", body).group(1))


def test_sign_up_confirm_free_trial_setup_and_land_in_the_app(page: Page, site, app_mail):
    suffix = uuid.uuid4().hex[:6]
    email = f"founder-{suffix}@trial{suffix}.example"
    public = site("localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    page.goto(f"{public.base_url}/trial/getstarted")
    expect(page.get_by_role("heading", name="Get Started")).to_be_visible()
    expect_accessible(page, "get started")
    page.get_by_role("link", name="Start your free trial").click()

    expect(page.get_by_role("heading", name="Sign Up")).to_be_visible()
    page.get_by_label("Work email").fill(email)
    page.get_by_label("First name").fill("Grace")
    page.get_by_label("Last name").fill("Hopper")
    page.get_by_role("textbox", name="Password").fill("short")
    expect(page.get_by_text("Too weak")).to_be_visible()
    page.get_by_role("textbox", name="Password").fill(PASSWORD)
    expect(page.get_by_text("Too weak")).to_have_count(0)
    expect_accessible(page, "sign up")
    page.get_by_role("button", name="Continue").click()

    expect(page.get_by_role("heading", name="Company Details")).to_be_visible()
    page.get_by_label("Company name").fill(f"Trial Co {suffix}")
    page.get_by_label("Website").fill("https://trial.example")
    expect_accessible(page, "company details")
    page.get_by_role("button", name="Create account").click()
    # Without the terms nothing is sent.
    expect(
        page.get_by_text("I accept the terms of service and the privacy policy").first
    ).to_be_visible()
    page.get_by_label("I accept the terms of service and the privacy policy").check()
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()

    token = _confirm_token(app_mail, email)
    page.goto(f"{public.base_url}/trial/activationsuccess?token={token}")
    expect(page.get_by_text(f"{email} is confirmed.")).to_be_visible()
    expect_accessible(page, "activation successful")
    page.get_by_role("link", name="Choose a plan").click()

    expect(page.get_by_role("heading", name="Subscription Plans")).to_be_visible()
    expect(page.get_by_text("Free trial, no card")).to_be_visible()
    expect(page.get_by_role("cell", name="Contacts")).to_be_visible()
    expect_accessible(page, "subscription plans")
    page.get_by_role("button", name="Start free trial").click()

    expect(page.get_by_role("heading", name="Setup")).to_be_visible()
    expect(page.get_by_role("img", name="Default opt-out form: done")).to_be_visible(timeout=30_000)
    expect(page.get_by_role("img", name="Ready to sign in: done")).to_be_visible(timeout=30_000)
    expect_accessible(page, "setup")
    workspace = page.get_by_role("link", name="Go to your workspace")
    href = workspace.get_attribute("href")
    assert re.fullmatch(rf"//trial-co-{suffix}-[0-9a-f]{{6}}\.localhost/trial/login", href)
    host = href.removeprefix("//").removesuffix("/trial/login")

    # The new workspace's own host (the port is the tests' server's).
    page.goto(f"http://{host}:{public.base_url.rsplit(':', 1)[1]}/trial/login")
    page.get_by_label("Email").fill(email)
    page.get_by_role("textbox", name="Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).not_to_have_url(re.compile(r"/trial/login"))
    expect(page.get_by_role("navigation").first).to_be_visible()
