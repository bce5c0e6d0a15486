import time
import uuid

import pytest

from tenants.messages import SSO_FAILED
from tenants.models import Membership, Role, User
from tenants.services import member_add
from tests.support.http_api import bearer, http, mint


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


@pytest.mark.parametrize("role", [Role.USER, Role.ADMIN, Role.SUPERADMIN])
def test_payload_naming_a_superadmin_is_refused_whatever_role_it_claims(alpha, superadmin, role):
    """Finding 1: a client's secret must never mint platform-wide power."""
    response = _status(alpha.host, mint(alpha.client, superadmin.email, role=role))
    _assert_refused(response)
    assert not Membership.objects.filter(user=superadmin).exists()


def test_a_person_made_superadmin_after_an_sso_sign_in_is_refused_in_that_session(alpha):
    email = f"{uuid.uuid4().hex}@alpha.example"
    token = _status(alpha.host, mint(alpha.client, email, role=Role.USER)).json()["token"]
    User.objects.filter(email=email).update(is_superadmin=True)
    response = http(alpha.host).get("/api/getStatus", **bearer(token))
    assert response.status_code == 403


def test_payload_does_not_rename_the_shared_person(alpha, beta):
    email = f"{uuid.uuid4().hex}@both.example"
    member_add(client=beta.client, email=email, first_name="Real", last_name="Name")
    response = _status(alpha.host, mint(alpha.client, email, first_name="Alias", last_name="X"))
    assert response.json()["user"]["firstName"] == "Alias"
    assert User.objects.get(email=email).first_name == "Real"
    beta_view = _status(beta.host, mint(beta.client, email)).json()["user"]
    assert (beta_view["firstName"], beta_view["lastName"]) == ("Real", "Name")


def test_payload_does_not_revive_a_membership_an_admin_deactivated(alpha):
    email = f"{uuid.uuid4().hex}@alpha.example"
    membership = member_add(client=alpha.client, email=email, role=Role.USER)
    Membership.objects.filter(pk=membership.pk).update(is_active=False)
    _assert_refused(_status(alpha.host, mint(alpha.client, email, role=Role.ADMIN)))
    assert Membership.objects.get(pk=membership.pk).is_active is False


def test_payload_naming_another_clients_website_is_refused(alpha):
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, website_id=999)))


@pytest.mark.parametrize("role", ["OWNER", "", None])
def test_payload_with_unknown_role_is_refused(alpha, role):
    _assert_refused(_status(alpha.host, mint(alpha.client, alpha.admin.email, role=role)))
