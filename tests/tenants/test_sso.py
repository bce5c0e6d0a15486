import time

import pytest

from tenants.models import Membership, Role
from tenants.sso import SSO_FAILED
from tests.conftest import http, mint


def _status(host: str, payload: str):
    return http(host).get("/api/getStatus", {"payload": payload})


def test_valid_payload_signs_in_creates_member_and_answers_status(alpha):
    payload = mint(
        alpha.client, "new.person@alpha.example", role=Role.USER, first_name="New", website_id=7
    )
    response = _status(alpha.host, payload)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "success"
    assert body["user"] == {
        "email": "new.person@alpha.example",
        "firstName": "New",
        "lastName": "",
        "role": "USER",
    }
    assert body["token"]
    membership = Membership.objects.get(user__email="new.person@alpha.example")
    assert (membership.client_id, membership.role) == (alpha.client.pk, Role.USER)


def test_token_from_payload_works_for_later_calls(alpha):
    token = _status(alpha.host, mint(alpha.client, alpha.admin.email)).json()["token"]
    response = http(alpha.host).get("/api/fetchemailstats", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200


def _assert_refused(response):
    assert response.status_code == 403
    assert response.json() == {"status": "failure", "message": SSO_FAILED}
    assert "sessionid" not in response.cookies


def test_expired_payload_is_refused(alpha):
    issued = time.time() - 600
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, now=issued)))


def test_payload_living_longer_than_allowed_is_refused(alpha):
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, ttl_seconds=3600)))


def test_tampered_payload_is_refused(alpha):
    payload = mint(alpha.client, alpha.admin.email)
    flipped = payload[:40] + ("A" if payload[40] != "A" else "B") + payload[41:]
    _assert_refused(_status(alpha.host, flipped))


def test_garbage_payload_is_refused(alpha):
    _assert_refused(_status(alpha.host, "not-a-payload"))


def test_replayed_payload_is_refused(alpha):
    payload = mint(alpha.client, alpha.admin.email)
    assert _status(alpha.host, payload).status_code == 200
    _assert_refused(_status(alpha.host, payload))


def test_payload_sealed_with_another_clients_secret_is_refused(alpha, beta):
    _assert_refused(_status(alpha.host, mint(beta.client, alpha.admin.email)))


def test_payload_for_another_client_on_its_host_is_refused(alpha, beta):
    """A payload minted for alpha, presented on beta's host."""
    _assert_refused(_status(beta.host, mint(alpha.client, alpha.admin.email)))
    assert not Membership.objects.filter(user=alpha.admin, client=beta.client).exists()


def test_payload_cannot_make_anyone_a_superadmin(alpha):
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, role="SUPERADMIN")))


def test_payload_may_name_an_existing_superadmin(alpha, superadmin):
    response = _status(alpha.host, mint(alpha.client, superadmin.email, role="SUPERADMIN"))
    assert response.json()["user"]["role"] == "SUPERADMIN"


@pytest.mark.parametrize("role", ["OWNER", "", None])
def test_payload_with_unknown_role_is_refused(alpha, role):
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, role=role)))
