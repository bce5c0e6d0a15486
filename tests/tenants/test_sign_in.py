import hashlib
import json
import time
import uuid
from datetime import timedelta

import pytest
from django.test import Client as HttpClient
from django.utils import timezone

from tenants.messages import INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS
from tenants.models import ApiToken
from tenants.services import member_add
from tests.support.http_api import bearer, http, signed_in
from tests.support.tenants import PASSWORD


def _login(browser, email, password=PASSWORD, **headers):
    return browser.post(
        "/api/auth/login",
        {"email": email, "password": password},
        content_type="application/json",
        **headers,
    )


def test_sign_in_sets_a_host_only_session_and_returns_a_token(alpha):
    browser = http(alpha.host)
    response = _login(browser, alpha.admin.email.upper())
    assert response.status_code == 200 and response.json()["token"]
    cookie = response.cookies["sessionid"]
    assert cookie["domain"] == "" and cookie["httponly"]
    assert browser.get("/api/getStatus").json()["user"]["email"] == alpha.admin.email


def test_wrong_password_is_refused_with_the_same_message_as_a_stranger(alpha, beta):
    wrong = _login(http(alpha.host), alpha.admin.email, "wrong")
    stranger = _login(http(alpha.host), beta.admin.email)
    assert wrong.status_code == stranger.status_code == 400
    assert wrong.json()["message"] == stranger.json()["message"] == INVALID_CREDENTIALS


def test_failures_slow_the_account_down_with_backoff_not_a_lock(alpha, monkeypatch):
    email = f"{uuid.uuid4().hex}@alpha.example"
    member_add(client=alpha.client, email=email, password=PASSWORD)
    clock = [time.time()]
    monkeypatch.setattr("tenants.sign_in_guard.time.time", lambda: clock[0])
    for _ in range(5):
        assert _login(http(alpha.host), email, "wrong").status_code == 400
    response = _login(http(alpha.host), email)  # right password, new address: must wait
    assert response.status_code == 429
    assert response.json()["message"] == TOO_MANY_ATTEMPTS
    assert response["Retry-After"] == "2"
    clock[0] += 2
    assert _login(http(alpha.host), email, "wrong").status_code == 400
    assert _login(http(alpha.host), email)["Retry-After"] == "4"  # twice as long
    clock[0] += 4
    assert _login(http(alpha.host), email).status_code == 200  # never locked for good


def test_sign_in_limits_count_an_account_across_every_client(alpha, beta):
    email = f"{uuid.uuid4().hex}@both.example"
    member_add(client=alpha.client, email=email, password=PASSWORD)
    member_add(client=beta.client, email=email, password=PASSWORD)
    for _ in range(5):
        assert _login(http(alpha.host), email, "wrong").status_code == 400
    assert _login(http(beta.host), email).status_code == 429


def test_sign_in_is_rate_limited_per_address(alpha):
    browser = HttpClient(HTTP_HOST=alpha.host, REMOTE_ADDR=f"192.0.2.{uuid.uuid4().int % 250}")
    for _ in range(20):
        _login(browser, f"{uuid.uuid4().hex}@x.example", "wrong")
    assert _login(browser, alpha.admin.email).status_code == 429


def test_a_forwarded_address_is_believed_only_from_a_trusted_proxy(alpha, settings):
    address = f"198.51.100.{uuid.uuid4().int % 250}"
    spoofing = HttpClient(HTTP_HOST=alpha.host, REMOTE_ADDR=address)
    for n in range(20):
        stranger = f"{uuid.uuid4().hex}@x.example"
        _login(spoofing, stranger, "wrong", HTTP_X_FORWARDED_FOR=f"1.2.3.{n}")
    # Rotating X-Forwarded-For did not give the caller fresh addresses.
    assert _login(spoofing, alpha.admin.email).status_code == 429

    settings.TRUSTED_PROXIES = ["203.0.113.0/24"]
    proxy = HttpClient(HTTP_HOST=alpha.host, REMOTE_ADDR="203.0.113.5")
    client_ip = f"192.0.2.{uuid.uuid4().int % 250}"
    for _ in range(20):
        _login(proxy, f"{uuid.uuid4().hex}@x.example", "wrong", HTTP_X_FORWARDED_FOR=client_ip)
    assert _login(proxy, alpha.admin.email, HTTP_X_FORWARDED_FOR=client_ip).status_code == 429
    other = f"192.0.2.{(uuid.uuid4().int % 250) + 1}"
    chain = f"{client_ip}, {other}"  # the proxy appended the caller it saw: `other`
    assert _login(proxy, alpha.admin.email, HTTP_X_FORWARDED_FOR=chain).status_code == 200


def test_sign_in_takes_json_only(alpha):
    """Finding 6 (login CSRF): a cross-site form can send text/plain without a preflight."""
    body = json.dumps({"email": alpha.admin.email, "password": PASSWORD})
    response = http(alpha.host).post("/api/auth/login", body, content_type="text/plain")
    assert response.status_code == 415
    assert "sessionid" not in response.cookies


