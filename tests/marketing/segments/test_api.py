"""The segments API: success, bad input, roles, and another client's segments."""

import base64

from django.db import connection

from core.audit.models import AuditLog
from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.segments.models import Segment, SegmentMember
from marketing.segments.services.exports import segment_export_write
from tests.support.audience import make_profile
from tests.support.http_api import Api, foreign
from tests.support.tenants import in_schema

PLAN_GOLD = {"type": "field", "field": "custom.plan", "operator": "in", "values": ["Gold"]}


def _in_group(group_id: int) -> dict:
    return {"type": "and", "rules": [{"type": "groups", "operator": "in", "ids": [group_id]}]}


def _group_with(tenant, *emails) -> int:
    with in_schema(tenant):
        group = Group.objects.create(name="Buyers")
        for email in emails:
            ProfileGroup.objects.create(profile=Profile.objects.create(email=email), group=group)
        return group.pk


def test_create_get_list_update_delete(alpha, admin_api):
    group = _group_with(alpha, "a@x.example", "b@x.example")
    body = {"name": "Buyers", "type": "dynamic", "rules": _in_group(group), "websiteIds": [7]}
    created = admin_api.post("/api/mm/segments", body)
    assert created.status_code == 201, created.content
    segment = created.json()
    assert segment["count"] == 2 and segment["profileCount"] == 2
    assert segment["type"] == "dynamic" and segment["websiteIds"] == [7]
    assert segment["createdByEmail"] == alpha.admin.email
    # duplicate names, whatever their case
    again = admin_api.post("/api/mm/segments", {**body, "name": "BUYERS"})
    assert again.status_code == 400
    assert again.json()["errors"]["name"] == ["A segment with this name already exists."]
    # a dynamic segment follows its profiles at once
    make_profile(alpha, "c@x.example", group_key="newsletter")
    with in_schema(alpha):
        ProfileGroup.objects.create(
            profile=Profile.objects.get(email="c@x.example"), group_id=group
        )
    assert admin_api.get(f"/api/mm/segments/{segment['id']}").json()["count"] == 3
    listed = admin_api.get("/api/mm/segments", search="buy", sort="name").json()
    assert [s["name"] for s in listed["items"]] == ["Buyers"] and listed["total"] == 1
    renamed = admin_api.patch(f"/api/mm/segments/{segment['id']}", {"name": "Best buyers"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Best buyers"
    assert admin_api.delete(f"/api/mm/segments/{segment['id']}").status_code == 204
    assert admin_api.get(f"/api/mm/segments/{segment['id']}").status_code == 404
    with in_schema(alpha):
        events = list(
            AuditLog.objects.filter(object_type="segment").values_list("event_type", flat=True)
        )
    assert sorted(events) == ["segment.created", "segment.deleted", "segment.updated"]


def test_static_segment_is_a_snapshot_that_keeps_its_name_and_websites(alpha, admin_api):
    group = _group_with(alpha, "a@x.example")
    body = {"name": "Frozen", "type": "static", "rules": _in_group(group), "websiteIds": [7]}
    segment = admin_api.post("/api/mm/segments", body).json()
    assert segment["count"] == 1 and segment["frozenAt"]
    make_profile(alpha, "late@x.example")
    with in_schema(alpha):
        ProfileGroup.objects.create(
            profile=Profile.objects.get(email="late@x.example"), group_id=group
        )
        assert SegmentMember.objects.filter(segment_id=segment["id"]).count() == 1
    assert admin_api.get(f"/api/mm/segments/{segment['id']}").json()["count"] == 1
    message = "A static segment cannot be renamed or have its website changed."
    for change in ({"name": "Thawed"}, {"websiteIds": [8]}):
        refused = admin_api.patch(f"/api/mm/segments/{segment['id']}", change)
        assert refused.status_code == 400 and refused.json()["message"] == message
    # new rules take a new snapshot
    refrozen = admin_api.patch(f"/api/mm/segments/{segment['id']}", {"rules": _in_group(group)})
    assert refrozen.status_code == 200 and refrozen.json()["count"] == 1
    changed = {"type": "or", "rules": [*_in_group(group)["rules"], {"type": "csb", "value": False}]}
    refrozen = admin_api.patch(f"/api/mm/segments/{segment['id']}", {"rules": changed})
    assert refrozen.json()["count"] == 2


def test_bad_input_answers_the_spec_messages(alpha, admin_api):
    base = {"name": "S", "type": "dynamic", "rules": _in_group(1)}
    missing = admin_api.post("/api/mm/segments", {**base, "websiteIds": []})
    assert missing.status_code == 400
    assert missing.json()["errors"]["websiteIds"] == ["At least one website is required."]
    foreign_site = admin_api.post("/api/mm/segments", {**base, "websiteIds": [99]})
    assert foreign_site.json()["errors"]["websiteIds"] == [
        "This website does not belong to the client."
    ]
    rules = {
        "type": "and",
        "rules": [
            {
                "type": "field",
                "field": "custom.score",
                "operator": "between",
                "valueFrom": 5,
                "valueTo": 1,
            }
        ],
    }
    answer = admin_api.post("/api/mm/segments/count", {"rules": rules})
    assert answer.status_code == 400
    assert list(answer.json()["errors"].values()) == [["To must be greater than From."]]
    unknown = {"type": "and", "rules": [{**PLAN_GOLD, "field": "custom.nothing"}]}
    answer = admin_api.post("/api/mm/segments/count", {"rules": unknown})
    assert answer.status_code == 400
    assert answer.json()["errors"] == {"rules.0": ["This field does not exist."]}
    wrong_operator = {
        "type": "and",
        "rules": [{"type": "field", "field": "doNotEmail", "operator": "contains", "value": "x"}],
    }
    answer = admin_api.post("/api/mm/segments/count", {"rules": wrong_operator})
    assert answer.json()["errors"] == {"rules.0": ["This condition does not apply to this field."]}
    # values travel as parameters: a quote in a value is just a value
    quoted = {
        "type": "and",
        "rules": [
            {"type": "field", "field": "email", "operator": "contains", "value": "x' OR 1=1 --"}
        ],
    }
    assert admin_api.post("/api/mm/segments/count", {"rules": quoted}).json() == {"count": 0}


def test_count_preview_and_rule_options(alpha, admin_api, user_api):
    group = _group_with(alpha, "a@x.example", "b@x.example")
    counted = user_api.post("/api/mm/segments/count", {"rules": _in_group(group)})
    assert counted.status_code == 200 and counted.json() == {"count": 2}
    preview = user_api.post("/api/mm/segments/preview", {"rules": _in_group(group)}).json()
    assert preview["count"] == 2
    assert [p["email"] for p in preview["items"]] == ["a@x.example", "b@x.example"]
    assert set(preview["items"][0]) == {"id", "email", "firstName", "lastName", "createdAt"}
    options = user_api.get("/api/mm/segments/rule-options").json()
    keys = {f["key"]: f for f in options["fields"]}
    assert keys["source"]["type"] == "choice" and "crm" in keys["source"]["options"]
    assert "in" in keys["verificationStatus"]["operators"]
    assert {"id": group, "name": "Buyers"} in options["groups"]
    assert "opened" in [e["key"] for e in options["events"]]
    assert options["websiteIds"] == [7, 8]  # the client's websites (tests/conftest.py)


def test_roles_export_needs_export_profiles(alpha, admin_api, user_api):
    group = _group_with(alpha, "a@x.example")
    body = {"name": "Mine", "type": "dynamic", "rules": _in_group(group), "websiteIds": [7]}
    segment = user_api.post("/api/mm/segments", body)
    assert segment.status_code == 201  # segments are open to members
    refused = user_api.post(f"/api/mm/segments/{segment.json()['id']}/export")
    assert refused.status_code == 403
    assert admin_api.post(f"/api/mm/segments/{segment.json()['id']}/export").status_code == 202


def test_another_clients_segment_answers_404_and_its_profiles_never_count(alpha, beta, admin_api):
    alpha_group = _group_with(alpha, "a@x.example")
    beta_group = _group_with(beta, "b1@y.example", "b2@y.example")
    beta_api = Api(beta, beta.admin.email)
    theirs = beta_api.post(
        "/api/mm/segments",
        {"name": "Theirs", "type": "static", "rules": _in_group(beta_group), "websiteIds": [7]},
    ).json()
    assert theirs["count"] == 2
    for path in (f"/api/mm/segments/{theirs['id']}",):
        assert admin_api.get(path).status_code == 404
        assert admin_api.patch(path, {"name": "x"}).status_code == 404
        assert admin_api.delete(path).status_code == 404
    assert admin_api.post(f"/api/mm/segments/{theirs['id']}/export").status_code == 404
    # alpha's rules naming beta's group id count alpha's profiles only
    counted = admin_api.post("/api/mm/segments/count", {"rules": _in_group(beta_group)})
    expected = 1 if beta_group == alpha_group else 0
    assert counted.json() == {"count": expected}
    assert foreign(beta_api, alpha).get(f"/api/mm/segments/{theirs['id']}").status_code == 403
    with in_schema(beta):
        assert Segment.objects.filter(pk=theirs["id"]).exists()


def test_export_job_end_to_end(alpha, admin_api):
    group = _group_with(alpha, "a@x.example", "=b@x.example")
    body = {"name": "Export me", "type": "dynamic", "rules": _in_group(group), "websiteIds": [7]}
    segment = admin_api.post("/api/mm/segments", body).json()
    started = admin_api.post(f"/api/mm/segments/{segment['id']}/export")
    assert started.status_code == 202, started.content
    job_id = started.json()["jobId"]
    assert admin_api.post(f"/api/mm/segments/{segment['id']}/export").status_code == 409
    connection.set_tenant(alpha.client)
    segment_export_write(job_id)  # what the worker's task runs
    connection.set_schema_to_public()
    job = admin_api.get(f"/api/mm/jobs/{job_id}").json()
    assert job["status"] == "Completed" and job["kind"] == "segmentExport"
    download = admin_api.post("/api/downloadBase64", {"filePath": job["fileId"], "fileName": ""})
    lines = base64.b64decode(download.json()["data"]).decode().splitlines()
    assert lines[0] == "Email,First Name,Last Name,Created"
    assert [line.split(",")[0] for line in lines[1:]] == ["a@x.example", "'=b@x.example"]


def test_export_limit(alpha, admin_api, settings):
    group = _group_with(alpha, "a@x.example", "b@x.example")
    body = {"name": "Big", "type": "dynamic", "rules": _in_group(group), "websiteIds": [7]}
    segment = admin_api.post("/api/mm/segments", body).json()
    settings.EXPORT_MAX_RECORDS = 1
    refused = admin_api.post(f"/api/mm/segments/{segment['id']}/export")
    assert refused.status_code == 400
    assert "limited to 1 records" in refused.json()["message"]
