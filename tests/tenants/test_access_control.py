import pytest

from core.errors import PermissionDenied
from tenants.access import Member, authorize, can
from tenants.models import AccessRule, Role
from tests.support.http_api import bearer, http, signed_in
from tests.tenants.test_status import decode


def _member(role, access=None, mkm=True):
    return Member(
        user_id=1,
        email="p@x.example",
        first_name="",
        last_name="",
        client_id=1,
        role=role,
        has_mkm_access=mkm,
        access_list=access or {},
    )


@pytest.mark.parametrize(
    "role,admin_only,superadmin_only,listed,expected",
    [
        (Role.SUPERADMIN, True, True, False, True),
        (Role.ADMIN, True, False, False, True),
        (Role.ADMIN, False, True, False, False),
        (Role.USER, True, False, True, False),
        (Role.USER, False, False, True, True),
        (Role.USER, False, False, False, False),
    ],
)
def test_gate_matrix(role, admin_only, superadmin_only, listed, expected):
    access = {"enableOptOuts": ["ADMIN", "USER"] if listed else ["ADMIN"]}
    member = _member(role, access)
    assert (
        can(
            member,
            action_type="enableOptOuts",
            admin_only=admin_only,
            superadmin_only=superadmin_only,
        )
        is expected
    )


def test_member_without_marketing_access_is_refused_everywhere():
    with pytest.raises(PermissionDenied, match="You do not have access to Marketing Manager"):
        authorize(_member(Role.ADMIN, mkm=False))


def _update(host, token, action="enableOptOuts", user_access=True):
    return http(host).post(
        "/api/updateAccessControl",
        {"action": action, "userAccess": user_access},
        content_type="application/json",
        **bearer(token),
    )


def test_admin_enables_and_disables_an_action_for_users(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    assert _update(alpha.host, token).json() == {
        "success": 1,
        "message": "Enabled for users successfully.",
    }
    rule = AccessRule.objects.get(client=alpha.client, action_type="enableOptOuts")
    assert sorted(rule.roles) == ["ADMIN", "USER"]
    assert _update(alpha.host, token, user_access=False).json()["message"] == (
        "Disabled for users successfully."
    )
    rule.refresh_from_db()
    assert rule.roles == ["ADMIN"]


def test_enabling_twice_keeps_one_entry(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    _update(alpha.host, token)
    _update(alpha.host, token)
    assert (
        AccessRule.objects.get(client=alpha.client, action_type="enableOptOuts").roles.count("USER")
        == 1
    )


def test_user_cannot_change_access_control(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    response = _update(alpha.host, token)
    assert response.status_code == 403
    assert response.json()["message"] == "Accessed only by Admin Users"


def test_superadmin_can_change_access_control(alpha, superadmin):
    _, token = signed_in(alpha.host, superadmin.email)
    assert _update(alpha.host, token).status_code == 200


def test_unknown_action_and_malformed_body_are_refused(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    assert _update(alpha.host, token, action="dropTables").status_code == 400
    bad = http(alpha.host).post(
        "/api/updateAccessControl",
        {"action": "enableOptOuts", "userAccess": "maybe"},
        content_type="application/json",
        **bearer(token),
    )
    assert bad.status_code == 400 and "userAccess" in bad.json()["errors"]


def test_change_in_one_client_does_not_touch_another(alpha, beta):
    _, token = signed_in(alpha.host, alpha.admin.email)
    _update(alpha.host, token)
    assert not AccessRule.objects.filter(client=beta.client).exists()
    _, beta_token = signed_in(beta.host, beta.user.email)
    access = http(beta.host).get("/api/getStatus", **bearer(beta_token)).json()["accessControl"]
    assert {"actionType": "enableOptOuts", "users": ["ADMIN"]} in decode(access)[
        "accessControlList"
    ]


def test_enabled_action_shows_in_users_status(alpha):
    _, admin_token = signed_in(alpha.host, alpha.admin.email)
    _update(alpha.host, admin_token)
    _, token = signed_in(alpha.host, alpha.user.email)
    rules = decode(http(alpha.host).get("/api/getStatus", **bearer(token)).json()["accessControl"])
    assert {"actionType": "enableOptOuts", "users": ["ADMIN", "USER"]} in rules["accessControlList"]
