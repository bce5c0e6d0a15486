"""Calling the app as a browser or an API client would: Django's test client at a client's
host name, signed in, with a bearer token; an SSO payload minted for a client."""

from __future__ import annotations

import itertools
import json
import os

from django.test import Client as HttpClient

from tenants.models import Client
from tenants.sso import sso_payload_mint
from tests.support.tenants import PASSWORD

_addresses = itertools.count(1)


def http(host: str) -> HttpClient:
    """A browser at `host`, from an address no other browser of the run has (sign-in limits
    are per address, and their counters outlive each test's transaction)."""
    n = next(_addresses)
    address = f"2001:db8::{os.getpid() & 0xFFFF:x}:{n >> 16 & 0xFFFF:x}:{n & 0xFFFF:x}"
    return HttpClient(HTTP_HOST=host, REMOTE_ADDR=address)


def signed_in(host: str, email: str) -> tuple[HttpClient, str]:
    browser = http(host)
    response = browser.post(
        "/api/auth/login", {"email": email, "password": PASSWORD}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return browser, response.json()["token"]


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def mint(client: Client, email: str, **kwargs) -> str:
    return sso_payload_mint(client=client, email=email, **kwargs)


class Api:
    """A signed-in person calling one client's JSON API with a bearer token."""

    def __init__(self, tenant, email):
        _, self.token = signed_in(tenant.host, email)
        self.host = tenant.host

    def _call(self, method, path, data=None, **params):
        browser = http(self.host)
        headers = bearer(self.token)
        if method == "get":
            return browser.get(path, params, **headers)
        body = json.dumps(data if data is not None else {})
        return getattr(browser, method)(path, body, content_type="application/json", **headers)

    def get(self, path, **params):
        return self._call("get", path, **params)

    def post(self, path, data=None):
        return self._call("post", path, data)

    def patch(self, path, data=None):
        return self._call("patch", path, data)

    def delete(self, path):
        return self._call("delete", path)


def foreign(api: Api, tenant) -> Api:
    """The same credentials sent to another client's host."""
    other = object.__new__(Api)
    other.token, other.host = api.token, tenant.host
    return other
