"""DKIM key rollover from the domain screen (issue 22.5): new selectors are made and shown
as records to publish while the current keys go on signing; only once the new records are
found in DNS do the new keys sign and the old ones go. Admins only, each client its own."""

import dkim

from core.audit.models import AuditLog
from marketing.delivery.models import DkimKey
from marketing.delivery.services.batch_sending import signers_for
from marketing.senders import messages
from tests.marketing.senders.test_domains import _add, _publish
from tests.support.tenants import in_schema

MESSAGE = (
    b"From: Shop <news@shop.test>\r\nTo: ann@mail.example\r\nSubject: Hi\r\n"
    b"Date: Mon, 23 Nov 2026 10:00:00 +0000\r\nMessage-ID: <1@shop.test>\r\n\r\nHello\r\n"
)


def _verified(api, dns_server) -> dict:
    domain = _add(api)
    _publish(dns_server, domain, skip={"dmarc"})
    verified = api.post(f"/api/mm/sender-domains/{domain['id']}/verify").json()
    assert verified["status"] == "verified" and verified["dkimRollover"] is False
    return verified


def _selectors(tenant, *, active: bool) -> set[str]:
    with in_schema(tenant):
        keys = DkimKey.objects.filter(domain="shop.test", is_active=active)
        return set(keys.values_list("selector", flat=True))


def _signed_selectors(tenant) -> set[str]:
    with in_schema(tenant):
        signed = [signer.sign(MESSAGE) for signer in signers_for("shop.test")]
    return {header.split(b"s=", 1)[1].split(b";", 1)[0].decode() for header in signed}


def test_a_rollover_publishes_verifies_then_swaps_the_keys(admin_api, alpha, dns_server):
    domain = _verified(admin_api, dns_server)
    old = _selectors(alpha, active=True)
    path = f"/api/mm/sender-domains/{domain['id']}/dkim-rollover"
    started = admin_api.post(path)
    assert started.status_code == 200, started.content
    body = started.json()
    assert body["dkimRollover"] is True and body["status"] == "verified"
    new = _selectors(alpha, active=False)
    assert len(new) == 2 and not new & old
    new_records = [r for r in body["records"] if r["key"] in {f"dkim:{s}" for s in new}]
    assert sorted(r["kind"] for r in new_records) == [
        "DKIM, Ed25519, new key",
        "DKIM, RSA, new key",
    ]
    assert {r["required"] for r in new_records} == {False}
    assert {r["host"] for r in new_records} == {f"{s}._domainkey.shop.test" for s in new}
    # A second start changes nothing; the current keys still sign.
    assert admin_api.post(path).json()["records"] == body["records"]
    assert _selectors(alpha, active=False) == new
    assert _signed_selectors(alpha) == old

    # Not published yet: refused, nothing swapped, and the records say what is missing.
    refused = admin_api.post(f"{path}/activate")
    assert refused.status_code == 400
    assert refused.json()["message"] == messages.DKIM_ROLLOVER_NOT_PUBLISHED
    listed = admin_api.get("/api/mm/sender-domains").json()["items"][0]
    assert {
        r["status"] for r in listed["records"] if r["key"] in {x["key"] for x in new_records}
    } == {"missing"}
    assert _signed_selectors(alpha) == old
    # A re-verify meanwhile keeps the domain verified (the new records are not required).
    assert admin_api.post(f"/api/mm/sender-domains/{domain['id']}/verify").json()["status"] == (
        "verified"
    )

    _publish(dns_server, {"records": new_records})
    done = admin_api.post(f"{path}/activate")
    assert done.status_code == 200, done.content
    swapped = done.json()
    assert swapped["dkimRollover"] is False and swapped["status"] == "verified"
    dkim_records = {r["key"]: r for r in swapped["records"] if r["key"].startswith("dkim:")}
    assert set(dkim_records) == {f"dkim:{s}" for s in new}
    assert {r["status"] for r in dkim_records.values()} == {"verified"}
    assert {r["required"] for r in dkim_records.values()} == {True}
    assert _selectors(alpha, active=True) == new and _selectors(alpha, active=False) == set()
    assert _signed_selectors(alpha) == new
    published = {r["host"]: r["value"] for r in dkim_records.values()}
    with in_schema(alpha):
        signers = signers_for("shop.test")
        events = AuditLog.objects.filter(event_type__startswith="senderDomain.dkim")
        trail = {row.event_type: row.extra for row in events}
    for signer in signers:
        signed = signer.sign(MESSAGE) + MESSAGE
        dnsfunc = lambda name, timeout=5: published[name.decode().rstrip(".")].encode()  # noqa: E731
        assert dkim.verify(signed, dnsfunc=dnsfunc)
    assert trail["senderDomain.dkimRolledOver"] == {"active": sorted(new), "retired": sorted(old)}
    assert sorted(trail["senderDomain.dkimRolloverStarted"]["selectors"]) == sorted(new)
    assert admin_api.post(f"{path}/activate").json()["message"] == messages.DKIM_ROLLOVER_NONE


def test_bad_input_roles_and_clients(admin_api, user_api, beta_api, alpha, dns_server):
    pending = _add(admin_api)  # never verified
    path = f"/api/mm/sender-domains/{pending['id']}/dkim-rollover"
    refused = admin_api.post(path)
    assert refused.status_code == 400
    assert refused.json()["message"] == messages.DKIM_ROLLOVER_NEEDS_VERIFIED
    assert admin_api.post(f"{path}/activate").status_code == 400  # nothing waiting
    for missing in (
        "/api/mm/sender-domains/999999/dkim-rollover",
        "/api/mm/sender-domains/x/dkim-rollover",
    ):
        assert admin_api.post(missing).status_code == 404
        assert admin_api.post(f"{missing}/activate").status_code == 404
    dns_server.records.clear()
    _publish(dns_server, pending, skip={"dmarc"})
    assert admin_api.post(f"/api/mm/sender-domains/{pending['id']}/verify").json()["status"] == (
        "verified"
    )
    assert user_api.post(path).status_code == 403
    assert user_api.post(f"{path}/activate").status_code == 403
    # beta's admin, on beta's host: alpha's domain id is not beta's.
    assert beta_api.post(path).status_code == 404
    assert beta_api.post(f"{path}/activate").status_code == 404
    assert _selectors(alpha, active=False) == set()
