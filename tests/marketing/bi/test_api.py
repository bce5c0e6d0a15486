"""BI segments: super-admins count one rule tree across every client; a tree may use only
what every client has; nobody else may call them; a count changes no client's data."""

import pytest

from marketing.audience.models import Group, Profile
from marketing.bi.messages import BI_NAME_TAKEN, BI_RULES_EVERY_CLIENT
from tenants.messages import ACCESS_DENIED
from tests.support.http_api import Api
from tests.support.tenants import in_schema

FROM_X = {
    "type": "and",
    "rules": [{"type": "field", "field": "email", "operator": "contains", "value": "@bi.example"}],
}


@pytest.fixture
def super_api(alpha, superadmin):
    return Api(alpha, superadmin.email)


def _people(tenant, *emails) -> None:
    with in_schema(tenant):
        for email in emails:
            Profile.objects.create(email=email)


def _client_counts(answer: dict) -> dict[str, int]:
    return {row["clientName"]: row["count"] for row in answer["clients"]}


def test_a_super_admin_counts_a_tree_across_every_client(alpha, beta, super_api):
    _people(alpha, "a1@bi.example", "a2@bi.example", "other@else.example")
    _people(beta, "b1@bi.example")
    counted = super_api.post("/api/mm/bi/segments/count", {"rules": FROM_X})
    assert counted.status_code == 200, counted.content
    by_client = _client_counts(counted.json())
    assert by_client[alpha.client.name] == 2 and by_client[beta.client.name] == 1
    assert counted.json()["count"] == sum(by_client.values())


def test_create_list_get_update_delete(alpha, beta, super_api):
    _people(beta, "b1@bi.example")
    created = super_api.post("/api/mm/bi/segments", {"name": "All BI", "rules": FROM_X})
    assert created.status_code == 201, created.content
    segment = created.json()
    assert segment["profileCount"] == segment["count"] >= 1
    again = super_api.post("/api/mm/bi/segments", {"name": "ALL bi", "rules": FROM_X})
    assert again.status_code == 400 and again.json()["errors"]["name"] == [BI_NAME_TAKEN]
    listed = super_api.get("/api/mm/bi/segments", search="all").json()
    assert [row["name"] for row in listed["items"]] == ["All BI"]
    _people(alpha, "late@bi.example")
    detail = super_api.get(f"/api/mm/bi/segments/{segment['id']}").json()
    assert detail["count"] == segment["count"] + 1  # counted live
    renamed = super_api.patch(f"/api/mm/bi/segments/{segment['id']}", {"name": "Every BI"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Every BI"
    assert super_api.delete(f"/api/mm/bi/segments/{segment['id']}").status_code == 204
    assert super_api.get(f"/api/mm/bi/segments/{segment['id']}").status_code == 404


@pytest.mark.parametrize(
    "rule",
    [
        {"type": "groups", "operator": "in", "ids": [1]},
        {"type": "tags", "operator": "in", "ids": [1]},
        {"type": "field", "field": "custom.plan", "operator": "isEmpty"},
    ],
)
def test_rules_of_one_clients_own_data_are_refused(super_api, rule):
    tree = {"type": "or", "rules": [FROM_X, rule]}
    refused = super_api.post("/api/mm/bi/segments/count", {"rules": tree})
    assert refused.status_code == 400
    assert refused.json()["errors"] == {"rules.1": [BI_RULES_EVERY_CLIENT]}


def test_bad_input_answers_400(super_api):
    assert super_api.post("/api/mm/bi/segments", {"name": "", "rules": FROM_X}).status_code == 400
    assert super_api.post("/api/mm/bi/segments/count", {"rules": {"type": "x"}}).status_code == 400
    unknown = {"type": "and", "rules": [{"type": "field", "field": "nope", "operator": "isEmpty"}]}
    assert super_api.post("/api/mm/bi/segments/count", {"rules": unknown}).status_code == 400
    assert super_api.get("/api/mm/bi/segments/999999").status_code == 404


def test_client_admins_and_users_may_not_call_them(alpha, admin_api, user_api):
    for api in (admin_api, user_api):
        refused = api.post("/api/mm/bi/segments/count", {"rules": FROM_X})
        assert refused.status_code == 403 and refused.json()["message"] == ACCESS_DENIED
        assert api.get("/api/mm/bi/segments").status_code == 403


def test_a_count_changes_no_clients_data(alpha, beta, super_api):
    def snapshot(tenant):
        with in_schema(tenant):
            return (
                list(Profile.objects.order_by("id").values_list("id", "email", "updated_at")),
                list(Group.objects.order_by("id").values_list("id", "name")),
            )

    _people(alpha, "a1@bi.example")
    before = snapshot(alpha), snapshot(beta)
    assert (
        super_api.post("/api/mm/bi/segments", {"name": "Look", "rules": FROM_X}).status_code == 201
    )
    assert super_api.post("/api/mm/bi/segments/count", {"rules": FROM_X}).status_code == 200
    assert (snapshot(alpha), snapshot(beta)) == before
