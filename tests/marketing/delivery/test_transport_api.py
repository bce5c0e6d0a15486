"""The sending-transport API: admins only; credentials go in and never come out; the
webhook URL with its password is shown once, on the save."""

import pytest

from core.audit.models import AuditLog
from marketing.delivery.models import SendingTransport
from tests.support.http_api import Api, bearer, http
from tests.support.role_tokens import role_tokens_fixture  # noqa: F401
from tests.support.tenants import in_schema

URL = "/api/mm/sendingTransports"
POSTMARK = {"kind": "postmark", "credentials": {"serverToken": "pm-secret-token"}}


def _call(alpha, token, method, path=URL, body=None):
    browser = http(alpha.host)
    send = getattr(browser, method)
    if body is None:
        return send(path, **bearer(token))
    return send(path, data=body, content_type="application/json", **bearer(token))


def test_an_admin_sets_lists_and_deletes_a_transport(alpha, role_tokens):
    admin = role_tokens["admin"]
    saved = _call(alpha, admin, "put", body=POSTMARK)
    assert saved.status_code == 200, saved.content
    out = saved.json()
    assert out["kind"] == "postmark" and out["senderDomain"] == ""
    assert out["credentialNames"] == ["serverToken"]
    assert out["webhookUrl"] == "https://alpha.localhost/esp/postmark/tracking/"
    assert out["webhookUrlWithPassword"].startswith("https://mailcraft:")
    assert "pm-secret-token" not in saved.content.decode()
    listed = _call(alpha, admin, "get")
    assert listed.status_code == 200
    [row] = listed.json()["items"]
    assert "webhookUrlWithPassword" not in row
    body = listed.content.decode()
    assert "pm-secret-token" not in body and "mailcraft:" not in body
    with in_schema(alpha):
        audit = AuditLog.objects.filter(event_type="sendingTransport.set").get()
        assert "pm-secret-token" not in str(audit.extra)
    deleted = _call(alpha, admin, "delete", f"{URL}/{out['id']}")
    assert deleted.status_code == 204
    assert _call(alpha, admin, "delete", f"{URL}/{out['id']}").status_code == 404
    with in_schema(alpha):
        assert not SendingTransport.objects.exists()


@pytest.mark.parametrize("role", ["user", "no_mkm"])
def test_only_admins_may_see_or_set_it(alpha, role_tokens, role):
    token = role_tokens[role]
    assert _call(alpha, token, "get").status_code == 403
    assert _call(alpha, token, "put", body=POSTMARK).status_code == 403
    with in_schema(alpha):
        assert not SendingTransport.objects.exists()


def test_bad_input_gets_a_clear_400(alpha, role_tokens):
    admin = role_tokens["admin"]
    missing = _call(alpha, admin, "put", body={"kind": "mailgun", "credentials": {}})
    assert missing.status_code == 400
    assert missing.json()["errors"] == {"apiKey": ["This field is required; check its value."]}
    unknown = _call(alpha, admin, "put", body={"kind": "sparkpost"})
    assert unknown.status_code == 400 and "kind" in unknown.json()["errors"]
    domain = _call(alpha, admin, "put", body={**POSTMARK, "senderDomain": "://x"})
    assert domain.status_code == 400 and "senderDomain" in domain.json()["errors"]


def _transports_make(alpha, domains):
    with in_schema(alpha):
        for domain in domains:
            SendingTransport.objects.create(sender_domain=domain, kind="smtp")


def test_the_list_is_searched_sorted_and_paged(alpha, role_tokens):
    admin = role_tokens["admin"]
    _transports_make(alpha, ["", *(f"news{n:02}.example" for n in range(12)), "shop.example"])
    first = _call(alpha, admin, "get", f"{URL}?pageSize=10").json()
    assert first["total"] == 14 and first["page"] == 1 and len(first["items"]) == 10
    assert [row["senderDomain"] for row in first["items"][:2]] == ["", "news00.example"]
    second = _call(alpha, admin, "get", f"{URL}?pageSize=10&page=2").json()
    assert [row["senderDomain"] for row in second["items"]][-1] == "shop.example"
    found = _call(alpha, admin, "get", f"{URL}?search=NEWS1").json()
    assert [row["senderDomain"] for row in found["items"]] == ["news10.example", "news11.example"]
    last_first = _call(alpha, admin, "get", f"{URL}?sort=-senderDomain").json()
    assert last_first["items"][0]["senderDomain"] == "shop.example"


@pytest.mark.parametrize(
    "query", ["sort=password", "pageSize=7", "page=0", "search=" + "x" * 254, "search=%00"]
)
def test_a_bad_list_query_gets_a_400(alpha, role_tokens, query):
    assert _call(alpha, role_tokens["admin"], "get", f"{URL}?{query}").status_code == 400


def test_another_clients_admin_sees_none_of_them(alpha, beta, role_tokens):
    _transports_make(alpha, ["alpha-only.example"])
    on_beta = _call(beta, role_tokens["admin"], "get")
    assert on_beta.status_code in (401, 403)  # alpha's token is refused on beta's host
    listed = Api(beta, beta.admin.email).get(URL)
    assert listed.status_code == 200 and listed.json()["items"] == []
