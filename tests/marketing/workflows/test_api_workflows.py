"""The workflow calls' edges: the list by tab (spec 3's tabs and Inactive), search and
sort; names required and unique (spec 5.4); the plan's Workflows limit (spec 6); a
malformed definition or body answered 400 with where, never 500; a refused publish
naming each field; a published workflow not deleted; the check and stepDelete calls;
members only, and another client's workflows not found."""

from marketing.workflows.models import Workflow, WorkflowStatus, WorkflowTab, WorkflowTrigger
from tenants.models import Plan
from tests.support.http_api import bearer, foreign, http
from tests.support.tenants import in_schema
from tests.support.workflows import body_ok, parts_in, workflow_published

URL = "/api/mm/workflows"


def _names(answer) -> list[str]:
    assert answer.status_code == 200, answer.content
    return [item["name"] for item in answer.json()["items"]]


def test_tabs_search_and_sort(alpha, user_api):
    parts = parts_in(alpha)
    workflow_published(alpha, user_api, parts, name="Alpha welcome", tab="Sequence")
    for name, tab in (("Beta digest", "Rep Notifications"), ("Gamma", "System")):
        assert user_api.post(URL, body_ok(parts, name=name, tab=tab)).status_code == 201
    assert _names(user_api.get(URL, sort="name")) == ["Alpha welcome", "Beta digest", "Gamma"]
    assert _names(user_api.get(URL, sort="-name")) == ["Gamma", "Beta digest", "Alpha welcome"]
    assert _names(user_api.get(URL, tab="Sequence")) == ["Alpha welcome"]
    assert _names(user_api.get(URL, tab="Rep Notifications")) == ["Beta digest"]
    assert _names(user_api.get(URL, tab="Inactive", sort="name")) == ["Beta digest", "Gamma"]
    assert _names(user_api.get(URL, search="ALPHA")) == ["Alpha welcome"]
    assert _names(user_api.get(URL, status="Published")) == ["Alpha welcome"]
    page = user_api.get(URL, pageSize=10, page=2).json()
    assert (page["total"], page["items"]) == (3, [])
    for bad in ({"tab": "Nope"}, {"sort": "size"}, {"pageSize": 11}, {"status": "Gone"},
                {"page": 0}, {"search": "x" * 201}):  # fmt: skip
        answer = user_api.get(URL, **bad)
        assert answer.status_code == 400, bad
        assert answer.json()["message"] == "Invalid Request"


def test_names_are_required_and_unique(alpha, user_api):
    parts = parts_in(alpha)
    blank = user_api.post(URL, body_ok(parts, name="  "))
    assert (blank.status_code, blank.json()["errors"]) == (
        400, {"name": ["Please fill Workflow Name"]},
    )  # fmt: skip
    first = user_api.post(URL, body_ok(parts)).json()
    taken = user_api.post(URL, body_ok(parts, name="WELCOME SERIES"))
    assert (taken.status_code, taken.json()["errors"]) == (
        400, {"name": ["A workflow with this name already exists."]},
    )  # fmt: skip
    other = user_api.post(URL, body_ok(parts, name="Other")).json()
    renamed = user_api.patch(f"{URL}/{other['id']}", {"name": "welcome series"})
    assert renamed.status_code == 400
    # a deleted workflow's name is free again
    assert user_api.delete(f"{URL}/{first['id']}").status_code == 204
    assert user_api.post(URL, body_ok(parts)).status_code == 201


def test_the_workflows_plan_limit(alpha, user_api):
    parts = parts_in(alpha)
    alpha.client.plan = Plan.objects.create(name="Two workflows", limits={"Workflows": 2})
    alpha.client.save()
    one = user_api.post(URL, body_ok(parts, name="One")).json()
    assert user_api.post(URL, body_ok(parts, name="Two")).status_code == 201
    over = user_api.post(URL, body_ok(parts, name="Three"))
    assert (over.status_code, over.json()["message"]) == (403, "Limit Exceeds")
    assert user_api.delete(f"{URL}/{one['id']}").status_code == 204
    assert user_api.post(URL, body_ok(parts, name="Three")).status_code == 201


def test_malformed_input_is_a_400_with_where(alpha, user_api):
    parts = parts_in(alpha)
    bodies = [
        {"name": "X", "definition": {"steps": [{"id": "s1", "type": "teleport"}]}},
        {"name": "X", "definition": {"steps": [{"id": "bad id!", "type": "end"}]}},
        {"name": "X", "definition": {"steps": [{"id": "s1", "type": "wait",
                                                "delay": {"amount": -1, "unit": "days"}}]}},
        {"name": "X", "definition": {"trigger": {"kind": "birthday"}}},
        {"name": "X", "definition": {"steps": "s1"}},
        {"name": "X", "definition": {"steps": [{"id": "s1", "type": "end", "extra": 1}]}},
        {"name": "X", "settings": {"sendWindow": {"fromTime": 9}}},
        {"name": "X", "tab": "Inactive"},
        {"name": "X" * 101},
        {"name": "X", "definition": {"steps": [{"id": f"s{n}", "type": "end"}
                                               for n in range(501)]}},
    ]  # fmt: skip
    for body in bodies:
        answer = user_api.post(URL, body)
        assert answer.status_code == 400, (body, answer.content)
        assert answer.json()["errors"], body
    client = http(alpha.host)
    headers = bearer(user_api.token)
    for raw in ("{", "[]", "null", '{"name": ', "\xff", '{"name": "X\\u0000"}'):
        answer = client.post(URL, raw, content_type="application/json", **headers)
        assert answer.status_code == 400, raw
    workflow = user_api.post(URL, body_ok(parts)).json()
    answer = client.patch(f"{URL}/{workflow['id']}", "{", content_type="application/json",
                          **headers)  # fmt: skip
    assert answer.status_code == 400
    answer = client.post(f"{URL}/{workflow['id']}/publish", "[", content_type="application/json",
                         **headers)  # fmt: skip
    assert answer.status_code == 400
    for body in ({"unsavedStepIds": "s1"}, {"unsavedStepIds": ["no way"]}):
        assert user_api.post(f"{URL}/{workflow['id']}/publish", body).status_code == 400
    assert (
        user_api.post(f"{URL}/{workflow['id']}/unpublish", {"enrollments": "x"}).status_code == 400
    )
    with in_schema(alpha):
        assert Workflow.objects.get(pk=workflow["id"]).status == WorkflowStatus.DRAFT


