"""Sender domains (/emailDomainSetupPage): keys made on add, the records to publish, and
verify / re-verify against a DNS server (tests/support/dns_server.py)."""

import dkim

from marketing.delivery.models import DkimKey
from marketing.delivery.services.batch_sending import signers_for
from marketing.senders import messages
from marketing.senders.selectors import sender_verified
from tests.support.senders import sender_make, txt
from tests.support.tenants import in_schema


def _add(api, name="shop.test"):
    response = api.post("/api/mm/sender-domains", {"name": name})
    assert response.status_code == 201, response.content
    return response.json()


def _publish(dns_server, domain, *, skip=(), override=None):
    """Every record of `domain` (an API answer) published as shown, but `skip`ped keys."""
    for record in domain["records"]:
        if record["key"] in skip:
            continue
        value = (override or {}).get(record["key"], record["value"])
        entry = dns_server.records.setdefault(record["host"], {})
        entry.setdefault(record["type"], []).append(
            f"{value}." if record["type"] == "CNAME" else txt(value)
        )


def test_add_makes_two_dkim_keys_and_lists_the_records(admin_api, alpha, settings):
    domain = _add(admin_api, "Shop.Test")
    assert domain["name"] == "shop.test" and domain["status"] == "pending"
    records = {r["key"]: r for r in domain["records"]}
    with in_schema(alpha):
        keys = {k.algorithm: k for k in DkimKey.objects.filter(domain="shop.test")}
    assert set(keys) == {"rsa", "ed25519"}
    rsa, ed = keys["rsa"], keys["ed25519"]
    assert [r["key"] for r in domain["records"]] == [
        "cname", "verification", f"dkim:{rsa.selector}", f"dkim:{ed.selector}", "spf", "dmarc"
    ]  # fmt: skip
    assert records["cname"]["host"] == "mc-bounces.shop.test"
    assert records["cname"]["value"] == settings.DELIVERY_BOUNCE_DOMAIN
    assert records["verification"]["host"] == "_mailcraft.shop.test"
    assert records["verification"]["value"].startswith("mailcraft-verification=")
    assert records[f"dkim:{rsa.selector}"]["host"] == f"{rsa.selector}._domainkey.shop.test"
    assert records[f"dkim:{rsa.selector}"]["value"] == rsa.dns_txt
    assert records[f"dkim:{ed.selector}"]["value"].startswith("v=DKIM1; k=ed25519; p=")
    assert records["spf"]["value"] == "v=spf1 include:_spf.mailcraft.localhost ~all"
    assert records["dmarc"]["required"] is False
    assert {r["status"] for r in domain["records"]} == {"unchecked"}


def test_verify_and_reverify_record_by_record(admin_api, alpha, dns_server):
    domain = _add(admin_api)
    verify = f"/api/mm/sender-domains/{domain['id']}/verify"
    nothing = admin_api.post(verify).json()
    assert (nothing["status"], nothing["error"]) == ("failed", messages.SPF_DKIM_INVALID)
    assert {r["status"] for r in nothing["records"]} == {"missing"}
    assert {r["error"] for r in nothing["records"]} == {messages.RECORD_NOT_FOUND}

    # SPF and DKIM right, the CNAME pointing elsewhere and no verification TXT.
    _publish(dns_server, domain, skip={"verification", "dmarc"}, override={"cname": "else.test"})
    partly = admin_api.post(verify).json()
    assert (partly["status"], partly["error"]) == ("failed", messages.DOMAIN_RECORDS_MISSING)
    cname = partly["records"][0]
    assert cname["status"] == "invalid"
    assert cname["error"] == messages.RECORD_CNAME_WRONG.format(
        found="else.test", expected="bounces.mailcraft.localhost"
    )

    dns_server.records.clear()
    _publish(dns_server, domain, skip={"dmarc"})
    verified = admin_api.post(verify).json()
    assert (verified["status"], verified["error"]) == ("verified", "")
    assert [r["status"] for r in verified["records"]] == ["verified"] * 5 + ["missing"]
    with in_schema(alpha):
        sender_make("news@shop.test")
        assert sender_verified(email="news@shop.test") is True

    # The RSA key's record replaced by another key, and an SPF without our include.
    rsa_key = verified["records"][2]
    dns_server.records[rsa_key["host"]] = {"TXT": [txt("v=DKIM1; k=rsa; p=AAAAotherkey")]}
    dns_server.records["shop.test"] = {"TXT": [txt("v=spf1 include:_spf.google.com ~all")]}
    again = admin_api.post(verify).json()
    assert (again["status"], again["error"]) == ("failed", messages.SPF_DKIM_INVALID)
    by_key = {r["key"]: r for r in again["records"]}
    assert by_key[rsa_key["key"]]["error"] == messages.RECORD_DKIM_WRONG
    assert by_key["spf"]["error"] == "The SPF record does not include _spf.mailcraft.localhost."
    assert by_key["spf"]["found"] == ["v=spf1 include:_spf.google.com ~all"]
    with in_schema(alpha):
        assert sender_verified(email="news@shop.test") is False  # stops with its domain

    dns_server.records["shop.test"] = "SERVFAIL"
    failing = admin_api.post(verify).json()
    assert {r["key"]: r["error"] for r in failing["records"]}["spf"] == messages.RECORD_DNS_FAILED


