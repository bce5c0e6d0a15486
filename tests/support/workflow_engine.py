"""Workflow engine test helpers: published workflows made directly as rows (the
lifecycle's services belong to the builder; the engine only reads versions and trigger
rows), profiles, groups, tags, and a runner call that runs every batch due now."""

from django.db import connection

from marketing.audience.models import Group, Profile, Tag
from marketing.workflows.engine.runner import batch_run
from marketing.workflows.engine.triggers import triggers_forget
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStep,
    Workflow,
    WorkflowStatus,
    WorkflowTrigger,
    WorkflowVersion,
)


def publish(
    steps: list[dict],
    *,
    kind: str = "tagAdded",
    key: str = "",
    details: dict | None = None,
    re_entry: str = "never",
    name: str = "Flow",
    workflow: Workflow | None = None,
) -> Workflow:
    """A published workflow (or a new version of `workflow`) whose trigger is (kind, key)."""
    definition = {
        "trigger": {"id": "trigger", "kind": kind, **(details or {})},
        "steps": steps,
        "start": steps[0]["id"],
    }
    if workflow is None:
        workflow = Workflow.objects.create(
            name=name, description="d", status=WorkflowStatus.PUBLISHED, re_entry=re_entry
        )
        number = 1
    else:
        number = workflow.versions.count() + 1
        WorkflowTrigger.objects.filter(workflow=workflow).update(active=False)
    version = WorkflowVersion.objects.create(
        workflow=workflow, number=number, definition=definition
    )
    workflow.published_version = version
    workflow.save(update_fields=["published_version"])
    WorkflowTrigger.objects.create(
        workflow=workflow, version=version, kind=kind, key=key, details=details or {}
    )
    triggers_forget()
    return workflow


def profile(email: str, **fields) -> Profile:
    return Profile.objects.create(email=email, **fields)


def group(name: str = "Customers") -> Group:
    return Group.objects.create(name=name)


def tag(name: str = "vip") -> Tag:
    return Tag.objects.create(name=name)


def run_all(limit: int = 500) -> int:
    total = 0
    while True:
        done = batch_run(limit=limit)
        if not done:
            return total
        total += done


def history(enrollment: Enrollment) -> list[tuple[str, str]]:
    return list(
        EnrollmentStep.objects.filter(enrollment=enrollment)
        .order_by("at", "id")
        .values_list("step_id", "outcome")
    )


def schema() -> str:
    return connection.schema_name
