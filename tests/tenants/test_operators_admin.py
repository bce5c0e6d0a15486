"""The operators' admin on the public host (finding 2: a client session opened it)."""

import time
import uuid

import pytest
from django.test import Client as HttpClient

from tests.support.http_api import signed_in
from tests.support.tenants import PASSWORD

ADMIN = "/django-admin/"


@pytest.fixture(autouse=True)
def _admin_on(settings):
    settings.OPERATORS_ADMIN_ENABLED = True


def _public() -> HttpClient:
    return HttpClient(HTTP_HOST="localhost", REMOTE_ADDR=f"192.0.2.{uuid.uuid4().int % 250}")


def _admin_login(browser: HttpClient, email: str, password: str = PASSWORD):
    browser.get(f"{ADMIN}login/")
    return browser.post(f"{ADMIN}login/", {"username": email, "password": password, "next": ADMIN})


def _opens(browser: HttpClient) -> bool:
    response = browser.get(ADMIN)
    return response.status_code == 200 and b"Site administration" in response.content


@pytest.mark.parametrize("who", ["admin", "superadmin"])
def test_a_client_hosts_session_never_opens_the_operators_admin(alpha, superadmin, who):
    email = alpha.admin.email if who == "admin" else superadmin.email
    client_browser, token = signed_in(alpha.host, email)
    public = _public()
    public.cookies["sessionid"] = client_browser.cookies["sessionid"].value
    assert not _opens(public)
    public.cookies["sessionid"] = token  # nor does the bearer token, sent as a cookie
    assert not _opens(public)


def test_a_super_admin_signs_in_to_the_operators_admin(superadmin):
    browser = _public()
    assert _admin_login(browser, superadmin.email).status_code == 302
    assert _opens(browser)


def test_a_client_admin_cannot_sign_in_to_the_operators_admin(alpha):
    browser = _public()
    response = _admin_login(browser, alpha.admin.email)
    assert response.status_code == 200 and b"correct email" in response.content.lower()
    assert not _opens(browser)


def test_the_operators_admin_signs_in_under_the_same_backoff(superadmin, monkeypatch):
    now = time.time()  # frozen: the backoff this test builds up is not waited out
    monkeypatch.setattr("tenants.sign_in_guard.time.time", lambda: now)
    browser = _public()
    for _ in range(20):
        _admin_login(browser, f"{uuid.uuid4().hex}@x.example", "wrong")
    response = _admin_login(browser, superadmin.email)
    assert b"Too many sign-in attempts" in response.content
    assert not _opens(browser)


def test_the_operators_admin_can_be_switched_off(superadmin, settings):
    browser = _public()
    _admin_login(browser, superadmin.email)
    settings.OPERATORS_ADMIN_ENABLED = False
    assert browser.get(ADMIN).status_code == 404


def test_the_operators_admin_is_not_served_on_a_client_host(alpha, superadmin):
    browser, _ = signed_in(alpha.host, superadmin.email)
    assert b"Site administration" not in browser.get(ADMIN).content
