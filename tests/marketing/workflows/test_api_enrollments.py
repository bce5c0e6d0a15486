"""Enrollments through the API: a workflow's enrollments (paged, by status), a profile's
history with its steps, resume (Failed or Terminated -> InProcess at its step, due now)
and terminate (InProcess -> Terminated), each with its history row and audit row."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from core.audit.models import AuditLog
from marketing.workflows.models import Enrollment, EnrollmentStatus, EnrollmentStep
from tests.support.http_api import foreign
from tests.support.tenants import in_schema
from tests.support.workflows import (
    enrollment_make,
    parts_in,
    workflow_published,
    workflow_row,
)


def _world(alpha, user_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    return parts, workflow, workflow_row(alpha, workflow["id"])


def test_list_history_terminate_and_resume(alpha, user_api):
    parts, workflow, row = _world(alpha, user_api)
    profile = parts.profile_ids[0]
    with in_schema(alpha):
        running = enrollment_make(row, profile_id=profile, step_id="s2")
        failed = enrollment_make(row, profile_id=profile, step_id="s1",
                                 status=EnrollmentStatus.FAILED)  # fmt: skip
        EnrollmentStep.objects.create(
            enrollment=running, step_id="s1", step_type="sendEmail", outcome="done"
        )
    url = f"/api/mm/workflows/{workflow['id']}/enrollments"
    listed = user_api.get(url)
    assert listed.status_code == 200, listed.content
    assert listed.json()["total"] == 2
    item = next(i for i in listed.json()["items"] if i["id"] == running.pk)
    assert (item["status"], item["stepId"], item["version"], item["profileEmail"]) == (
        "InProcess", "s2", 1, "p0@mail.example",
    )  # fmt: skip
    # instants in the client's zone
    zone = ZoneInfo(alpha.client.time_zone)
    offset = datetime.fromisoformat(item["enrolledAt"]).utcoffset()
    assert offset == timezone.now().astimezone(zone).utcoffset()
    only_failed = user_api.get(url, status="Failed").json()
    assert [i["id"] for i in only_failed["items"]] == [failed.pk]

    ended = user_api.post(f"/api/mm/enrollments/{running.pk}/terminate")
    assert ended.status_code == 200, ended.content
    assert (ended.json()["status"], ended.json()["dueAt"]) == ("Terminated", None)
    again = user_api.post(f"/api/mm/enrollments/{running.pk}/terminate")
    assert (again.status_code, again.json()["message"]) == (
        400, "Only an enrollment in process can be terminated.",
    )  # fmt: skip

    resumed = user_api.post(f"/api/mm/enrollments/{failed.pk}/resume")
    assert resumed.status_code == 200, resumed.content
    assert (resumed.json()["status"], resumed.json()["stepId"]) == ("InProcess", "s1")
    with in_schema(alpha):
        failed.refresh_from_db()
        assert failed.due_at <= timezone.now() and failed.finished_at is None
    not_again = user_api.post(f"/api/mm/enrollments/{failed.pk}/resume")
    assert (not_again.status_code, not_again.json()["message"]) == (
        400, "Only a failed or terminated enrollment can be resumed.",
    )  # fmt: skip
    back = user_api.post(f"/api/mm/enrollments/{running.pk}/resume")
    assert back.json()["status"] == "InProcess"

    history = user_api.get(f"/api/mm/profiles/{profile}/workflowHistory")
    assert history.status_code == 200, history.content
    by_id = {e["id"]: e for e in history.json()["items"]}
    assert by_id[running.pk]["workflowName"] == "Welcome series"
    assert [(s["stepId"], s["outcome"]) for s in by_id[running.pk]["steps"]] == [
        ("s1", "done"), ("s2", "terminated"), ("s2", "resumed"),
    ]  # fmt: skip
    assert by_id[running.pk]["steps"][1]["message"] == f"Terminated by {alpha.user.email}."
    with in_schema(alpha):
        audit = list(
            AuditLog.objects.filter(object_type="enrollment")
            .order_by("id")
            .values_list("event_type", "object_id", "actor_email")
        )
    assert audit == [
        ("enrollment.terminated", running.pk, alpha.user.email),
        ("enrollment.resumed", failed.pk, alpha.user.email),
        ("enrollment.resumed", running.pk, alpha.user.email),
    ]


def test_a_step_gone_from_its_version_cannot_be_resumed(alpha, user_api):
    parts, workflow, row = _world(alpha, user_api)
    with in_schema(alpha):
        stuck = enrollment_make(row, profile_id=parts.profile_ids[0], step_id="gone",
                                status=EnrollmentStatus.FAILED)  # fmt: skip
    refused = user_api.post(f"/api/mm/enrollments/{stuck.pk}/resume")
    assert (refused.status_code, refused.json()["errors"]) == (
        400, {"stepId": ["The step this enrollment was at is no longer in its version."]},
    )  # fmt: skip


def test_bad_input_roles_and_another_client(alpha, beta, user_api, nomkm_api, beta_api):
    parts, workflow, row = _world(alpha, user_api)
    with in_schema(alpha):
        enrollment = enrollment_make(row, profile_id=parts.profile_ids[0])
    urls = [
        ("post", f"/api/mm/enrollments/{enrollment.pk}/terminate"),
        ("post", f"/api/mm/enrollments/{enrollment.pk}/resume"),
        ("get", f"/api/mm/workflows/{workflow['id']}/enrollments"),
        ("get", f"/api/mm/profiles/{parts.profile_ids[0]}/workflowHistory"),
    ]
    for method, url in urls:
        assert getattr(nomkm_api, method)(url).status_code == 403, url
        assert getattr(foreign(beta_api, alpha), method)(url).status_code == 403, url
        assert getattr(beta_api, method)(url).status_code == 404, url
    for url in ("/api/mm/enrollments/999999/resume", "/api/mm/enrollments/0/terminate",
                "/api/mm/enrollments/99999999999999999999/resume"):  # fmt: skip
        assert user_api.post(url).status_code == 404, url
    assert user_api.get(f"/api/mm/workflows/{workflow['id']}/enrollments",
                        status="Nope").status_code == 400  # fmt: skip
    assert user_api.get(f"/api/mm/workflows/{workflow['id']}/enrollments",
                        pageSize=7).status_code == 400  # fmt: skip
    assert user_api.get("/api/mm/profiles/999999/workflowHistory").status_code == 404
    with in_schema(alpha):
        assert Enrollment.objects.get(pk=enrollment.pk).status == EnrollmentStatus.IN_PROCESS
