"""Workflow writes: create, save (the builder's draft save) and delete. Each records its
audit row in its own transaction.

Rules enforced here: names unique whatever their case among workflows not deleted (spec
5.4; a partial unique index backs it); the plan's Workflows limit at create (spec 6);
the definition and settings well formed on every save (definition.py; the full rules of
spec 5.9 wait for publish, services/checking.py); saving a published workflow unpublishes
it (spec 4): its triggers stop, and its enrollments in flight go on on their version; a
published workflow is unpublished before it is deleted."""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from pydantic import ValidationError

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.workflows import messages
from marketing.workflows.definition import (
    WorkflowSettings,
    definition_dump,
    definition_read,
)
from marketing.workflows.models import Workflow, WorkflowStatus, WorkflowTrigger
from marketing.workflows.selectors import workflow_get, workflow_name_taken
from marketing.workflows.services.enrollments import enrollments_terminate_all
from tenants.access import Member
from tenants.plan_limits import Module, plan_limit_enforce

EDITABLE_FIELDS = frozenset(
    {
        "name",
        "description",
        "tab",
        "trigger_type",
        "trigger_category",
        "re_entry",
        "settings",
        "draft_definition",
    }
)


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _pydantic_errors(prefix: str, exc: ValidationError) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for error in exc.errors():
        path = ".".join(str(part) for part in (prefix, *error["loc"]))
        errors.setdefault(path, []).append(error["msg"])
    return errors


def settings_read(data: dict) -> WorkflowSettings:
    try:
        return WorkflowSettings.model_validate(data or {})
    except ValidationError as exc:
        raise ValidationFailed(
            messages.DEFINITION_INVALID, errors=_pydantic_errors("settings", exc)
        ) from None


def definition_parse(data: dict):
    """The typed definition, or a 400 naming each malformed part."""
    try:
        return definition_read(data)
    except ValidationError as exc:
        raise ValidationFailed(
            messages.DEFINITION_INVALID, errors=_pydantic_errors("definition", exc)
        ) from None


def _apply(workflow: Workflow, values: dict) -> None:
    unknown = set(values) - EDITABLE_FIELDS
    if unknown:
        raise ValueError(f"not editable: {sorted(unknown)}")
    for key, value in values.items():
        setattr(workflow, key, value)
    workflow.name = (workflow.name or "").strip()
    if "draft_definition" in values:
        workflow.draft_definition = definition_dump(definition_parse(workflow.draft_definition))
    if "settings" in values:
        workflow.settings = settings_read(workflow.settings).model_dump(
            mode="json", exclude_none=True
        )
    if not workflow.name:
        raise _refused("name", messages.NAME_REQUIRED)


def _save(workflow: Workflow) -> None:
    if workflow_name_taken(workflow.name, exclude=workflow.pk):
        raise _refused("name", messages.NAME_TAKEN)
    try:
        with transaction.atomic():
            workflow.save()
    except IntegrityError as exc:  # a concurrent save of the same name
        raise _refused("name", messages.NAME_TAKEN) from exc


def workflow_create(*, member: Member | None, values: dict) -> Workflow:
    """A new Draft, under the plan's Workflows limit."""
    workflow = Workflow(created_by_id=member.user_id if member else None)
    _apply(workflow, values)
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.WORKFLOWS)
        _save(workflow)
        audit_record(AuditEvent.WORKFLOW_CREATED, object_id=workflow.pk, label=workflow.name)
    return workflow_get(workflow_id=workflow.pk)


def workflow_lock(workflow_id: int) -> Workflow:
    """The workflow, locked for this transaction (a deleted one is not found)."""
    workflow = (
        Workflow.objects.select_for_update()
        .exclude(status=WorkflowStatus.DELETE)
        .filter(pk=workflow_id)
        .first()
    )
    if workflow is None:
        raise NotFound(messages.WORKFLOW_NOT_FOUND)
    return workflow


def triggers_deactivate(workflow: Workflow) -> int:
    return WorkflowTrigger.objects.filter(workflow=workflow, active=True).update(active=False)


def workflow_save(*, workflow_id: int, values: dict) -> Workflow:
    """The draft save. Saving a published workflow unpublishes it (spec 4): its triggers
    stop at once and its in-flight enrollments go on on the version they started."""
    with transaction.atomic():
        workflow = workflow_lock(workflow_id)
        changed = sorted(k for k, v in values.items() if getattr(workflow, k) != v)
        _apply(workflow, values)
        unpublished = workflow.status == WorkflowStatus.PUBLISHED
        if unpublished:
            workflow.status = WorkflowStatus.UNPUBLISHED
            triggers_deactivate(workflow)
        workflow.updated_at = timezone.now()
        _save(workflow)
        audit_record(
            AuditEvent.WORKFLOW_UPDATED,
            object_id=workflow.pk,
            label=workflow.name,
            extra={"fields": changed, "unpublished": unpublished},
        )
        if unpublished:
            audit_record(
                AuditEvent.WORKFLOW_UNPUBLISHED,
                object_id=workflow.pk,
                label=workflow.name,
                extra={"by": "save", "enrollments": "process"},
            )
    return workflow_get(workflow_id=workflow.pk)


def workflow_delete(*, workflow_id: int) -> None:
    """Status Delete (spec 3): gone from every list and free of its name. A published
    workflow must be unpublished first; enrollments still running (an unpublish that
    processes them) are terminated."""
    with transaction.atomic():
        workflow = workflow_lock(workflow_id)
        if workflow.status == WorkflowStatus.PUBLISHED:
            raise _refused("status", messages.DELETE_PUBLISHED)
        enrollments_terminate_all(workflow=workflow, message=messages.TERMINATED_BY_DELETE)
        triggers_deactivate(workflow)
        workflow.status = WorkflowStatus.DELETE
        workflow.updated_at = timezone.now()
        workflow.save(update_fields=["status", "updated_at"])
        audit_record(AuditEvent.WORKFLOW_DELETED, object_id=workflow.pk, label=workflow.name)
