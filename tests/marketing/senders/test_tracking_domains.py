"""The tracking domain: saved only when its CNAME points at our tracking host (spec 8)."""

from marketing.senders import messages
from marketing.senders.selectors import tracking_domain_verified
from tenants.models import Domain

SAVE = "/api/mm/tracking-domain"


def test_saved_only_with_the_cname(
    admin_api, alpha, dns_server, django_capture_on_commit_callbacks
):
    assert admin_api.get(SAVE).json() == {
        "name": None,
        "cnameTarget": "track.mailcraft.localhost",
        "checkedAt": None,
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

    dns_server.records["click.shop.test"] = {"CNAME": ["track.mailcraft.localhost."]}
    with django_capture_on_commit_callbacks(execute=True):
        saved = admin_api._call("put", SAVE, {"name": "Click.Shop.Test"})
    assert saved.status_code == 200 and saved.json()["name"] == "click.shop.test"
    assert Domain.objects.get(domain="click.shop.test").tenant_id == alpha.client.pk
    assert tracking_domain_verified(alpha.client) == "click.shop.test"
    listed = admin_api.get("/api/mm/sender-domains").json()
    assert listed["trackingDomain"] == "click.shop.test"

    # Another one replaces it (and its host name); deleting leaves the client's own host.
    dns_server.records["t.shop.test"] = {"CNAME": ["track.mailcraft.localhost."]}
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
    dns_server.records["beta-shop.test"] = {"CNAME": ["track.mailcraft.localhost."]}
    taken = admin_api._call("put", SAVE, {"name": "beta-shop.test"})
    assert taken.json()["errors"] == {"name": [messages.TRACKING_DOMAIN_TAKEN]}
    dns_server.records["click.shop.test"] = {"CNAME": ["track.mailcraft.localhost."]}
    assert user_api._call("put", SAVE, {"name": "click.shop.test"}).status_code == 403
    assert user_api.delete(SAVE).status_code == 403
    assert user_api.get(SAVE).status_code == 200
    assert beta_api.get(SAVE).json()["name"] is None
