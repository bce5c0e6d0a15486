"""Form submissions are events: a visitor's submission through the public page, processed
by the real service, enrolls the profile in a workflow whose trigger is that form, feeds
the segments' "submitted form X" rule (did, did not, in a window) and shows in the
profile's history; the rule's bad input answers its message; another client's profile is
not found and members without marketing access are refused."""

from django.conf import settings

from marketing.audience.models import Profile
from marketing.forms.models import FormSubmission
from marketing.forms.services.submissions import submission_process
from marketing.workflows.models import Enrollment
from tests.support.forms import form_page_fields, form_parts_in, form_published
from tests.support.http_api import foreign, http
from tests.support.tenants import in_schema
from tests.support.workflows import definition_ok, parts_in, workflow_published


def _submit(alpha, form, email: str) -> int:
    browser = http(settings.PAGES_HOST)  # a visitor on the pages host
    page = browser.get(form["publicPath"]).content.decode()
    data = {**form_page_fields(page), "email": email, "firstName": "Ann",
            "source_page": "https://shop.example/join"}  # fmt: skip
    assert browser.post(form["publicPath"], data).status_code == 303
    with in_schema(alpha):
        row = FormSubmission.objects.get(form_id=form["id"], email=email)
        assert submission_process(row.pk) == "done"
        return Profile.objects.get(email=email).pk


def _rule(form_id: int, **changes) -> dict:
    return {"type": "and", "rules": [{"type": "form", "operator": "did", "ids": [form_id],
                                      **changes}]}  # fmt: skip


def test_a_submission_enrolls_feeds_segments_and_shows_in_history(alpha, user_api):
    alpha.client.plan = None  # no Contacts limit in the way (this process's copy only)
    parts = form_parts_in(alpha)
    form = form_published(user_api, parts, doubleOptIn=False)
    other = form_published(user_api, parts, name="Other form", doubleOptIn=False)
    wparts = parts_in(alpha)
    trigger = {"id": "trigger", "kind": "formSubmission", "formId": form["id"]}
    workflow = workflow_published(
        alpha, user_api, wparts, definition={**definition_ok(wparts), "trigger": trigger}
    )
    ann = _submit(alpha, form, "ann@mail.example")
    bob = _submit(alpha, other, "bob@mail.example")
    with in_schema(alpha):
        enrolled = set(
            Enrollment.objects.filter(workflow_id=workflow["id"]).values_list(
                "profile_id", flat=True
            )
        )
    assert enrolled == {ann}  # the other form's submitter starts nothing

    def count(tree) -> int:
        answer = user_api.post("/api/mm/segments/count", {"rules": tree})
        assert answer.status_code == 200, answer.content
        return answer.json()["count"]

    assert count(_rule(form["id"])) == 1
    assert count(_rule(form["id"], operator="didNot")) >= 1  # bob and any earlier profile
    preview = user_api.post("/api/mm/segments/preview", {"rules": _rule(form["id"]),
                                                         "pageSize": 10}).json()  # fmt: skip
    assert [p["email"] for p in preview["items"]] == ["ann@mail.example"]
    both = {"type": "and", "rules": [{"type": "form", "operator": "did",
                                      "ids": [form["id"], other["id"]]}]}  # fmt: skip
    assert count(both) == 2
    recent = {"frequency": "last", "unit": "days", "amount": 1}
    assert count(_rule(form["id"], window=recent)) == 1
    long_ago = {"frequency": "before", "date": "2020-01-01"}
    assert count(_rule(form["id"], window=long_ago)) == 0
    options = user_api.get("/api/mm/segments/rule-options").json()
    assert "form" in options["ruleTypes"]
    body = {"name": "Joined", "type": "dynamic", "rules": _rule(form["id"]), "websiteIds": [7]}
    segment = user_api.post("/api/mm/segments", body)
    assert segment.status_code == 201 and segment.json()["count"] == 1
    history = user_api.get(f"/api/mm/profiles/{ann}/formSubmissions").json()
    assert history["total"] == 1
    [item] = history["items"]
    assert (item["formId"], item["formName"], item["sourcePage"]) == (
        form["id"], "Newsletter sign-up", "https://shop.example/join",
    )  # fmt: skip
    assert item["createdAt"].endswith(("-04:00", "-05:00")) and item["confirmedAt"]
    assert user_api.get(f"/api/mm/profiles/{bob}/formSubmissions").json()["total"] == 1


def test_the_rule_and_history_refusals(alpha, beta, user_api, nomkm_api, beta_api):
    for rule, message in (
        ({"type": "form", "ids": []}, "Please fill Forms"),
        ({"type": "form", "ids": [1], "window": {"frequency": "next", "unit": "days",
                                                 "amount": 2}}, None),
        ({"type": "form", "ids": ["x"]}, None),
        ({"type": "form", "ids": [1], "operator": "maybe"}, None),
    ):  # fmt: skip
        answer = user_api.post("/api/mm/segments/count", {"rules": {"type": "and",
                                                                     "rules": [rule]}})  # fmt: skip
        assert answer.status_code == 400, rule
        if message:
            assert message in str(answer.json()), answer.content
    with in_schema(alpha):
        profile = Profile.objects.create(email="cat@mail.example").pk
    path = f"/api/mm/profiles/{profile}/formSubmissions"
    assert user_api.get(path).json() == {
        "items": [], "total": 0, "totalIsEstimate": False, "page": 1, "pageSize": 10,
    }  # fmt: skip
    assert user_api.get(path, pageSize=7).status_code == 400
    assert user_api.get("/api/mm/profiles/999999/formSubmissions").status_code == 404
    assert nomkm_api.get(path).status_code == 403
    assert foreign(beta_api, alpha).get(path).status_code == 403
    assert beta_api.get(path).status_code == 404