def test_the_published_keys_verify_a_signed_message(admin_api, alpha, dns_server):
    domain = _add(admin_api)
    published = {r["host"]: r["value"] for r in domain["records"] if r["key"].startswith("dkim")}
    with in_schema(alpha):
        signers = signers_for("shop.test")
    assert sorted(s.algorithm for s in signers) == ["ed25519-sha256", "rsa-sha256"]
    message = (
        b"From: Shop <news@shop.test>\r\nTo: ann@mail.example\r\nSubject: Hi\r\n"
        b"Date: Mon, 23 Nov 2026 10:00:00 +0000\r\nMessage-ID: <1@shop.test>\r\n\r\nHello\r\n"
    )

    def dnsfunc(name, timeout=5):
        return published[name.decode().rstrip(".")].encode()

    for signer in signers:
        signed = signer.sign(message) + message
        assert dkim.verify(signed, dnsfunc=dnsfunc), signer.algorithm


def test_bad_names_duplicates_and_delete(admin_api, alpha):
    for name in ("http://shop.test", "shop", "shop.c0m", "a" * 64 + ".test", "x.toolongtld"):
        response = admin_api.post("/api/mm/sender-domains", {"name": name})
        assert response.status_code == 400, name
        assert response.json()["errors"] == {"name": [messages.DOMAIN_INVALID]}
    assert _add(admin_api, "my_shop.test")["name"] == "my_shop.test"
    domain = _add(admin_api)
    duplicate = admin_api.post("/api/mm/sender-domains", {"name": "SHOP.test"})
    assert duplicate.json()["errors"] == {"name": [messages.DOMAIN_EXISTS]}
    with in_schema(alpha):
        sender = sender_make("news@shop.test")
    assert admin_api.get("/api/mm/sender-domains").json()["items"][1]["senders"] == 1
    refused = admin_api.delete(f"/api/mm/sender-domains/{domain['id']}")
    assert (refused.status_code, refused.json()["message"]) == (400, messages.DOMAIN_IN_USE)
    with in_schema(alpha):
        sender.delete()
    assert admin_api.delete(f"/api/mm/sender-domains/{domain['id']}").status_code == 204
    with in_schema(alpha):
        assert not DkimKey.objects.filter(domain="shop.test").exists()
    assert admin_api.post("/api/mm/sender-domains/999999/verify").status_code == 404


def test_roles_and_clients(admin_api, user_api, beta_api, alpha):
    domain = _add(admin_api)
    assert user_api.get("/api/mm/sender-domains").status_code == 200
    assert user_api.post("/api/mm/sender-domains", {"name": "u.test"}).status_code == 403
    assert user_api.post(f"/api/mm/sender-domains/{domain['id']}/verify").status_code == 403
    assert user_api.delete(f"/api/mm/sender-domains/{domain['id']}").status_code == 403
    assert beta_api.get("/api/mm/sender-domains").json()["items"] == []
    assert beta_api.post(f"/api/mm/sender-domains/{domain['id']}/verify").status_code == 404
    # Each client has its own keys for the same domain name.
    beta_domain = _add(beta_api)
    assert beta_domain["records"][2]["value"] != domain["records"][2]["value"]
