"""A person's changes to enrollments (spec 4: resume and terminate), and the workflow-wide
termination of an unpublish or a delete. Each change writes the enrollment's history row
(EnrollmentStep) and its audit row in the change's transaction.

The engine takes an enrollment row with FOR UPDATE SKIP LOCKED and runs its step and the
move in one transaction that re-reads the row's status: a change here waits for a step
being run, and a step never runs on an enrollment this module has ended."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from core.audit.context import audit_context_current
from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.workflows import messages
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStatus,
    EnrollmentStep,
    WorkflowVersion,
)
from marketing.workflows.selectors import enrollment_get

RESUMABLE = (EnrollmentStatus.FAILED, EnrollmentStatus.TERMINATED)
OUTCOME_TERMINATED = "terminated"
OUTCOME_RESUMED = "resumed"


def _who() -> str:
    return audit_context_current().actor_email or "the system"


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _step_type(version: WorkflowVersion, step_id: str) -> str:
    for step in version.definition.get("steps", []):
        if step.get("id") == step_id:
            return str(step.get("type", ""))
    return ""


def _locked(enrollment_id: int) -> Enrollment:
    enrollment_get(enrollment_id=enrollment_id)  # 404 unless found and not deleted
    found = (
        Enrollment.objects.select_for_update(of=("self",))
        .select_related("workflow", "version")
        .filter(pk=enrollment_id)
        .first()
    )
    if found is None:
        raise NotFound(messages.ENROLLMENT_NOT_FOUND)
    return found


def _label(enrollment: Enrollment) -> str:
    return f"{enrollment.workflow.name} / profile {enrollment.profile_id}"


def enrollment_terminate(*, enrollment_id: int) -> Enrollment:
    """An enrollment in process ends as Terminated where it is (spec 4)."""
    with transaction.atomic():
        enrollment = _locked(enrollment_id)
        if enrollment.status != EnrollmentStatus.IN_PROCESS:
            raise _refused("status", messages.NOT_TERMINABLE)
        message = messages.TERMINATED.format(who=_who())
        now = timezone.now()
        enrollment.status = EnrollmentStatus.TERMINATED
        enrollment.due_at = None
        enrollment.claimed_until = None
        enrollment.finished_at = now
        enrollment.status_message = message
        enrollment.save(
            update_fields=["status", "due_at", "claimed_until", "finished_at", "status_message"]
        )
        EnrollmentStep.objects.create(
            enrollment=enrollment,
            step_id=enrollment.step_id,
            step_type=_step_type(enrollment.version, enrollment.step_id),
            outcome=OUTCOME_TERMINATED,
            message=message,
        )
        audit_record(
            AuditEvent.ENROLLMENT_TERMINATED,
            object_id=enrollment.pk,
            label=_label(enrollment),
            extra={"workflowId": enrollment.workflow_id, "stepId": enrollment.step_id},
        )
    return enrollment


def enrollment_resume(*, enrollment_id: int) -> Enrollment:
    """A failed or terminated enrollment goes on from the step it stopped at, due now, on
    its own version (spec 4). Its workflow need not be published: an enrollment in
    process always runs to its end."""
    with transaction.atomic():
        enrollment = _locked(enrollment_id)
        if enrollment.status not in RESUMABLE:
            raise _refused("status", messages.NOT_RESUMABLE)
        step_type = _step_type(enrollment.version, enrollment.step_id)
        if not step_type:
            raise _refused("stepId", messages.STEP_GONE)
        message = messages.RESUMED.format(who=_who())
        enrollment.status = EnrollmentStatus.IN_PROCESS
        enrollment.due_at = timezone.now()
        enrollment.claimed_until = None
        enrollment.attempts = 0
        enrollment.finished_at = None
        enrollment.status_message = ""
        enrollment.save(
            update_fields=[
                "status", "due_at", "claimed_until", "attempts", "finished_at", "status_message",
            ]
        )  # fmt: skip
        EnrollmentStep.objects.create(
            enrollment=enrollment,
            step_id=enrollment.step_id,
            step_type=step_type,
            outcome=OUTCOME_RESUMED,
            message=message,
        )
        audit_record(
            AuditEvent.ENROLLMENT_RESUMED,
            object_id=enrollment.pk,
            label=_label(enrollment),
            extra={"workflowId": enrollment.workflow_id, "stepId": enrollment.step_id},
        )
    return enrollment


def enrollments_terminate_all(*, workflow, message: str) -> int:
    """Every enrollment of `workflow` in process ends as Terminated, each with its history
    row, in one statement (a workflow may hold a million). Call inside the transaction
    that unpublishes or deletes; records one audit row with the count."""
    enrollment_table = Enrollment._meta.db_table
    step_table = EnrollmentStep._meta.db_table
    version_table = WorkflowVersion._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH ended AS (
                UPDATE {enrollment_table}
                   SET status = %s, due_at = NULL, claimed_until = NULL, finished_at = now(),
                       status_message = %s
                 WHERE workflow_id = %s AND status = %s
             RETURNING id, step_id, version_id
            )
            INSERT INTO {step_table} (enrollment_id, step_id, step_type, outcome, message, at)
            SELECT ended.id, ended.step_id,
                   COALESCE((SELECT s->>'type'
                               FROM jsonb_array_elements(v.definition->'steps') s
                              WHERE s->>'id' = ended.step_id LIMIT 1), ''),
                   %s, %s, now()
              FROM ended JOIN {version_table} v ON v.id = ended.version_id
            RETURNING enrollment_id
            """,
            [
                EnrollmentStatus.TERMINATED,
                message,
                workflow.pk,
                EnrollmentStatus.IN_PROCESS,
                OUTCOME_TERMINATED,
                message,
            ],
        )
        ids = [row[0] for row in cursor.fetchall()]
    audit_record(
        AuditEvent.ENROLLMENTS_TERMINATED,
        label=workflow.name,
        count=len(ids),
        ids=ids,
        extra={"workflowId": workflow.pk},
    )
    return len(ids)
