"""Sign-ins (password, parent-suite SSO), sign-outs and access-list changes are recorded in
the client's schema, in the transaction that makes them."""

from core.audit.models import AuditLog
from tenants.messages import INVALID_CREDENTIALS
from tenants.models import ApiToken, Role
from tests.support.http_api import bearer, http, mint, signed_in
from tests.support.tenants import PASSWORD, in_schema


def _latest(tenant, event: str) -> AuditLog | None:
    with in_schema(tenant):
        return AuditLog.objects.filter(event_type=event).order_by("-id").first()


def _count(tenant, event: str) -> int:
    with in_schema(tenant):
        return AuditLog.objects.filter(event_type=event).count()


def _sign_in(tenant, email, password=PASSWORD, **headers):
    return http(tenant.host).post(
        "/api/auth/login",
        {"email": email, "password": password},
        content_type="application/json",
        **headers,
    )


def test_a_password_sign_in_from_the_app_is_recorded(alpha, beta):
    before = _count(beta, "session.signedIn")
    response = _sign_in(
        alpha,
        alpha.user.email,
        HTTP_SEC_FETCH_SITE="same-origin",
        REMOTE_ADDR="10.7.7.7",
        HTTP_USER_AGENT="Firefox",
    )
    assert response.status_code == 200
    row = _latest(alpha, "session.signedIn")
    assert (row.actor_id, row.actor_email, row.object_id) == (
        alpha.user.pk,
        alpha.user.email,
        alpha.user.pk,
    )
    assert (row.path, row.extra, row.client_address, row.user_agent) == (
        "ui",
        {"method": "password"},
        "10.7.7.7",
        "Firefox",
    )
    assert _count(beta, "session.signedIn") == before  # in alpha's schema only


def test_a_script_signing_in_is_the_api_path(alpha):
    assert _sign_in(alpha, alpha.admin.email).status_code == 200
    assert _latest(alpha, "session.signedIn").path == "api"


def test_a_wrong_password_is_recorded_as_the_persons_failed_sign_in(alpha):
    before = _count(alpha, "session.signedIn")
    refused = _sign_in(alpha, alpha.user.email.upper(), password="wrong", REMOTE_ADDR="10.6.6.6")
    assert refused.json()["message"] == INVALID_CREDENTIALS
    assert _count(alpha, "session.signedIn") == before
    row = _latest(alpha, "session.signInFailed")
    assert (row.actor_id, row.actor_email, row.object_label) == (
        alpha.user.pk,
        alpha.user.email,
        alpha.user.email.upper(),
    )
    assert (row.extra, row.client_address) == ({"reason": "password"}, "10.6.6.6")


def test_an_unknown_address_and_a_person_of_another_client_are_recorded_in_this_client(alpha, beta):
    before_beta = _count(beta, "session.signInFailed")
    assert _sign_in(alpha, "nobody@nowhere.example").status_code == 400
    row = _latest(alpha, "session.signInFailed")
    assert (row.actor_id, row.actor_email, row.object_label, row.extra) == (
        None,
        "",
        "nobody@nowhere.example",
        {"reason": "password"},
    )
    assert _sign_in(alpha, beta.user.email).status_code == 400  # right password, wrong client
    row = _latest(alpha, "session.signInFailed")
    assert (row.actor_id, row.extra) == (beta.user.pk, {"reason": "notMember"})
    assert _count(beta, "session.signInFailed") == before_beta


def test_a_refused_parent_suite_payload_is_recorded_without_trusting_its_claims(alpha):
    payload = mint(alpha.client, "sso.intruder@alpha.example", role=Role.USER)
    tampered = payload[:-4] + ("AAAA" if not payload.endswith("AAAA") else "BBBB")
    http(alpha.host).get("/api/getStatus", {"payload": tampered})
    row = _latest(alpha, "session.ssoRefused")
    assert (row.actor_id, row.actor_email, row.path) == (None, "", "sso")
    assert row.extra == {"reason": "undecryptable, tampered or older than SSO_MAX_AGE"}


def test_a_parent_suite_sign_in_is_the_sso_path(alpha):
    payload = mint(alpha.client, "sso.person@alpha.example", role=Role.USER)
    response = http(alpha.host).get("/api/getStatus", {"payload": payload})
    assert response.status_code == 200
    row = _latest(alpha, "session.signedIn")
    assert (row.actor_email, row.path, row.extra) == (
        "sso.person@alpha.example",
        "sso",
        {"method": "sso"},
    )


def test_signing_out_is_recorded_for_whoever_signed_out(alpha):
    browser, token = signed_in(alpha.host, alpha.user.email)
    before = _count(alpha, "session.signedOut")
    assert browser.post("/api/logout", **bearer(token)).status_code == 200
    row = _latest(alpha, "session.signedOut")
    assert (row.actor_id, row.object_label) == (alpha.user.pk, alpha.user.email)
    # Nobody signed in: nothing to record.
    assert http(alpha.host).post("/api/logout").status_code == 200
    assert _count(alpha, "session.signedOut") == before + 1


def test_a_sign_in_whose_row_cannot_be_written_makes_no_session(alpha, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise RuntimeError("no audit row")

    monkeypatch.setattr(AuditLog, "save", refuse)
    response = _sign_in(alpha, alpha.user.email)
    assert (response.status_code, response.json()["message"]) == (500, "Something went wrong.")
    assert "sessionid" not in response.cookies
    assert not ApiToken.objects.filter(user=alpha.user).exists()


def test_an_access_list_change_is_recorded_in_the_clients_schema(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(alpha.host).post(
        "/api/updateAccessControl",
        {"action": "exportProfiles", "userAccess": True},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 200
    row = _latest(alpha, "accessControl.changed")
    assert (row.actor_id, row.object_label) == (alpha.admin.pk, "exportProfiles")
    assert row.extra == {"action": "exportProfiles", "userAccess": True, "roles": ["ADMIN", "USER"]}
