"""Page domains (marketing/page_hosting) as tests make them: records published in the fake
DNS server (tests/support/dns_server.py), a domain added and verified through the API."""

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
    records_publish(dns_server, name, added.json()["records"][1]["value"])
    verified = api.post(f"{URL}/{added.json()['id']}/verify")
    assert verified.status_code == 200 and verified.json()["status"] == "verified", verified.content
    return verified.json()