def test_sign_in_from_a_foreign_origin_is_refused(alpha):
    response = _login(http(alpha.host), alpha.admin.email, HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    assert "sessionid" not in response.cookies


@pytest.mark.parametrize("origin", ["http://alpha.localhost", "https://suite-alpha.example"])
def test_sign_in_from_the_app_or_its_parent_suite_is_accepted(alpha, origin):
    assert _login(http(alpha.host), alpha.admin.email, HTTP_ORIGIN=origin).status_code == 200


def test_session_of_one_client_is_refused_on_another_clients_host(alpha, beta):
    browser, _ = signed_in(alpha.host, alpha.admin.email)
    other = http(beta.host)
    other.cookies["sessionid"] = browser.cookies["sessionid"].value
    assert other.get("/api/getStatus").status_code == 403


def test_token_of_one_client_is_refused_on_another_clients_host(alpha, beta):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(beta.host).get("/api/getStatus", **bearer(token))
    assert response.status_code == 403
    assert response.json()["message"] == "Invalid Request"


def test_a_bearer_token_in_the_query_string_is_refused(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    assert http(alpha.host).get("/api/fetchemailstats", {"token": token}).status_code == 301


def test_a_token_is_opaque_and_never_becomes_a_cookie(alpha):
    """Finding 2: a token held nothing that could be sent back as a session cookie."""
    browser, token = signed_in(alpha.host, alpha.admin.email)
    session_key = browser.cookies["sessionid"].value
    assert session_key not in token
    assert ApiToken.objects.filter(key_hash=hashlib.sha256(token.encode()).hexdigest()).exists()
    response = http(alpha.host).post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 7},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 200
    assert "sessionid" not in response.cookies


def test_signing_out_ends_every_token_of_the_session(alpha):
    browser, token = signed_in(alpha.host, alpha.admin.email)
    assert http(alpha.host).post("/api/logout", **bearer(token)).status_code == 200
    assert http(alpha.host).get("/api/fetchemailstats", **bearer(token)).status_code == 301
    assert browser.get("/api/fetchemailstats").status_code == 301
    assert not ApiToken.objects.filter(session_key=browser.cookies["sessionid"].value).exists()


def test_logout_is_not_a_get(alpha):
    """Finding 5: a crawler, a prefetch or an <img> must not sign anyone out."""
    browser, token = signed_in(alpha.host, alpha.admin.email)
    assert browser.get("/api/logout").status_code == 405
    assert browser.get("/api/fetchemailstats").status_code == 200


def test_cookie_logout_needs_csrf(alpha):
    browser = HttpClient(HTTP_HOST=alpha.host, enforce_csrf_checks=True)
    _login(browser, alpha.admin.email)
    assert browser.post("/api/logout").status_code == 403
    assert browser.get("/api/fetchemailstats").status_code == 200


def test_an_unused_token_expires_and_a_used_one_slides(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    row = ApiToken.objects.get(key_hash=hashlib.sha256(token.encode()).hexdigest())
    ApiToken.objects.filter(pk=row.pk).update(expires_at=timezone.now() + timedelta(minutes=5))
    assert http(alpha.host).get("/api/fetchemailstats", **bearer(token)).status_code == 200
    row.refresh_from_db()
    assert row.expires_at > timezone.now() + timedelta(minutes=25)
    ApiToken.objects.filter(pk=row.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert http(alpha.host).get("/api/fetchemailstats", **bearer(token)).status_code == 301


def test_cookie_authenticated_write_needs_csrf(alpha):
    browser = HttpClient(HTTP_HOST=alpha.host, enforce_csrf_checks=True)
    _login(browser, alpha.admin.email)
    response = browser.post(
        "/api/UpdateCurrentWebsiteID", {"websiteID": 7}, content_type="application/json"
    )
    assert response.status_code == 403


def test_superadmin_signs_in_on_any_client_and_on_the_public_host(alpha, superadmin):
    for host in (alpha.host, "localhost"):
        browser, _ = signed_in(host, superadmin.email)
        assert browser.get("/api/getStatus").json()["user"]["role"] == "SUPERADMIN"


def test_malformed_sign_in_answers_400_with_field_errors(alpha):
    response = http(alpha.host).post(
        "/api/auth/login", {"email": "x"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert "password" in response.json()["errors"]


def test_a_second_tab_with_the_cookie_writes_with_the_csrf_cookies_value(alpha):
    first = HttpClient(HTTP_HOST=alpha.host, enforce_csrf_checks=True)
    _login(first, alpha.admin.email)
    # A second tab shares the browser's cookies and holds no token.
    second = HttpClient(HTTP_HOST=alpha.host, enforce_csrf_checks=True)
    second.cookies = first.cookies
    assert second.get("/api/getStatus").status_code == 200
    csrf = second.cookies["csrftoken"].value
    assert not second.cookies["csrftoken"]["httponly"]
    write = second.post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 7},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=csrf,
    )
    assert write.status_code == 200, write.content
    forged = second.post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 7},
        content_type="application/json",
        HTTP_X_CSRFTOKEN="x" * 32,
    )
    assert forged.status_code == 403


def test_cross_site_cookies_are_partitioned(alpha, settings):
    settings.SESSION_COOKIE_PARTITIONED = True
    settings.SESSION_COOKIE_SAMESITE = settings.CSRF_COOKIE_SAMESITE = "None"
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    browser = http(alpha.host)
    response = _login(browser, alpha.admin.email, secure=True)
    for name in ("sessionid", "csrftoken"):
        header = response.cookies[name].output(header="")
        assert "SameSite=None" in header and "Secure" in header
        assert header.endswith("; Partitioned"), header
    assert "Partitioned" not in str(response.cookies.get("other", ""))
    signed_out = browser.post("/api/logout", secure=True, **bearer(response.json()["token"]))
    assert signed_out.status_code == 200
    settings.SESSION_COOKIE_PARTITIONED = False
    plain = _login(http(alpha.host), alpha.admin.email)
    assert "Partitioned" not in plain.cookies["sessionid"].output(header="")
