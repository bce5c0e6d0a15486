"""Fixtures of the content suites (their helpers: tests/support/content.py): beta's admin
calling the API."""

import pytest

from tests.support.http_api import Api


@pytest.fixture
def beta_admin_api(beta):
    return Api(beta, beta.admin.email)
