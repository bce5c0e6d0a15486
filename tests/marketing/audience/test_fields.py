import pytest

from core.errors import ValidationFailed
from marketing.audience.messages import LABEL_TAKEN, OPTIONS_NOT_UNIQUE, OPTIONS_REQUIRED
from marketing.audience.models import Profile, ProfileField
from marketing.audience.services.fields import (
    profile_field_create,
    profile_field_delete,
    profile_field_update,
)
from tenants.messages import ACCESS_DENIED, NO_MKM_ACCESS
from tenants.models import AccessRule
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

FIELDS = "/api/mm/profile-fields"


def test_admin_manages_profile_fields(alpha, admin_api, user_api):
    created = admin_api.post(
        FIELDS, {"label": "T-shirt size", "fieldType": "dropdown", "options": ["S", "M"]}
    )
    assert created.status_code == 201, created.content
    field = created.json()
    assert (field["label"], field["key"], field["fieldType"], field["options"]) == (
        "T-shirt size",
        "t_shirt_size",
        "dropdown",
        ["S", "M"],
    )
    listing = user_api.get(FIELDS).json()  # reading needs no action type
    assert listing["total"] == 1 and listing["items"][0]["key"] == "t_shirt_size"
    patched = admin_api.patch(f"{FIELDS}/{field['id']}", {"options": ["S", "M", "L"]})
    assert (
        patched.json()["options"] == ["S", "M", "L"] and patched.json()["label"] == "T-shirt size"
    )
    assert admin_api.delete(f"{FIELDS}/{field['id']}").status_code == 204
    assert user_api.get(FIELDS).json()["total"] == 0


def test_writes_need_the_manage_profile_fields_action(alpha, user_api, admin_api):
    field = admin_api.post(FIELDS, {"label": "Score", "fieldType": "number"}).json()
    for response in (
        user_api.post(FIELDS, {"label": "Other", "fieldType": "text"}),
        user_api.patch(f"{FIELDS}/{field['id']}", {"label": "X"}),
        user_api.delete(f"{FIELDS}/{field['id']}"),
    ):
        assert response.status_code == 403 and response.json()["message"] == ACCESS_DENIED
    AccessRule.objects.create(
        client=alpha.client, action_type="manageProfileFields", roles=["ADMIN", "USER"]
    )
    assert user_api.patch(f"{FIELDS}/{field['id']}", {"label": "Points"}).status_code == 200


def test_field_rules(in_alpha):
    field = profile_field_create(label="Colour", field_type="radio", options=["Red", "Blue"])
    for kwargs, message in [
        ({"label": "colour", "field_type": "text", "options": []}, LABEL_TAKEN),
        ({"label": "Size", "field_type": "checkbox", "options": ["S", " s "]}, OPTIONS_NOT_UNIQUE),
        ({"label": "Size", "field_type": "dropdown", "options": []}, OPTIONS_REQUIRED),
    ]:
        with pytest.raises(ValidationFailed, match=message):
            profile_field_create(**kwargs)
    with pytest.raises(ValidationFailed, match=OPTIONS_NOT_UNIQUE):
        profile_field_update(field=field, options=["Red", "Red"])
    # Keys never clash with system fields or each other; non-list types keep no options.
    assert profile_field_create(label="Email", field_type="text", options=["x"]).key == "email_2"
    assert profile_field_create(label="Colour!", field_type="text", options=[]).key == "colour_2"
    assert ProfileField.objects.get(label="Email").options == []


def test_deleting_a_field_removes_its_values_from_profiles(in_alpha):
    field = profile_field_create(label="Score", field_type="number", options=[])
    Profile.objects.create(email="a@x.example", custom={"score": 3, "other": 1})
    profile_field_delete(field=field)
    assert Profile.objects.get(email="a@x.example").custom == {"other": 1}


@pytest.mark.parametrize(
    "body,field",
    [
        ({"fieldType": "text"}, "label"),
        ({"label": "X", "fieldType": "colour"}, "fieldType"),
        ({"label": "X", "fieldType": "radio", "options": ["a", "A"]}, "options"),
        ({"label": "X", "fieldType": "radio", "options": "a"}, "options"),
        ({"label": "X", "fieldType": "radio", "options": ["x" * 201]}, "options.0"),
    ],
)
def test_bad_field_input_is_a_400(alpha, admin_api, body, field):
    response = admin_api.post(FIELDS, body)
    assert response.status_code == 400 and field in response.json()["errors"]


def test_get_fields_lists_system_then_custom_fields(alpha, user_api):
    with in_schema(alpha):
        ProfileField.objects.create(label="Size", key="size", field_type="dropdown", options=["S"])
        ProfileField.objects.create(label="Score", key="score", field_type="number")
    every = user_api.get("/api/getFields").json()
    assert every[0] == {
        "displayName": "Email",
        "fieldName": "mailId",
        "defaultMergeTag": "<% mailId %>",
    }
    assert [f["fieldName"] for f in every[-2:]] == ["score", "size"]
    assert len(every) == 16
    filtered = user_api.get("/api/getFields", fieldTypes="radio,dropdown").json()
    assert [f["fieldName"] for f in filtered if f["fieldName"] in ("size", "score")] == ["size"]
    assert len(filtered) == 15
    bad = user_api.get("/api/getFields", fieldTypes="radio,colour")
    assert bad.status_code == 400 and "fieldTypes" in bad.json()["errors"]


def test_fields_need_marketing_access(alpha, nomkm_api):
    for response in (
        nomkm_api.get(FIELDS),
        nomkm_api.get("/api/getFields"),
        nomkm_api.post(FIELDS, {"label": "x", "fieldType": "text"}),
    ):
        assert response.status_code == 403 and response.json()["message"] == NO_MKM_ACCESS


def test_another_clients_fields_are_out_of_reach(alpha, beta, admin_api, beta_api):
    assert foreign(beta_api, alpha).get(FIELDS).status_code == 403
    with in_schema(beta):
        ProfileField.objects.create(id=6001, label="Beta", key="beta", field_type="text")
    assert admin_api.patch(f"{FIELDS}/6001", {"label": "Mine"}).status_code == 404
    assert admin_api.delete(f"{FIELDS}/6001").status_code == 404
    with in_schema(beta):
        assert ProfileField.objects.get(pk=6001).label == "Beta"
