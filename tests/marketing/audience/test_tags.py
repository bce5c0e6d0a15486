import pytest

from core.errors import ValidationFailed
from marketing.audience.messages import TAG_NAME_TAKEN
from marketing.audience.models import Profile, ProfileTag, Tag
from marketing.audience.services.tags import tag_create, tag_update
from tenants.messages import NO_MKM_ACCESS
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

TAGS = "/api/mm/tags"


def test_tag_crud_and_list(alpha, user_api):
    created = user_api.post(TAGS, {"name": " VIP "})
    assert created.status_code == 201
    tag = created.json()
    assert (tag["name"], tag["profileCount"]) == ("VIP", 0)
    with in_schema(alpha):
        ProfileTag.objects.create(
            profile=Profile.objects.create(email="a@x.example"), tag_id=tag["id"]
        )
        Tag.objects.create(name="Archive")
    listing = user_api.get(TAGS, sort="-name").json()
    assert [(t["name"], t["profileCount"]) for t in listing["items"]] == [
        ("VIP", 1),
        ("Archive", 0),
    ]
    assert user_api.get(TAGS, search="vi").json()["total"] == 1
    assert user_api.patch(f"{TAGS}/{tag['id']}", {"name": "Gold"}).json()["name"] == "Gold"
    assert user_api.delete(f"{TAGS}/{tag['id']}").status_code == 204
    assert user_api.get(TAGS).json()["total"] == 1


def test_duplicate_tags_are_refused_case_insensitively(in_alpha):
    tag = tag_create(name="VIP")
    with pytest.raises(ValidationFailed, match=TAG_NAME_TAKEN):
        tag_create(name="vip")
    other = tag_create(name="Gold")
    with pytest.raises(ValidationFailed, match=TAG_NAME_TAKEN):
        tag_update(tag=other, name="Vip")
    assert tag_update(tag=tag, name="vip").name == "vip"


def test_duplicate_tag_over_the_api(alpha, user_api):
    user_api.post(TAGS, {"name": "VIP"})
    response = user_api.post(TAGS, {"name": "vip"})
    assert response.status_code == 400
    assert response.json() == {"message": TAG_NAME_TAKEN, "errors": {"name": [TAG_NAME_TAKEN]}}


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": "x" * 101}, {"name": 5}])
def test_bad_tag_input_is_a_400(alpha, user_api, body):
    response = user_api.post(TAGS, body)
    assert response.status_code == 400 and "name" in response.json()["errors"]


def test_form_tags(alpha, user_api):
    with in_schema(alpha):
        tag = Tag.objects.create(name="VIP")
    assert user_api.post("/api/formTags", {"action": "get"}).json() == {
        "status": 1,
        "tags": [{"id": tag.pk, "name": "VIP"}],
    }
    assert user_api.post("/api/formTags", {}).status_code == 400


def test_tags_need_marketing_access(alpha, nomkm_api):
    for response in (
        nomkm_api.get(TAGS),
        nomkm_api.post(TAGS, {"name": "x"}),
        nomkm_api.delete(f"{TAGS}/1"),
    ):
        assert response.status_code == 403 and response.json()["message"] == NO_MKM_ACCESS


def test_another_clients_tags_are_out_of_reach(alpha, beta, admin_api, beta_api):
    assert foreign(beta_api, alpha).post(TAGS, {"name": "x"}).status_code == 403
    with in_schema(beta):
        Tag.objects.create(name="Beta 1", id=9001)
        Tag.objects.create(name="Beta 2", id=9002)
    with in_schema(alpha):
        Tag.objects.create(name="Alpha 1", id=9001)
    assert admin_api.patch(f"{TAGS}/9002", {"name": "x"}).status_code == 404
    assert admin_api.delete(f"{TAGS}/9002").status_code == 404
    assert admin_api.delete(f"{TAGS}/9001").status_code == 204
    with in_schema(beta):
        assert set(Tag.objects.values_list("name", flat=True)) == {"Beta 1", "Beta 2"}
