"""What people watch: the /workflow-analytics grid (per workflow: entered, in process,
completed, dropped, terminated, failed; the date filter in the client's zone; default
view 9996), the canvas's per-step counts, the super-admins' Enrollment Dashboard across
clients, and the /WorkflowTest dry run (the path and the emails, nothing sent)."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from marketing.delivery.models import Send
from marketing.workflows.models import Enrollment, EnrollmentStatus, EnrollmentStep
from tests.support.http_api import Api, foreign
from tests.support.tenants import in_schema
from tests.support.workflows import (
    enrollment_make,
    parts_in,
    workflow_published,
    workflow_row,
)


@pytest.fixture
def super_api(alpha, superadmin):
    return Api(alpha, superadmin.email)


def _enrolled(alpha, user_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    row = workflow_row(alpha, workflow["id"])
    pid = parts.profile_ids[0]
    with in_schema(alpha):
        made = [
            enrollment_make(row, profile_id=pid, step_id="s2"),
            enrollment_make(row, profile_id=pid, step_id="s3"),
            enrollment_make(row, profile_id=pid, status=EnrollmentStatus.COMPLETED),
            enrollment_make(row, profile_id=pid, status=EnrollmentStatus.DROPPED),
            enrollment_make(row, profile_id=pid, status=EnrollmentStatus.TERMINATED),
            enrollment_make(row, profile_id=pid, status=EnrollmentStatus.FAILED),
        ]
        # one entered ten days ago
        Enrollment.objects.filter(pk=made[-1].pk).update(
            enrolled_at=timezone.now() - timedelta(days=10)
        )
        EnrollmentStep.objects.bulk_create(
            [
                EnrollmentStep(enrollment=made[0], step_id="s1", step_type="sendEmail",
                               outcome="done"),
                EnrollmentStep(enrollment=made[1], step_id="s1", step_type="sendEmail",
                               outcome="skipped"),
                EnrollmentStep(enrollment=made[1], step_id="s2", step_type="wait",
                               outcome="waiting"),
            ]
        )  # fmt: skip
    return parts, workflow


def test_analytics_grid(alpha, user_api):
    _, workflow = _enrolled(alpha, user_api)
    user_api.post("/api/mm/workflows", {"name": "Quiet"})
    answer = user_api.get("/api/mm/workflows/analytics")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["viewId"], body["total"]) == (9996, 2)
    rows = {row["name"]: row for row in body["items"]}
    counts = {k: rows["Welcome series"][k] for k in (
        "entered", "inProcess", "completed", "dropped", "terminated", "failed")}  # fmt: skip
    assert counts == {"entered": 6, "inProcess": 2, "completed": 1, "dropped": 1,
                      "terminated": 1, "failed": 1}  # fmt: skip
    assert rows["Quiet"]["entered"] == 0
    today = user_api.get("/api/mm/workflows/analytics", range="t", search="welcome").json()
    assert [(r["name"], r["entered"], r["failed"]) for r in today["items"]] == [
        ("Welcome series", 5, 0)
    ]
    local_today = timezone.now().astimezone(ZoneInfo(alpha.client.time_zone)).date()
    window = user_api.get(
        "/api/mm/workflows/analytics",
        dateFrom=(local_today - timedelta(days=11)).isoformat(),
        dateTo=(local_today - timedelta(days=9)).isoformat(),
    ).json()
    assert {r["name"]: r["entered"] for r in window["items"]} == {"Welcome series": 1, "Quiet": 0}
    ordered = user_api.get("/api/mm/workflows/analytics", sort="-entered").json()
    assert [r["name"] for r in ordered["items"]] == ["Welcome series", "Quiet"]
    for bad in ({"range": "forever"}, {"dateFrom": "2026-02-30"}, {"sort": "x"},
                {"dateFrom": "2026-05-02", "dateTo": "2026-05-01"}):  # fmt: skip
        assert user_api.get("/api/mm/workflows/analytics", **bad).status_code == 400, bad


def test_step_counts(alpha, user_api):
    _, workflow = _enrolled(alpha, user_api)
    answer = user_api.get(f"/api/mm/workflows/{workflow['id']}/stepCounts")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {
        "version": 1,
        "steps": {
            "s1": {"current": 0, "outcomes": {"done": 1, "skipped": 1}},
            "s2": {"current": 1, "outcomes": {"waiting": 1}},
            "s3": {"current": 1, "outcomes": {}},
        },
    }
    none = user_api.get(f"/api/mm/workflows/{workflow['id']}/stepCounts", version=9)
    assert none.json() == {"version": None, "steps": {}}
    assert user_api.get(f"/api/mm/workflows/{workflow['id']}/stepCounts",
                        version=0).status_code == 400  # fmt: skip


def test_enrollment_dashboard_across_clients(alpha, beta, user_api, admin_api, super_api):
    _enrolled(alpha, user_api)
    assert user_api.get("/api/mm/enrollmentDashboard").status_code == 403
    assert admin_api.get("/api/mm/enrollmentDashboard").status_code == 403
    answer = super_api.get("/api/mm/enrollmentDashboard")
    assert answer.status_code == 200, answer.content
    rows = {row["clientName"]: row for row in answer.json()["items"]}
    assert {k: rows["Alpha"][k] for k in ("workflows", "published", "entered", "inProcess",
                                          "completed", "failed")} == {
        "workflows": 1, "published": 1, "entered": 6, "inProcess": 2, "completed": 1,
        "failed": 1,
    }  # fmt: skip
    assert rows["Beta"]["entered"] == 0
    recent = super_api.get("/api/mm/enrollmentDashboard", days=5).json()
    assert {r["clientName"]: r["entered"] for r in recent["items"]}["Alpha"] == 5
    assert super_api.get("/api/mm/enrollmentDashboard", days=0).status_code == 400


def test_dry_run(alpha, beta, user_api, nomkm_api, beta_api):
    parts, workflow = _enrolled(alpha, user_api)
    url = f"/api/mm/workflows/{workflow['id']}/test"
    with in_schema(alpha):
        sends = Send.objects.count()
    answer = user_api.get(url, profileId=parts.profile_ids[0])
    assert answer.status_code == 200, answer.content
    steps = answer.json()["steps"]
    assert [(s["stepId"], s["outcome"]) for s in steps] == [
        ("s1", "wouldSend"), ("s2", "waiting"), ("s3", "no"), ("s5", "wouldChange"),
        ("s6", "done"),
    ]  # fmt: skip
    assert steps[3]["detail"] == f"addGroup {parts.group_id}"
    assert steps[0]["email"] == {
        "to": "p0@mail.example", "subject": "Welcome", "fromName": "Shop",
        "fromAddress": "news@shop.example", "templateId": parts.template_id,
    }  # fmt: skip
    with in_schema(alpha):
        assert Send.objects.count() == sends
    assert user_api.get(url).status_code == 400
    assert user_api.get(url, profileId=999999).status_code == 404
    assert nomkm_api.get(url, profileId=parts.profile_ids[0]).status_code == 403
    assert foreign(beta_api, alpha).get(url, profileId=1).status_code == 403
    assert beta_api.get(url, profileId=1).status_code == 404