def test_a_refused_publish_names_each_field(alpha, user_api):
    parts = parts_in(alpha)
    body = body_ok(parts, description="")
    body["definition"]["steps"][0].pop("templateId")
    workflow = user_api.post(URL, body).json()
    check = user_api.get(f"{URL}/{workflow['id']}/check").json()["problems"]
    assert {(p["where"], p["field"], p["key"]) for p in check} == {
        ("workflow", "description", "description"),
        ("s1", "templateId", "steps.s1.templateId"),
    }
    refused = user_api.post(f"{URL}/{workflow['id']}/publish", {"unsavedStepIds": ["s3"]})
    assert refused.status_code == 400
    assert refused.json() == {
        "message": "Please correct the workflow before publishing.",
        "errors": {
            "description": ["Please fill Description"],
            "steps.s1.templateId": ["Please fill Template"],
            "steps.s3.step": ["Please save this action before publishing."],
        },
    }
    with in_schema(alpha):
        assert not WorkflowTrigger.objects.exists()
        assert Workflow.objects.get(pk=workflow["id"]).published_version is None


def test_publish_writes_the_senders_and_refuses_twice(alpha, user_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    with in_schema(alpha):
        version = Workflow.objects.get(pk=workflow["id"]).published_version
        step = version.definition["steps"][0]
    assert (step["fromName"], step["fromAddress"]) == ("Shop", "news@shop.example")
    twice = user_api.post(f"{URL}/{workflow['id']}/publish", {})
    assert (twice.status_code, twice.json()["message"]) == (
        400, "This workflow is already published.",
    )  # fmt: skip
    deleting = user_api.delete(f"{URL}/{workflow['id']}")
    assert (deleting.status_code, deleting.json()["message"]) == (
        400, "Please unpublish the workflow before deleting it.",
    )  # fmt: skip
    not_published = user_api.post(f"{URL}/{workflow['id']}/unpublish", {})
    assert not_published.status_code == 200
    again = user_api.post(f"{URL}/{workflow['id']}/unpublish", {})
    assert (again.status_code, again.json()["message"]) == (
        400, "Only a published workflow can be unpublished.",
    )  # fmt: skip


def test_step_delete_mirrors_the_rule(alpha, user_api):
    parts = parts_in(alpha)
    definition = body_ok(parts)["definition"]
    answer = user_api.post(f"{URL}/stepDelete", {"definition": definition, "stepId": "s3"})
    assert answer.status_code == 200, answer.content
    assert [s["id"] for s in answer.json()["steps"]] == ["s1", "s2"]
    assert user_api.post(f"{URL}/stepDelete", {"definition": definition}).status_code == 400


def test_roles_and_another_client(alpha, beta, user_api, admin_api, nomkm_api, beta_api):
    parts = parts_in(alpha)
    workflow = user_api.post(URL, body_ok(parts, tab=WorkflowTab.DEFAULT)).json()
    url = f"{URL}/{workflow['id']}"
    calls = [
        ("get", URL, None), ("post", URL, body_ok(parts, name="New")), ("get", url, None),
        ("patch", url, {"name": "Renamed"}), ("get", f"{url}/check", None),
        ("post", f"{url}/publish", {}), ("post", f"{url}/unpublish", {}),
        ("get", f"{url}/stepCounts", None), ("delete", url, None),
    ]  # fmt: skip
    for method, path, body in calls:
        args = (path,) if body is None else (path, body)
        assert getattr(nomkm_api, method)(*args).status_code == 403, path
        assert getattr(foreign(beta_api, alpha), method)(*args).status_code == 403, path
        if path != URL:
            assert getattr(beta_api, method)(*args).status_code == 404, path
    assert beta_api.get(URL).json()["total"] == 0
    assert admin_api.get(url).status_code == 200
    for missing in (f"{URL}/999999", f"{URL}/0", f"{URL}/99999999999999999999"):
        assert user_api.get(missing).status_code == 404
        assert user_api.patch(missing, {"name": "x"}).status_code == 404
        assert user_api.post(f"{missing}/publish", {}).status_code == 404
    with in_schema(alpha):
        assert Workflow.objects.get(pk=workflow["id"]).name == "Welcome series"
