import uuid

from django.test import Client as HttpClient

from tenants.services import INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, member_add
from tests.conftest import PASSWORD, bearer, http, signed_in


def _login(browser, email, password=PASSWORD):
    return browser.post(
        "/api/auth/login", {"email": email, "password": password}, content_type="application/json"
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


def test_sign_in_is_rate_limited_per_account(alpha):
    email = f"{uuid.uuid4().hex}@alpha.example"
    member_add(client=alpha.client, email=email, password=PASSWORD)
    for _ in range(5):
        assert _login(http(alpha.host), email, "wrong").status_code == 400
    response = _login(http(alpha.host), email)  # right password, new address: still locked
    assert response.status_code == 429
    assert response.json()["message"] == TOO_MANY_ATTEMPTS


def test_sign_in_is_rate_limited_per_address(alpha):
    browser = HttpClient(HTTP_HOST=alpha.host, REMOTE_ADDR=f"192.0.2.{uuid.uuid4().int % 250}")
    for _ in range(20):
        _login(browser, f"{uuid.uuid4().hex}@x.example", "wrong")
    assert _login(browser, alpha.admin.email).status_code == 429


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


def test_token_in_query_string_is_accepted(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    assert http(alpha.host).get("/api/fetchemailstats", {"token": token}).status_code == 200


def test_cookie_authenticated_write_needs_csrf(alpha):
    browser = HttpClient(HTTP_HOST=alpha.host, enforce_csrf_checks=True)
    _login(browser, alpha.admin.email)
    response = browser.post(
        "/api/UpdateCurrentWebsiteID", {"websiteID": 3}, content_type="application/json"
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
