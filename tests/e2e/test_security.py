"""Issue 8's findings, tried as an attacker would against the running server (gunicorn,
production settings): each of these held on the old main."""

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field

import pytest

from tenants.messages import SSO_FAILED
from tenants.models import Client
from tenants.sso import sso_payload_mint
from tests.support.browser_session import PASSWORD

CLIENT_HOST = "plain.localhost"
PUBLIC_HOST = "localhost"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirects)


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict = field(default_factory=dict)

    def json(self):
        return json.loads(self.body)

    def cookie(self, name: str) -> str | None:
        for header in self.headers.get_all("Set-Cookie") or []:
            if header.startswith(f"{name}="):
                return header.split(";", 1)[0].split("=", 1)[1]
        return None


def call(port, host, method, path, body=None, headers=None, content_type="application/json"):
    data = (
        None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    )
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method=method, headers={"Host": host}
    )
    if data is not None:
        request.add_header("Content-Type", content_type)
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with _opener.open(request, timeout=20) as response:
            return Answer(response.status, response.read(), response.headers)
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.read(), error.headers)


def sign_in(port, email, host=CLIENT_HOST) -> Answer:
    answer = call(port, host, "POST", "/api/auth/login", {"email": email, "password": PASSWORD})
    assert answer.status == 200, answer.body
    return answer


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_1_a_clients_secret_never_yields_a_super_admin(server):
    client = Client.objects.get(schema_name="plain")
    for role in ("USER", "ADMIN", "SUPERADMIN"):
        payload = sso_payload_mint(client=client, email="super@platform.example", role=role)
        answer = call(server, CLIENT_HOST, "GET", f"/api/getStatus?payload={payload}")
        assert answer.status == 403
        assert answer.json() == {"status": "failure", "message": SSO_FAILED}
        assert answer.cookie("sessionid") is None


@pytest.mark.parametrize("email", ["admin@plain.example", "super@platform.example"])
def test_2_a_client_session_never_opens_the_operators_admin(server, email):
    signed = sign_in(server, email)
    token, session_key = signed.json()["token"], signed.cookie("sessionid")
    assert session_key and session_key not in token
    for cookie in (session_key, token):
        answer = call(
            server, PUBLIC_HOST, "GET", "/django-admin/", headers={"Cookie": f"sessionid={cookie}"}
        )
        assert answer.status == 302 and "/django-admin/login/" in answer.headers["Location"]
        assert b"Site administration" not in answer.body


def test_3_a_download_is_gated_like_the_export_that_made_it(server):
    admin = sign_in(server, "admin@plain.example").json()["token"]
    user = sign_in(server, "user@plain.example").json()["token"]
    started = call(server, CLIENT_HOST, "POST", "/api/mm/exports/profiles", {}, bearer(admin))
    assert started.status == 202, started.body
    job = call(
        server, CLIENT_HOST, "GET", f"/api/mm/jobs/{started.json()['jobId']}", headers=bearer(admin)
    ).json()
    assert job["status"] == "Completed" and job["fileId"]
    listed = call(server, CLIENT_HOST, "GET", "/api/mm/jobs", headers=bearer(user)).json()
    assert "plain/exports" not in json.dumps(listed)  # no storage path is shown
    file = {"filePath": job["fileId"], "fileName": "x.csv"}
    refused = call(server, CLIENT_HOST, "POST", "/api/downloadBase64", file, bearer(user))
    assert refused.status == 403
    assert (
        call(server, CLIENT_HOST, "POST", "/api/downloadBase64", file, bearer(admin)).status == 200
    )
    by_path = {"filePath": "plain/exports/x.csv", "fileName": "x.csv"}
    assert (
        call(server, CLIENT_HOST, "POST", "/api/downloadBase64", by_path, bearer(user)).status
        == 404
    )


def test_5_no_sign_out_on_get(server):
    token = sign_in(server, "user@plain.example").json()["token"]
    assert call(server, CLIENT_HOST, "GET", "/api/logout", headers=bearer(token)).status == 405
    assert (
        call(server, CLIENT_HOST, "GET", "/api/fetchemailstats", headers=bearer(token)).status
        == 200
    )
    assert call(server, CLIENT_HOST, "POST", "/api/logout", headers=bearer(token)).status == 200
    assert (
        call(server, CLIENT_HOST, "GET", "/api/fetchemailstats", headers=bearer(token)).status
        == 301
    )


def test_6_no_sign_in_from_a_cross_site_form(server):
    body = json.dumps({"email": "admin@plain.example", "password": PASSWORD}).encode()
    plain_text = call(
        server, CLIENT_HOST, "POST", "/api/auth/login", body, content_type="text/plain"
    )
    assert plain_text.status == 415 and plain_text.cookie("sessionid") is None
    foreign = call(
        server, CLIENT_HOST, "POST", "/api/auth/login", body, {"Origin": "https://evil.example"}
    )
    assert foreign.status == 403 and foreign.cookie("sessionid") is None
