"""Signing in in the browser tests' Chromium (the password every seeded member has there)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support.app_server import (
    Site,
)

PASSWORD = "e2e-password-1"


def sign_in(page: Page, site: Site, email: str, next_path: str = "/campaignListView") -> None:
    page.goto(f"{site.base_url}/trial/login?next={next_path}")
    page.get_by_role("textbox", name="Email").fill(email)
    page.get_by_role("textbox", name="Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(lambda url: "/trial/login" not in url)
