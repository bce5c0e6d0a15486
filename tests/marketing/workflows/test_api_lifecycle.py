"""The workflow's way through the API: create, save, check, publish (a frozen version and
its trigger row), save a published one (unpublished), publish again (version 2, the old
row inactive), unpublish with enrollments in process (process or terminate), delete."""

from core.audit.models import AuditLog
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStatus,
    EnrollmentStep,
    Workflow,
    WorkflowTrigger,
    WorkflowVersion,
)
from tests.support.tenants import in_schema
from tests.support.workflows import body_ok, enrollment_make, parts_in


def _events(tenant, object_id):
    with in_schema(tenant):
        return list(
            AuditLog.objects.filter(object_type="workflow", object_id=object_id)
            .order_by("id")
            .values_list("event_type", flat=True)
        )


def test_create_publish_save_republish_unpublish_delete(alpha, user_api):
    parts = parts_in(alpha)
    created = user_api.post("/api/mm/workflows", body_ok(parts))
    assert created.status_code == 201, created.content
    workflow = created.json()
    assert (workflow["status"], workflow["tab"], workflow["triggerKind"]) == (
        "Draft", "Custom", "segmentEntered",
    )  # fmt: skip
    assert workflow["publishedVersion"] is None
    url = f"/api/mm/workflows/{workflow['id']}"
    check = user_api.get(f"{url}/check")
    assert check.status_code == 200 and check.json() == {"problems": []}

    published = user_api.post(f"{url}/publish", {"unsavedStepIds": []})
    assert published.status_code == 200, published.content
    assert (published.json()["status"], published.json()["publishedVersion"]) == ("Published", 1)
    with in_schema(alpha):
        rows = list(WorkflowTrigger.objects.filter(workflow_id=workflow["id"]).values())
        assert [(r["kind"], r["key"], r["active"]) for r in rows] == [
            ("segmentEntered", str(parts.segment_id), True)
        ]
        version = WorkflowVersion.objects.get(workflow_id=workflow["id"], number=1)
        assert version.definition["steps"][0]["templateId"] == parts.template_id

    # saving a published workflow unpublishes it (spec 4); its triggers stop
    saved = user_api.patch(url, {"description": "Greets new buyers warmly"})
    assert saved.status_code == 200, saved.content
    assert saved.json()["status"] == "Unpublished"
    with in_schema(alpha):
        assert not WorkflowTrigger.objects.filter(workflow_id=workflow["id"], active=True).exists()

    again = user_api.post(f"{url}/publish", {})
    assert (again.status_code, again.json()["publishedVersion"]) == (200, 2)
    with in_schema(alpha):
        assert list(
            WorkflowTrigger.objects.filter(workflow_id=workflow["id"])
            .order_by("id")
            .values_list("version__number", "active")
        ) == [(1, False), (2, True)]
        flow = Workflow.objects.get(pk=workflow["id"])
        first = enrollment_make(
            flow,
            profile_id=parts.profile_ids[0],
            step_id="s2",
            version=WorkflowVersion.objects.get(workflow=flow, number=1),
        )
        second = enrollment_make(flow, profile_id=parts.profile_ids[0], step_id="s3")

    asks = user_api.post(f"{url}/unpublish", {})
    assert (asks.status_code, asks.json()["message"]) == (
        409,
        "This workflow has active enrollments: choose whether to process them to the end or"
        " terminate them.",
    )
    assert user_api.get(url).json()["inProcess"] == 2
    terminated = user_api.post(f"{url}/unpublish", {"enrollments": "terminate"})
    assert terminated.status_code == 200 and terminated.json()["status"] == "Unpublished"
    with in_schema(alpha):
        assert set(
            Enrollment.objects.filter(pk__in=[first.pk, second.pk]).values_list("status", flat=True)
        ) == {EnrollmentStatus.TERMINATED}
        history = list(
            EnrollmentStep.objects.filter(enrollment_id__in=[first.pk, second.pk])
            .order_by("enrollment_id")
            .values_list("step_id", "step_type", "outcome")
        )
        assert history == [("s2", "wait", "terminated"), ("s3", "condition", "terminated")]
        bulk = AuditLog.objects.get(event_type="enrollment.terminatedAll")
        assert (bulk.extra["count"], sorted(bulk.extra["ids"])) == (2, [first.pk, second.pk])

    gone = user_api.delete(url)
    assert gone.status_code == 204
    assert user_api.get(url).status_code == 404
    assert user_api.get("/api/mm/workflows").json()["total"] == 0
    assert _events(alpha, workflow["id"]) == [
        "workflow.created", "workflow.published", "workflow.updated", "workflow.unpublished",
        "workflow.published", "workflow.unpublished", "workflow.deleted",
    ]  # fmt: skip


def test_unpublish_processing_leaves_enrollments_on_their_version(alpha, user_api):
    parts = parts_in(alpha)
    workflow = user_api.post("/api/mm/workflows", body_ok(parts)).json()
    url = f"/api/mm/workflows/{workflow['id']}"
    assert user_api.post(f"{url}/publish", {}).status_code == 200
    with in_schema(alpha):
        enrollment = enrollment_make(
            Workflow.objects.get(pk=workflow["id"]), profile_id=parts.profile_ids[0]
        )
    processed = user_api.post(f"{url}/unpublish", {"enrollments": "process"})
    assert processed.status_code == 200 and processed.json()["status"] == "Unpublished"
    with in_schema(alpha):
        enrollment.refresh_from_db()
        assert enrollment.status == EnrollmentStatus.IN_PROCESS
        assert enrollment.version.number == 1
        assert not WorkflowTrigger.objects.filter(active=True).exists()
