import pytest

from core.errors import ValidationFailed
from marketing.audience.messages import (
    CATEGORY_HAS_GROUPS,
    CATEGORY_INACTIVE,
    CATEGORY_NAME_TAKEN,
    DEFAULT_GROUP_DELETE,
    DEFAULT_GROUP_RENAME,
    GROUP_NAME_COMMA,
    GROUP_NAME_TAKEN,
)
from marketing.audience.models import Group, GroupCategory, Profile, ProfileGroup
from marketing.audience.services.groups import (
    group_category_create,
    group_category_delete,
    group_create,
    group_delete,
    group_update,
)
from tenants.messages import NO_MKM_ACCESS
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

CATEGORIES = "/api/mm/group-categories"
GROUPS = "/api/mm/groups"


def _category(tenant, name="Events", active=True, **fields) -> int:
    with in_schema(tenant):
        return GroupCategory.objects.create(name=name, is_active=active, **fields).pk


def test_category_crud(alpha, user_api):
    created = user_api.post(CATEGORIES, {"name": " Events "})
    assert created.status_code == 201
    body = created.json()
    assert (body["name"], body["isActive"], body["groupCount"]) == ("Events", True, 0)
    patched = user_api.patch(f"{CATEGORIES}/{body['id']}", {"isActive": False})
    assert patched.json()["isActive"] is False and patched.json()["name"] == "Events"
    listing = user_api.get(CATEGORIES, search="even").json()
    assert listing["total"] == 1 and listing["items"][0]["id"] == body["id"]
    assert user_api.delete(f"{CATEGORIES}/{body['id']}").status_code == 204
    assert user_api.get(f"{CATEGORIES}").json()["total"] == 1  # the Default category


def test_category_rules(in_alpha):
    group_category_create(name="Events")
    with pytest.raises(ValidationFailed, match=CATEGORY_NAME_TAKEN):
        group_category_create(name="EVENTS")
    default = GroupCategory.objects.get(name="Default")
    with pytest.raises(ValidationFailed, match=CATEGORY_HAS_GROUPS):
        group_category_delete(category=default)


def test_group_crud_and_list(alpha, user_api):
    category = _category(alpha)
    created = user_api.post(GROUPS, {"name": "Spring fair", "categoryId": category})
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["categoryName"], body["isDefault"], body["profileCount"]) == ("Events", False, 0)
    with in_schema(alpha):
        profile = Profile.objects.create(email="a@x.example")
        ProfileGroup.objects.create(profile=profile, group_id=body["id"])
    listing = user_api.get(GROUPS, search="spring").json()
    assert [(g["name"], g["profileCount"]) for g in listing["items"]] == [("Spring fair", 1)]
    names = [g["name"] for g in user_api.get(GROUPS, sort="-name", pageSize=20).json()["items"]]
    assert names == sorted(names, reverse=True) and len(names) == 5
    renamed = user_api.patch(f"{GROUPS}/{body['id']}", {"name": "Autumn fair"})
    assert renamed.json()["name"] == "Autumn fair"
    assert user_api.delete(f"{GROUPS}/{body['id']}").status_code == 204
    assert user_api.get(GROUPS).json()["total"] == 4


def test_group_rules(in_alpha):
    active = GroupCategory.objects.create(name="Active")
    inactive = GroupCategory.objects.create(name="Paused", is_active=False)
    group = group_create(name="Fans", category_id=active.pk)
    for kwargs, message in [
        ({"name": "a,b"}, GROUP_NAME_COMMA),
        ({"name": "FANS"}, GROUP_NAME_TAKEN),
        ({"name": "Other", "category_id": inactive.pk}, CATEGORY_INACTIVE),
    ]:
        with pytest.raises(ValidationFailed, match=message):
            group_create(**kwargs)
    with pytest.raises(ValidationFailed, match=CATEGORY_INACTIVE):
        group_update(group=group, category_id=inactive.pk)
    newsletter = Group.objects.get(default_key="newsletter")
    with pytest.raises(ValidationFailed, match=DEFAULT_GROUP_RENAME):
        group_update(group=newsletter, name="News")
    with pytest.raises(ValidationFailed, match=DEFAULT_GROUP_DELETE):
        group_delete(group=newsletter)
    assert group_update(group=newsletter, name="Newsletter").name == "Newsletter"


