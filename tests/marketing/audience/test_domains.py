"""Manage Domains: the spec 5.1 domain-name rule and /api/mm/domains."""

import pytest
from django.db import connection

from core.errors import ValidationFailed
from marketing.audience.messages import DOMAIN_EXISTS, INVALID_DOMAIN
from marketing.audience.models import DomainType, ManagedDomain
from marketing.audience.services.domains import domain_normalize
from tenants.messages import ACCESS_DENIED
from tenants.models import AccessRule
from tests.support.http_api import bearer, http, signed_in

LABEL_63 = "a" * 63
LABEL_64 = "a" * 64


@pytest.mark.parametrize(
    ("value", "stored"),
    [
        ("example.com", "example.com"),
        ("mail.example.co.uk", "mail.example.co.uk"),
        pytest.param(f"{LABEL_63}.com", f"{LABEL_63}.com", id="label-of-63"),
        pytest.param(f"{LABEL_63}.{LABEL_63}.io", f"{LABEL_63}.{LABEL_63}.io", id="two-of-63"),
        ("under_score.example.com", "under_score.example.com"),
        ("_dmarc.example.com", "_dmarc.example.com"),
        ("with-hyphen.example.com", "with-hyphen.example.com"),
        ("123.example.com", "123.example.com"),
        ("example.io", "example.io"),  # 2-letter TLD
        ("example.museum", "example.museum"),  # 6-letter TLD
        ("  Example.COM ", "example.com"),  # stored trimmed and lower-case
        ("example.com.", "example.com"),  # the root's dot
    ],
)
def test_domain_rule_accepts(value, stored):
    assert domain_normalize(value) == stored


@pytest.mark.parametrize(
    "value",
    [
        "example.c",  # 1-letter TLD
        "example.abcdefg",  # 7-letter TLD
        "example.c0m",  # TLD with a digit
        "example.co_",
        "localhost",  # no TLD at all
        "com",
        "http://example.com",
        "https://example.com",
        "://example.com",
        "example.com/path",
        "user@example.com",
        "exa mple.com",
        "example..com",
        ".example.com",
        "example.com..",
        "ex!ample.com",
        "exämple.com",
        "",
        "   ",
        pytest.param(("a" * 60 + ".") * 5 + "com", id="labels-fine-name-over-253"),
        pytest.param(f"{LABEL_64}.com", id="label-of-64"),
    ],
)
def test_domain_rule_refuses(value):
    with pytest.raises(ValidationFailed) as refused:
        domain_normalize(value)
    assert refused.value.message == INVALID_DOMAIN


# --- API ----------------------------------------------------------------------------------


def _add(host, token, domain, domain_type=1):
    return http(host).post(
        "/api/mm/domains",
        {"domain": domain, "domainType": domain_type},
        content_type="application/json",
        **bearer(token),
    )


def _list(host, token, **params):
    return http(host).get("/api/mm/domains", params, **bearer(token))


def _delete(host, token, domain_id):
    return http(host).delete(f"/api/mm/domains/{domain_id}", **bearer(token))


@pytest.fixture
def admin_token(alpha):
    return signed_in(alpha.host, alpha.admin.email)[1]


@pytest.fixture
def user_token(alpha):
    return signed_in(alpha.host, alpha.user.email)[1]


def test_admin_adds_a_domain(alpha, admin_token):
    response = _add(alpha.host, admin_token, " Mailinator.COM ", 1)
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"id", "domain", "domainType", "createdAt"}
    assert (body["domain"], body["domainType"]) == ("mailinator.com", 1)
    connection.set_tenant(alpha.client)
    assert ManagedDomain.objects.get(pk=body["id"]).domain_type == DomainType.SUPPRESSED


def test_duplicates_are_refused_whatever_the_case_or_type(alpha, admin_token):
    assert _add(alpha.host, admin_token, "gmail.com", 2).status_code == 201
    for again in ("gmail.com", "GMAIL.com", "gmail.com."):
        response = _add(alpha.host, admin_token, again, 1)
        assert response.status_code == 400
        assert response.json() == {"message": DOMAIN_EXISTS, "errors": {"domain": [DOMAIN_EXISTS]}}


@pytest.mark.parametrize("domain", ["http://example.com", f"{LABEL_64}.com", "example.toolong"])
def test_invalid_domain_names_are_refused(alpha, admin_token, domain):
    response = _add(alpha.host, admin_token, domain)
    assert response.status_code == 400
    assert response.json() == {"message": INVALID_DOMAIN, "errors": {"domain": [INVALID_DOMAIN]}}


