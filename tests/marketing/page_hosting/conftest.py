"""Page hosting fixtures: a page domain of alpha's published in the fake DNS server and
verified (helpers: tests/support/page_domains.py)."""

import pytest

from tests.support.page_domains import domain_verified


@pytest.fixture
def page_domain(admin_api, dns_server, django_capture_on_commit_callbacks) -> dict:
    with django_capture_on_commit_callbacks(execute=True):
        return domain_verified(admin_api, dns_server, "pages.shop.test")
