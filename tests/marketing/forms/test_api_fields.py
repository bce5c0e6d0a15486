"""The builder's field palette (/api/mm/formFields): the profile field registry's fields a
form may ask for, typed as a form must type them, searched by label; members only, and
each client's own custom fields."""

from marketing.audience.models import FieldType, ProfileField
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

FIELDS = "/api/mm/formFields"


def _custom(tenant, key: str, label: str, field_type: str, options=()) -> None:
    with in_schema(tenant):
        ProfileField.objects.get_or_create(
            key=key, defaults={"label": label, "field_type": field_type, "options": list(options)}
        )


def test_standard_fields_then_custom_ones_with_their_types(alpha, user_api):
    _custom(alpha, "sport", "Favourite sport", FieldType.RADIO, ("Golf", "Tennis"))
    _custom(alpha, "visits", "Visits", FieldType.NUMBER)
    answer = user_api.get(FIELDS)
    assert answer.status_code == 200, answer.content
    items = {item["key"]: item for item in answer.json()["items"]}
    assert items["email"] == {"key": "email", "label": "Email", "type": "email", "options": []}
    assert items["firstName"]["type"] == "text"
    assert items["custom.sport"] == {
        "key": "custom.sport", "label": "Favourite sport", "type": "radio",
        "options": ["Golf", "Tennis"],
    }  # fmt: skip
    assert items["custom.visits"]["type"] == "number"
    keys = [item["key"] for item in answer.json()["items"]]
    assert keys.index("email") < keys.index("custom.sport")


def test_search_by_label_and_bad_input(alpha, user_api):
    _custom(alpha, "sport", "Favourite sport", FieldType.RADIO, ("Golf",))
    found = user_api.get(FIELDS, search="SPORT").json()["items"]
    assert [item["key"] for item in found] == ["custom.sport"]
    assert user_api.get(FIELDS, search="no such label").json()["items"] == []
    for bad in ({"search": "x" * 201}, {"search": "a\x00b"}):
        answer = user_api.get(FIELDS, **bad)
        assert (answer.status_code, answer.json()["message"]) == (400, "Invalid Request"), bad


def test_roles_and_another_client(alpha, beta, admin_api, nomkm_api, beta_api):
    _custom(alpha, "alphaonly", "Alpha only", FieldType.TEXT)
    assert admin_api.get(FIELDS).status_code == 200
    assert nomkm_api.get(FIELDS).status_code == 403
    assert foreign(beta_api, alpha).get(FIELDS).status_code == 403
    keys = [item["key"] for item in beta_api.get(FIELDS).json()["items"]]
    assert "email" in keys and "custom.alphaonly" not in keys
