"""Publish and unpublish (spec 4).

Publishing checks everything (services/checking.py, spec 5.9), freezes the draft as the
next WorkflowVersion, points the workflow at it, and writes the version's trigger row
(triggers.py's key) while the previous version's rows go inactive: from the commit on,
events start enrollments on the new version only. Enrollments already in flight go on on
the version they started (docs/flows/workflow-lifecycle.md).

Unpublishing stops the triggers. Enrollments in process are left to run to their end
("process") or terminated ("terminate"); when there are some, the request must say which
(spec 4: the screen asks)."""

from __future__ import annotations

from enum import StrEnum

from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import Conflict, ValidationFailed
from marketing.senders.selectors import sender_get
from marketing.workflows import messages
from marketing.workflows.definition import (
    Definition,
    NotifyRepStep,
    SendEmailStep,
    definition_dump,
)
from marketing.workflows.models import (
    Workflow,
    WorkflowStatus,
    WorkflowTrigger,
    WorkflowVersion,
)
from marketing.workflows.selectors import (
    enrollments_in_process,
    version_next_number,
    workflow_get,
)
from marketing.workflows.services.checking import Problem, workflow_check
from marketing.workflows.services.enrollments import enrollments_terminate_all
from marketing.workflows.services.workflows import (
    definition_parse,
    settings_read,
    triggers_deactivate,
    workflow_lock,
)
from marketing.workflows.triggers import trigger_key


class EnrollmentsChoice(StrEnum):
    PROCESS = "process"
    TERMINATE = "terminate"


def workflow_problems(workflow: Workflow, *, unsaved_step_ids: list[str] = ()) -> list[Problem]:
    """What stops `workflow`'s draft from being published (read only)."""
    return workflow_check(
        name=workflow.name,
        description=workflow.description,
        definition=definition_parse(workflow.draft_definition),
        settings=settings_read(workflow.settings),
        unsaved_step_ids=list(unsaved_step_ids),
    )


def problems_refusal(problems: list[Problem]) -> ValidationFailed:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(problem.key, []).append(problem.message)
    return ValidationFailed(messages.CHECK_FAILED, errors=errors)


def _senders_written(definition: Definition) -> Definition:
    """The version carries each sender's name and address as they are at publish (the
    engine reads fromName and fromAddress; a sender changed later changes the next
    version)."""
    for step in definition.steps:
        if isinstance(step, SendEmailStep | NotifyRepStep) and step.senderId is not None:
            sender = sender_get(sender_id=step.senderId)
            step.fromName, step.fromAddress = sender.name, sender.email
    return definition


def workflow_publish(*, workflow_id: int, unsaved_step_ids: list[str] = ()) -> Workflow:
    with transaction.atomic():
        workflow = workflow_lock(workflow_id)
        if workflow.status == WorkflowStatus.PUBLISHED:
            raise ValidationFailed(
                messages.ALREADY_PUBLISHED, errors={"status": [messages.ALREADY_PUBLISHED]}
            )
        problems = workflow_problems(workflow, unsaved_step_ids=unsaved_step_ids)
        if problems:
            raise problems_refusal(problems)
        definition = _senders_written(definition_parse(workflow.draft_definition))
        version = WorkflowVersion.objects.create(
            workflow=workflow,
            number=version_next_number(workflow),
            definition=definition_dump(definition),
            settings=settings_read(workflow.settings).model_dump(mode="json", exclude_none=True),
        )
        triggers_deactivate(workflow)
        trigger = definition.trigger
        WorkflowTrigger.objects.create(
            workflow=workflow,
            version=version,
            kind=trigger.kind,
            key=trigger_key(trigger),
            details=trigger.model_dump(mode="json", exclude_none=True),
        )
        now = timezone.now()
        workflow.status = WorkflowStatus.PUBLISHED
        workflow.published_version = version
        workflow.published_at = now
        workflow.updated_at = now
        workflow.save(update_fields=["status", "published_version", "published_at", "updated_at"])
        audit_record(
            AuditEvent.WORKFLOW_PUBLISHED,
            object_id=workflow.pk,
            label=workflow.name,
            extra={"version": version.number},
        )
    return workflow_get(workflow_id=workflow.pk)


def workflow_unpublish(*, workflow_id: int, enrollments: str | None = None) -> Workflow:
    """Refused with 409 while enrollments are in process and `enrollments` is not given."""
    with transaction.atomic():
        workflow = workflow_lock(workflow_id)
        if workflow.status != WorkflowStatus.PUBLISHED:
            raise ValidationFailed(
                messages.NOT_PUBLISHED, errors={"status": [messages.NOT_PUBLISHED]}
            )
        in_process = enrollments_in_process(workflow)
        if in_process and enrollments is None:
            raise Conflict(
                messages.ENROLLMENTS_CHOICE_REQUIRED,
                errors={"enrollments": [messages.ENROLLMENTS_CHOICE_REQUIRED]},
            )
        triggers_deactivate(workflow)
        terminated = 0
        if enrollments == EnrollmentsChoice.TERMINATE:
            terminated = enrollments_terminate_all(
                workflow=workflow, message=messages.TERMINATED_BY_UNPUBLISH
            )
        workflow.status = WorkflowStatus.UNPUBLISHED
        workflow.updated_at = timezone.now()
        workflow.save(update_fields=["status", "updated_at"])
        audit_record(
            AuditEvent.WORKFLOW_UNPUBLISHED,
            object_id=workflow.pk,
            label=workflow.name,
            extra={
                "enrollments": str(enrollments or EnrollmentsChoice.PROCESS),
                "inProcess": in_process,
                "terminated": terminated,
            },
        )
    return workflow_get(workflow_id=workflow.pk)
