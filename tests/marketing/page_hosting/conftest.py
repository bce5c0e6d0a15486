"""Page hosting fixtures: a page domain published in the fake DNS server and verified."""

import pytest
from django.conf import settings

URL = "/api/mm/page-domains"


def records_publish(dns_server, name: str, txt: str | None) -> None:
    """The CNAME to the pages host and (unless None) the TXT record `txt` for `name`."""
    dns_server.records[name] = {"CNAME": [f"{settings.PAGES_HOST}."]}
    if txt is not None:
        dns_server.records[f"_mailcraft.{name}"] = {"TXT": [txt]}


def domain_verified(api, dns_server, name: str) -> dict:
    """`name` added by `api`'s client, its records published and verified."""
    added = api.post(URL, {"name": name})
    assert added.status_code == 201, added.content
    txt = added.json()["records"][1]["value"]
    records_publish(dns_server, name, txt)
    verified = api.post(f"{URL}/{added.json()['id']}/verify")
    assert verified.status_code == 200 and verified.json()["status"] == "verified", verified.content
    return verified.json()


@pytest.fixture
def page_domain(admin_api, dns_server, django_capture_on_commit_callbacks) -> dict:
    with django_capture_on_commit_callbacks(execute=True):
        return domain_verified(admin_api, dns_server, "pages.shop.test")
