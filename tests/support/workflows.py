"""Workflow fixtures: what a definition names (a template, a sender, a group, a tag, a
segment) in a client's schema, a definition that may be published, and enrollments made
directly as rows (the engine's own tests make them by events)."""

from dataclasses import dataclass

from django.utils import timezone

from marketing.audience.models import Group, Profile, Tag
from marketing.segments.models import Segment
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStatus,
    Workflow,
    WorkflowVersion,
)
from tests.support.campaign_world import world_make
from tests.support.tenants import in_schema


@dataclass
class Parts:
    template_id: int
    sender_id: int
    group_id: int
    tag_id: int
    segment_id: int
    profile_ids: list[int]


def parts_make() -> Parts:
    """In the current schema."""
    from marketing.senders.models import Sender

    world = world_make(emails=(f"p{Profile.objects.count()}@mail.example",))
    group = Group.objects.create(name=f"Leads {Group.objects.count()}")
    tag = Tag.objects.create(name=f"Hot {Tag.objects.count()}")
    segment = Segment.objects.create(
        name=f"Buyers {Segment.objects.count()}",
        segment_type="dynamic",
        rules={"all": []},
        website_ids=[1],
    )
    sender = Sender.objects.get(email="news@shop.example")
    return Parts(world.template_id, sender.pk, group.pk, tag.pk, segment.pk, world.profile_ids)


def parts_in(tenant) -> Parts:
    with in_schema(tenant):
        return parts_make()


def definition_ok(parts: Parts) -> dict:
    """Segment entered -> send email -> wait 2 days -> condition (opened?) -> yes: tag,
    no: add to group -> end."""
    return {
        "trigger": {"id": "trigger", "kind": "segmentEntered", "segmentId": parts.segment_id},
        "start": "s1",
        "steps": [
            {
                "id": "s1",
                "type": "sendEmail",
                "templateId": parts.template_id,
                "senderId": parts.sender_id,
                "subject": "Welcome",
                "next": "s2",
            },
            {"id": "s2", "type": "wait", "delay": {"amount": 2, "unit": "days"}, "next": "s3"},
            {
                "id": "s3",
                "type": "condition",
                "condition": {"kind": "activity", "activity": "emailOpened", "operator": "did"},
                "yes": "s4",
                "no": "s5",
            },
            {"id": "s4", "type": "addTag", "tagIds": [parts.tag_id], "next": "s6"},
            {"id": "s5", "type": "addGroup", "groupIds": [parts.group_id], "next": "s6"},
            {"id": "s6", "type": "end"},
        ],
        "positions": {"trigger": {"x": 0, "y": 0}, "s1": {"x": 0, "y": 120}},
    }  # fmt: skip


def body_ok(parts: Parts, **changes) -> dict:
    body = {
        "name": "Welcome series",
        "description": "Greets new buyers",
        "definition": definition_ok(parts),
    }
    body.update(changes)
    return body


def enrollment_make(
    workflow: Workflow,
    *,
    profile_id: int,
    status=EnrollmentStatus.IN_PROCESS,
    step_id="s2",
    version: WorkflowVersion | None = None,
    occurrence: str | None = None,
) -> Enrollment:
    """A row as the engine writes it (in the current schema)."""
    version = version or workflow.published_version
    finished = status != EnrollmentStatus.IN_PROCESS
    return Enrollment.objects.create(
        workflow=workflow,
        version=version,
        profile_id=profile_id,
        status=status,
        step_id=step_id,
        due_at=None if finished else timezone.now(),
        finished_at=timezone.now() if finished else None,
        occurrence=occurrence or f"test-{Enrollment.objects.count()}",
    )  # fmt: skip


def workflow_published(tenant, api, parts: Parts, **changes) -> dict:
    """A workflow created and published through the API (its JSON answer)."""
    created = api.post("/api/mm/workflows", body_ok(parts, **changes))
    assert created.status_code == 201, created.content
    published = api.post(f"/api/mm/workflows/{created.json()['id']}/publish", {})
    assert published.status_code == 200, published.content
    return published.json()


def workflow_row(tenant, workflow_id: int) -> Workflow:
    with in_schema(tenant):
        return Workflow.objects.select_related("published_version").get(pk=workflow_id)
