"""Helpers of the content suites: the audience suites' API callers, and content made
straight in a client's schema."""

import pytest

from tests.support.http_api import Api


@pytest.fixture
def beta_admin_api(beta):
    return Api(beta, beta.admin.email)