@pytest.mark.parametrize(
    "body",
    [
        {"domain": "example.com"},
        {"domain": "example.com", "domainType": 3},
        {"domain": "example.com", "domainType": "public"},
        {"domainType": 1},
        {"domain": None, "domainType": 1},
        {"domain": "x" * 301 + ".com", "domainType": 1},
    ],
)
def test_malformed_bodies_are_refused(alpha, admin_token, body):
    response = http(alpha.host).post(
        "/api/mm/domains", body, content_type="application/json", **bearer(admin_token)
    )
    assert response.status_code == 400
    assert response.json()["message"] == "Invalid Request"


def test_users_cannot_write_domains(alpha, admin_token, user_token):
    response = _add(alpha.host, user_token, "example.com")
    assert response.status_code == 403
    assert response.json()["message"] == ACCESS_DENIED
    domain_id = _add(alpha.host, admin_token, "example.com").json()["id"]
    response = _delete(alpha.host, user_token, domain_id)
    assert response.status_code == 403
    assert response.json()["message"] == ACCESS_DENIED
    assert _list(alpha.host, user_token).json()["total"] == 1  # reading is open to users


def test_users_write_domains_when_the_access_list_allows(alpha, user_token):
    AccessRule.objects.create(
        client=alpha.client, action_type="manageDomains", roles=["ADMIN", "USER"]
    )
    assert _add(alpha.host, user_token, "example.com").status_code == 201


def test_no_marketing_access_no_domains(alpha):
    _, token = signed_in(alpha.host, alpha.no_mkm.email)
    assert _list(alpha.host, token).status_code == 403
    assert _add(alpha.host, token, "example.com").status_code == 403


def test_list_filters_searches_and_pages(alpha, admin_token):
    for i in range(12):
        assert _add(alpha.host, admin_token, f"trash{i:02}.example.com", 1).status_code == 201
    assert _add(alpha.host, admin_token, "gmail.com", 2).status_code == 201
    assert _add(alpha.host, admin_token, "yahoo.com", 2).status_code == 201

    everything = _list(alpha.host, admin_token).json()
    assert (everything["total"], everything["page"], everything["pageSize"]) == (14, 1, 10)
    assert len(everything["items"]) == 10
    assert everything["items"][0]["domain"] == "yahoo.com"  # newest first

    public = _list(alpha.host, admin_token, type=2).json()
    assert {d["domain"] for d in public["items"]} == {"gmail.com", "yahoo.com"}
    assert {d["domainType"] for d in public["items"]} == {2}

    second_page = _list(alpha.host, admin_token, type=1, page=2, pageSize=10).json()
    assert (second_page["total"], len(second_page["items"])) == (12, 2)

    found = _list(alpha.host, admin_token, search="TRASH0").json()
    assert found["total"] == 10
    assert _list(alpha.host, admin_token, search="nothing-like-it").json()["total"] == 0


@pytest.mark.parametrize(
    "params", [{"pageSize": 15}, {"page": 0}, {"type": 3}, {"type": "x"}, {"pageSize": "ten"}]
)
def test_list_rejects_bad_queries(alpha, admin_token, params):
    response = _list(alpha.host, admin_token, **params)
    assert response.status_code == 400
    assert response.json()["message"] == "Invalid Request"


def test_admin_deletes_a_domain(alpha, admin_token):
    domain_id = _add(alpha.host, admin_token, "example.com").json()["id"]
    response = _delete(alpha.host, admin_token, domain_id)
    assert response.status_code == 204
    assert _list(alpha.host, admin_token).json()["total"] == 0
    assert _delete(alpha.host, admin_token, domain_id).status_code == 404


def test_domains_stay_inside_their_client(alpha, beta, admin_token):
    _, beta_token = signed_in(beta.host, beta.admin.email)
    beta_id = _add(beta.host, beta_token, "beta-only.example.com").json()["id"]
    alpha_id = _add(alpha.host, admin_token, "alpha-only.example.com").json()["id"]

    # Beta's token is not valid on alpha's host.
    assert _list(alpha.host, beta_token).status_code == 403
    assert _add(alpha.host, beta_token, "sneaky.example.com").status_code == 403
    assert _delete(alpha.host, beta_token, alpha_id).status_code == 403

    # Alpha sees only its own, and beta's ids are not found on alpha (ids may overlap, so
    # delete a fresh id of beta's that alpha has not used).
    assert [d["domain"] for d in _list(alpha.host, admin_token).json()["items"]] == [
        "alpha-only.example.com"
    ]
    other_id = _add(beta.host, beta_token, "beta-two.example.com").json()["id"]
    connection.set_tenant(alpha.client)
    assert not ManagedDomain.objects.filter(pk=other_id).exists()
    connection.set_schema_to_public()
    assert _delete(alpha.host, admin_token, other_id).status_code == 404
    connection.set_tenant(beta.client)
    assert ManagedDomain.objects.filter(pk__in=[beta_id, other_id]).count() == 2
