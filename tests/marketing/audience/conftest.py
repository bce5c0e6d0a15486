"""Shared helpers for the audience API tests: work inside a client's schema, call its API."""

import json

import pytest
from django.db import connection

from marketing.audience.models import Group, Profile, ProfileGroup
from tests.conftest import bearer, http, in_schema, signed_in


@pytest.fixture
def in_alpha(alpha):
    """The connection in alpha's schema for the whole test (reset by the autouse fixture)."""
    connection.set_tenant(alpha.client)
    return alpha


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


@pytest.fixture
def admin_api(alpha):
    return Api(alpha, alpha.admin.email)


@pytest.fixture
def user_api(alpha):
    return Api(alpha, alpha.user.email)


@pytest.fixture
def nomkm_api(alpha):
    return Api(alpha, alpha.no_mkm.email)


@pytest.fixture
def beta_api(beta):
    """beta's admin; `beta_api.on(alpha)` sends beta's token to alpha's host."""
    return Api(beta, beta.admin.email)


def foreign(api: Api, tenant) -> Api:
    """The same credentials sent to another client's host."""
    other = object.__new__(Api)
    other.token, other.host = api.token, tenant.host
    return other


def newsletter_id(tenant) -> int:
    with in_schema(tenant):
        return Group.objects.get(default_key="newsletter").pk


def make_profile(tenant, email, *, group_key="newsletter", **fields) -> int:
    """A profile in `tenant`'s schema, in one default group; returns its id."""
    with in_schema(tenant):
        profile = Profile.objects.create(email=email, **fields)
        ProfileGroup.objects.create(profile=profile, group=Group.objects.get(default_key=group_key))
        return profile.pk
