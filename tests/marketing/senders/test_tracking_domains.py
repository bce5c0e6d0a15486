"""The tracking domain: in use only once it proves it is the client's, by its CNAME to our
tracking host (spec 8) and a TXT verification record as sender domains have; it then
serves the links in mail and nothing of the app."""

from marketing.senders import messages
from marketing.senders.models import TrackingDomain
from marketing.senders.selectors import tracking_domain_verified
from tenants.models import Domain
from tests.support.http_api import http

SAVE = "/api/mm/tracking-domain"
CNAME = {"CNAME": ["track.mailcraft.localhost."]}


def _publish(dns_server, name: str, txt: str | None = None) -> None:
    dns_server.records[name] = CNAME
    if txt is not None:
        dns_server.records[f"_mailcraft.{name}"] = {"TXT": [txt]}


def test_in_use_only_with_the_cname_and_the_txt_token(
    admin_api, alpha, dns_server, django_capture_on_commit_callbacks
):
    assert admin_api.get(SAVE).json() == {
        "name": None,
        "cnameTarget": "track.mailcraft.localhost",
        "checkedAt": None,
        "pending": None,
    }
    missing = admin_api._call("put", SAVE, {"name": "click.shop.test"})
    assert (missing.status_code, missing.json()["message"]) == (400, messages.TRACKING_DOMAIN_CNAME)
    assert missing.json()["message"] == (
        "Tracking Domain could not be saved. Check domain CNAME configuration"
    )
    dns_server.records["click.shop.test"] = {"CNAME": ["elsewhere.test."]}
    wrong = admin_api._call("put", SAVE, {"name": "click.shop.test"})
    assert wrong.json()["message"] == messages.TRACKING_DOMAIN_CNAME
    assert admin_api._call("put", SAVE, {"name": "http://x"}).status_code == 400

    # The CNAME alone (a dangling one anyone could point) is not enough: the TXT token is.
    _publish(dns_server, "click.shop.test")
    no_txt = admin_api._call("put", SAVE, {"name": "Click.Shop.Test"})
    assert (no_txt.status_code, no_txt.json()["message"]) == (400, messages.TRACKING_DOMAIN_TXT)
    assert not Domain.objects.filter(domain="click.shop.test").exists()
    assert tracking_domain_verified(alpha.client) is None
    pending = admin_api.get(SAVE).json()["pending"]
    token = TrackingDomain.objects.get(name="click.shop.test").verification_token
    assert len(token) == 32
    assert pending == {
        "name": "click.shop.test",
        "txtHost": "_mailcraft.click.shop.test",
        "txtValue": f"mailcraft-verification={token}",
    }
    assert admin_api.get("/api/mm/sender-domains").json()["trackingPending"] == pending
    _publish(dns_server, "click.shop.test", "mailcraft-verification=someone-elses-token")
    assert admin_api._call("put", SAVE, {"name": "click.shop.test"}).json()["message"] == (
        messages.TRACKING_DOMAIN_TXT
    )

    _publish(dns_server, "click.shop.test", pending["txtValue"])
    with django_capture_on_commit_callbacks(execute=True):
        saved = admin_api._call("put", SAVE, {"name": "Click.Shop.Test"})
    assert saved.status_code == 200 and saved.json()["name"] == "click.shop.test"
    assert saved.json()["pending"] is None
    host = Domain.objects.get(domain="click.shop.test")
    assert host.tenant_id == alpha.client.pk and host.recipient_only
    assert tracking_domain_verified(alpha.client) == "click.shop.test"
    listed = admin_api.get("/api/mm/sender-domains").json()
    assert listed["trackingDomain"] == "click.shop.test" and listed["trackingPending"] is None
    # It serves the links in mail only: no app, no API, no sign-in there.
    assert http("click.shop.test").get("/api/mm/tracking-domain").status_code == 404
    assert http("click.shop.test").get("/").status_code == 404

    # Another one replaces it once verified (the first stays in use meanwhile); deleting
    # leaves the client's own host.
    _publish(dns_server, "t.shop.test")
    assert admin_api._call("put", SAVE, {"name": "t.shop.test"}).status_code == 400
    assert tracking_domain_verified(alpha.client) == "click.shop.test"
    txt = admin_api.get(SAVE).json()["pending"]["txtValue"]
    assert txt != pending["txtValue"]
    _publish(dns_server, "t.shop.test", txt)
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_api._call("put", SAVE, {"name": "t.shop.test"}).status_code == 200
    assert not Domain.objects.filter(domain="click.shop.test").exists()
    assert tracking_domain_verified(alpha.client) == "t.shop.test"
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_api.delete(SAVE).status_code == 204
    assert tracking_domain_verified(alpha.client) is None
    assert not Domain.objects.filter(domain="t.shop.test").exists()
    assert Domain.objects.filter(domain=alpha.host, tenant=alpha.client).exists()


def test_a_host_of_another_client_and_roles(admin_api, user_api, beta_api, beta, dns_server):
    Domain.objects.create(domain="beta-shop.test", tenant=beta.client, is_primary=False)
    _publish(dns_server, "beta-shop.test")
    admin_api._call("put", SAVE, {"name": "beta-shop.test"})  # makes the token to publish
    _publish(dns_server, "beta-shop.test", admin_api.get(SAVE).json()["pending"]["txtValue"])
    taken = admin_api._call("put", SAVE, {"name": "beta-shop.test"})
    assert taken.json()["errors"] == {"name": [messages.TRACKING_DOMAIN_TAKEN]}
    dns_server.records["click.shop.test"] = {"CNAME": ["track.mailcraft.localhost."]}
    assert user_api._call("put", SAVE, {"name": "click.shop.test"}).status_code == 403
    assert user_api.delete(SAVE).status_code == 403
    assert user_api.get(SAVE).status_code == 200
    assert beta_api.get(SAVE).json()["name"] is None
