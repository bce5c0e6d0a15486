import base64
import json
from datetime import UTC, datetime

import pytest
from django.utils import timezone

from tenants.access import DEFAULT_ACTION_ROLES, Member
from tenants.models import ApiToken, Role
from tenants.selectors import client_status
from tests.support.http_api import bearer, http, signed_in
from tests.support.tenants import PASSWORD

STATUS_FIELDS = {
    "status",
    "navigate",
    "message",
    "timeZoneMinutes",
    "estDateOffset",
    "accessControl",
    "subscriptionsEnabled",
    "repNotificationsOnly",
    "token",
    "parentOrigins",
    "user",
    "client",
}


def decode(access_control: str) -> dict:
    return json.loads(base64.urlsafe_b64decode(access_control + "=" * (-len(access_control) % 4)))


def test_status_answer_shape_for_an_admin(alpha):
    browser, token = signed_in(alpha.host, alpha.admin.email)
    body = browser.get("/api/getStatus").json()
    assert set(body) == STATUS_FIELDS
    assert body["status"] == "success" and body["navigate"] == ""
    assert body["parentOrigins"] == ["https://suite-alpha.example"]
    assert body["client"] == {"name": "Alpha", "siteType": "MM", "timeZone": "America/New_York"}
    assert decode(body["accessControl"]) == {
        "userHasMKMAccess": True,
        "accessControlList": [
            {"actionType": action, "users": ["ADMIN"]} for action in sorted(DEFAULT_ACTION_ROLES)
        ],
        "userRole": "ADMIN",
    }


@pytest.mark.parametrize("site_type", ["MM", "CRM", "STANDALONECRM"])
@pytest.mark.parametrize("subscriptions,rep_only", [(False, False), (True, False), (False, True)])
def test_status_reflects_site_type_and_flags(alpha, site_type, subscriptions, rep_only):
    client = alpha.client
    client.site_type, client.subscriptions_enabled = site_type, subscriptions
    client.rep_notifications_only = rep_only
    client.save()
    browser, _ = signed_in(alpha.host, alpha.user.email)
    body = browser.get("/api/getStatus").json()
    assert body["client"]["siteType"] == site_type
    assert body["subscriptionsEnabled"] is subscriptions
    assert body["repNotificationsOnly"] is rep_only
    assert decode(body["accessControl"])["userRole"] == "USER"


def test_status_navigates_to_setup_while_setup_is_incomplete(alpha):
    alpha.client.setup_complete = False
    alpha.client.save()
    browser, _ = signed_in(alpha.host, alpha.admin.email)
    assert browser.get("/api/getStatus").json()["navigate"] == "showSetup"


def test_member_without_marketing_access_is_told_so_in_access_control(alpha):
    browser, _ = signed_in(alpha.host, alpha.no_mkm.email)
    assert (
        decode(browser.get("/api/getStatus").json()["accessControl"])["userHasMKMAccess"] is False
    )


def test_time_zone_offsets_follow_the_client_zone():
    member = Member(
        user_id=1,
        email="a@b.c",
        first_name="",
        last_name="",
        client_id=1,
        role=Role.ADMIN,
        has_mkm_access=True,
    )

    class FakeClient:  # only the fields client_status reads
        time_zone, setup_complete, subscriptions_enabled = "Asia/Kolkata", True, False
        rep_notifications_only, parent_origins, name, site_type = False, [], "X", "MM"

    winter = client_status(
        client=FakeClient, member=member, token="t", now=datetime(2026, 1, 15, tzinfo=UTC)
    )
    summer = client_status(
        client=FakeClient, member=member, token="t", now=datetime(2026, 7, 15, tzinfo=UTC)
    )
    assert (winter["timeZoneMinutes"], winter["estDateOffset"]) == (330, 330 + 300)
    assert (summer["timeZoneMinutes"], summer["estDateOffset"]) == (330, 330 + 240)


def test_status_without_credentials_asks_to_sign_in(alpha):
    response = http(alpha.host).get("/api/getStatus")
    assert response.status_code == 401
    assert response.json()["message"] == "Please sign in."


def test_expired_token_answers_301(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    ApiToken.objects.update(expires_at=timezone.now())
    response = http(alpha.host).get("/api/getStatus", **bearer(token))
    assert response.status_code == 301
    assert "Location" not in response


def test_session_cookie_after_sign_out_answers_301(alpha):
    browser, _ = signed_in(alpha.host, alpha.admin.email)
    stale = browser.cookies["sessionid"].value
    assert browser.post("/api/logout").json() == {"status": 1}
    browser.cookies["sessionid"] = stale
    assert browser.get("/api/fetchemailstats").status_code == 301


def test_sign_out_kills_the_token(alpha):
    browser, token = signed_in(alpha.host, alpha.admin.email)
    browser.post("/api/logout", **bearer(token))
    assert http(alpha.host).get("/api/getStatus", **bearer(token)).status_code == 301


def test_password_is_stored_hashed_with_argon2(alpha):
    assert alpha.admin.password.startswith("argon2")
    assert PASSWORD not in alpha.admin.password