def test_group_errors_over_the_api(alpha, user_api):
    inactive = _category(alpha, "Paused", active=False)
    with in_schema(alpha):
        newsletter = Group.objects.get(default_key="newsletter").pk
    cases = [
        (user_api.post(GROUPS, {"name": "a,b"}), 400, GROUP_NAME_COMMA),
        (user_api.post(GROUPS, {"name": "newsletter"}), 400, GROUP_NAME_TAKEN),
        (user_api.post(GROUPS, {"name": "X", "categoryId": inactive}), 400, CATEGORY_INACTIVE),
        (user_api.delete(f"{GROUPS}/{newsletter}"), 400, DEFAULT_GROUP_DELETE),
        (user_api.patch(f"{GROUPS}/{newsletter}", {"name": "News"}), 400, DEFAULT_GROUP_RENAME),
    ]
    for response, status, message in cases:
        assert (response.status_code, response.json()["message"]) == (status, message)


@pytest.mark.parametrize(
    "path,body,field",
    [
        (GROUPS, {}, "name"),
        (GROUPS, {"name": "   "}, "name"),
        (GROUPS, {"name": "x" * 101}, "name"),
        (GROUPS, {"name": "ok", "categoryId": "x"}, "categoryId"),
        (GROUPS, {"name": "ok", "categoryId": 99999}, "categoryId"),
        (CATEGORIES, {"name": ""}, "name"),
        (CATEGORIES, {"name": "ok", "isActive": "perhaps"}, "isActive"),
    ],
)
def test_bad_group_input_is_a_400(alpha, user_api, path, body, field):
    response = user_api.post(path, body)
    assert response.status_code == 400 and field in response.json()["errors"]


def test_bad_group_list_query_is_a_400(alpha, user_api):
    assert user_api.get(GROUPS, sort="secret").status_code == 400
    assert user_api.get(CATEGORIES, pageSize=100).status_code == 400


def test_form_category_lists_categories(alpha, user_api):
    _category(alpha, "Events", active=False)
    response = user_api.post("/api/formCategory", {"action": "get"})
    assert response.json() == {
        "status": 1,
        "categories": [
            {"id": response.json()["categories"][0]["id"], "name": "Default", "isActive": True},
            {"id": response.json()["categories"][1]["id"], "name": "Events", "isActive": False},
        ],
    }
    assert user_api.post("/api/formCategory", {"action": "set"}).status_code == 400


def test_groups_need_marketing_access(alpha, nomkm_api):
    for response in (
        nomkm_api.get(GROUPS),
        nomkm_api.post(GROUPS, {"name": "x"}),
        nomkm_api.get(CATEGORIES),
        nomkm_api.post("/api/formCategory", {"action": "get"}),
    ):
        assert response.status_code == 403 and response.json()["message"] == NO_MKM_ACCESS


def test_another_clients_groups_are_out_of_reach(alpha, beta, admin_api, beta_api):
    assert foreign(beta_api, alpha).get(GROUPS).status_code == 403
    with in_schema(beta):
        beta_group = Group.objects.create(name="Beta only", id=8002).pk
        beta_category = GroupCategory.objects.create(name="Beta cat", id=8003).pk
    assert admin_api.patch(f"{GROUPS}/{beta_group}", {"name": "Mine"}).status_code == 404
    assert admin_api.delete(f"{GROUPS}/{beta_group}").status_code == 404
    assert admin_api.patch(f"{CATEGORIES}/{beta_category}", {"name": "x"}).status_code == 404
    assert admin_api.delete(f"{CATEGORIES}/{beta_category}").status_code == 404
    with in_schema(beta):
        assert Group.objects.get(pk=beta_group).name == "Beta only"
