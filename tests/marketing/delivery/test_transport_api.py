"""The sending-transport API: admins only; credentials go in and never come out; the
webhook URL with its password is shown once, on the save."""

import pytest

from core.audit.models import AuditLog
from marketing.delivery.models import SendingTransport
from tests.support.http_api import bearer, http
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
