"""The workflows API (gates: config/operation_gates.py): the builder's draft, its
lifecycle (spec 4), its enrollments and their history, the canvas's step counts, the
/workflow-analytics grid and the super-admins' /enrollmentDashboard. Instants are answered
in the client's time zone."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, localise
from core.pagination import paginate
from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.audience.selectors.profiles import profile_emails, profile_get
from marketing.workflows import selectors
from marketing.workflows.definition import definition_step_delete
from marketing.workflows.email_report import workflow_email_report
from marketing.workflows.models import Enrollment, Workflow
from marketing.workflows.schemas import (
    AnalyticsPageOut,
    AnalyticsQuery,
    DashboardOut,
    DashboardQuery,
    EmailReportOut,
    EnrollmentOut,
    EnrollmentPageOut,
    EnrollmentQuery,
    ProfileHistoryOut,
    ProfileHistoryQuery,
    StepCountsOut,
    StepCountsQuery,
    StepDeleteIn,
    WorkflowCheckOut,
    WorkflowFields,
    WorkflowIn,
    WorkflowOut,
    WorkflowPageOut,
    WorkflowPatch,
    WorkflowPublishIn,
    WorkflowQuery,
    WorkflowTestOut,
    WorkflowTestQuery,
    WorkflowUnpublishIn,
)
from marketing.workflows.services.enrollments import enrollment_resume, enrollment_terminate
from marketing.workflows.services.publishing import (
    workflow_problems,
    workflow_publish,
    workflow_unpublish,
)
from marketing.workflows.services.testing import workflow_test
from marketing.workflows.services.workflows import (
    workflow_create,
    workflow_delete,
    workflow_save,
)

router = Router(tags=["workflows"])
WORKFLOW_INSTANTS = ("published_at", "created_at", "updated_at")
ENROLLMENT_INSTANTS = ("due_at", "enrolled_at", "finished_at")


def _values(data: WorkflowFields) -> dict:
    """The save's changes under the model's names (a null means unchanged)."""
    raw = data.model_dump(exclude_unset=True, exclude={"settings", "definition"})
    values = {key: value for key, value in raw.items() if value is not None}
    if data.settings is not None:
        values["settings"] = data.settings.model_dump(mode="json", exclude_none=True)
    if data.definition is not None:
        values["draft_definition"] = data.definition.model_dump(mode="json", exclude_none=True)
    return values


def _workflows(workflows: list[Workflow], zone: ZoneInfo) -> list[Workflow]:
    for workflow in workflows:
        localise(workflow, WORKFLOW_INSTANTS, zone)
        version = workflow.published_version
        workflow.published_number = version.number if version else None
        workflow.trigger_kind = (workflow.draft_definition.get("trigger") or {}).get("kind")
    return workflows


def _one(workflow: Workflow, request: HttpRequest) -> Workflow:
    return _workflows([workflow], client_zone())[0]


def _enrollments(enrollments: list[Enrollment], zone: ZoneInfo) -> list[Enrollment]:
    emails = profile_emails({e.profile_id for e in enrollments})
    for enrollment in enrollments:
        localise(enrollment, ENROLLMENT_INSTANTS, zone)
        enrollment.version_number = enrollment.version.number
        enrollment.profile_email = emails.get(enrollment.profile_id, "")
    return enrollments


@router.get("/mm/workflows", response={200: WorkflowPageOut, **ERRORS}, by_alias=True)
def workflowList(request: HttpRequest, query: Query[WorkflowQuery]):
    """/WorkflowList: a tab of spec 3 (or Inactive: not published), searched, sorted."""
    workflows = selectors.workflow_list(
        tab=query.tab, search=query.search, sort=query.sort, status=query.status
    )
    page = paginate(workflows, page=query.page, page_size=query.pageSize)
    page["items"] = _workflows(page["items"], client_zone())
    return page


@router.post("/mm/workflows", response={201: WorkflowOut, **ERRORS}, by_alias=True)
def workflowCreate(request: HttpRequest, data: WorkflowIn):
    workflow = workflow_create(member=request.auth, values=_values(data))
    return Status(201, _one(workflow, request))


@router.get("/mm/workflows/{int:workflow_id}", response={200: WorkflowOut, **ERRORS}, by_alias=True)
def workflowGet(request: HttpRequest, workflow_id: int):
    return _one(selectors.workflow_get(workflow_id=workflow_id), request)


@router.patch(
    "/mm/workflows/{int:workflow_id}", response={200: WorkflowOut, **ERRORS}, by_alias=True
)
def workflowSave(request: HttpRequest, workflow_id: int, data: WorkflowPatch):
    """The draft save; saving a published workflow unpublishes it (spec 4)."""
    return _one(workflow_save(workflow_id=workflow_id, values=_values(data)), request)


@router.delete("/mm/workflows/{int:workflow_id}", response={204: None, **ERRORS})
def workflowDelete(request: HttpRequest, workflow_id: int):
    workflow_delete(workflow_id=workflow_id)
    return Status(204, None)


@router.get("/mm/workflows/{int:workflow_id}/check", response={200: WorkflowCheckOut, **ERRORS})
def workflowCheck(request: HttpRequest, workflow_id: int):
    """What stops the saved draft from being published (spec 5.9), field by field."""
    workflow = selectors.workflow_get(workflow_id=workflow_id)
    problems = workflow_problems(workflow)
    return {
        "problems": [
            {"where": p.where, "field": p.field, "key": p.key, "message": p.message}
            for p in problems
        ]
    }


@router.post(
    "/mm/workflows/{int:workflow_id}/publish", response={200: WorkflowOut, **ERRORS}, by_alias=True
)
def workflowPublish(request: HttpRequest, workflow_id: int, data: WorkflowPublishIn):
    workflow = workflow_publish(workflow_id=workflow_id, unsaved_step_ids=data.unsaved_step_ids)
    return _one(workflow, request)


@router.post(
    "/mm/workflows/{int:workflow_id}/unpublish",
    response={200: WorkflowOut, **ERRORS_WITH_CONFLICT},
    by_alias=True,
)
def workflowUnpublish(request: HttpRequest, workflow_id: int, data: WorkflowUnpublishIn):
    """409 while enrollments are in process and `enrollments` is not given (spec 4)."""
    workflow = workflow_unpublish(workflow_id=workflow_id, enrollments=data.enrollments)
    return _one(workflow, request)


@router.get("/mm/workflows/{int:workflow_id}/test", response={200: WorkflowTestOut, **ERRORS})
def workflowTest(request: HttpRequest, workflow_id: int, query: Query[WorkflowTestQuery]):
    """/WorkflowTest: the path the profile would take through the saved draft and the
    emails it would get; nothing is sent or written."""
    return {"steps": workflow_test(workflow_id=workflow_id, profile_id=query.profileId)}


@router.post("/mm/workflows/stepDelete", response={200: dict, **ERRORS})
def workflowStepDelete(request: HttpRequest, data: StepDeleteIn):
    """The definition without a step (spec 5.9: a condition goes with its branches);
    nothing is saved. The canvas applies the same rule itself."""
    return definition_step_delete(data.definition.model_dump(mode="json"), data.stepId)


@router.get(
    "/mm/workflows/{int:workflow_id}/enrollments",
    response={200: EnrollmentPageOut, **ERRORS},
    by_alias=True,
)
def workflowEnrollmentList(request: HttpRequest, workflow_id: int, query: Query[EnrollmentQuery]):
    selectors.workflow_get(workflow_id=workflow_id)
    enrollments = selectors.enrollment_list(
        workflow_id=workflow_id, status=query.status, sort=query.sort
    )
    page = paginate(enrollments, page=query.page, page_size=query.pageSize, exact_up_to=50_000)
    page["items"] = _enrollments(page["items"], client_zone())
    return page


@router.get(
    "/mm/workflows/{int:workflow_id}/stepCounts",
    response={200: StepCountsOut, **ERRORS},
    by_alias=True,
)
def workflowStepCounts(request: HttpRequest, workflow_id: int, query: Query[StepCountsQuery]):
    """Per step of a version (the last published by default): enrollments at it now and
    the outcomes of those that went through it."""
    workflow = selectors.workflow_get(workflow_id=workflow_id)
    return selectors.step_counts(workflow=workflow, version_number=query.version)


@router.get(
    "/mm/workflows/{int:workflow_id}/emailReport",
    response={200: EmailReportOut, **ERRORS},
    by_alias=True,
)
def workflowEmailReport(request: HttpRequest, workflow_id: int):
    """/workflowcampaignreport: each email step's sends, deliveries, opens, clicks,
    bounces and unsubscribes with their rates, and the workflow's total (roll-ups)."""
    workflow = selectors.workflow_get(workflow_id=workflow_id)
    return workflow_email_report(workflow=workflow)


@router.get(
    "/mm/profiles/{int:profile_id}/workflowHistory",
    response={200: ProfileHistoryOut, **ERRORS},
    by_alias=True,
)
def profileWorkflowHistory(
    request: HttpRequest, profile_id: int, query: Query[ProfileHistoryQuery]
):
    """A profile's enrollments, newest first, each with its steps, times and outcomes."""
    profile_get(profile_id=profile_id)
    enrollments = selectors.profile_history(profile_id=profile_id, workflow_id=query.workflowId)
    zone = client_zone()
    _enrollments(enrollments, zone)
    for enrollment in enrollments:
        enrollment.workflow_name = enrollment.workflow.name
        for step in enrollment.history:
            step.at = step.at.astimezone(zone)
    return {"items": [_history_row(e) for e in enrollments]}


def _history_row(enrollment: Enrollment) -> dict:
    return {
        **{
            name: getattr(enrollment, name)
            for name in (
                "id", "workflow_id", "version_number", "profile_id", "profile_email", "status",
                "step_id", "due_at", "enrolled_at", "finished_at", "status_message",
                "attempts", "workflow_name",
            )
        },
        "steps": enrollment.history,
    }  # fmt: skip


@router.post(
    "/mm/enrollments/{int:enrollment_id}/resume",
    response={200: EnrollmentOut, **ERRORS},
    by_alias=True,
)
def enrollmentResume(request: HttpRequest, enrollment_id: int):
    """A failed or terminated enrollment goes on from its step, now (spec 4)."""
    enrollment = enrollment_resume(enrollment_id=enrollment_id)
    return _enrollments([enrollment], client_zone())[0]


@router.post(
    "/mm/enrollments/{int:enrollment_id}/terminate",
    response={200: EnrollmentOut, **ERRORS},
    by_alias=True,
)
def enrollmentTerminate(request: HttpRequest, enrollment_id: int):
    enrollment = enrollment_terminate(enrollment_id=enrollment_id)
    return _enrollments([enrollment], client_zone())[0]


def _window(query: AnalyticsQuery, zone: ZoneInfo) -> tuple[datetime | None, datetime | None]:
    """[since, until) in UTC for the grid's date filter, days taken in the client's zone."""
    today = datetime.now(zone).date()
    week = today - timedelta(days=today.weekday())
    month = today.replace(day=1)
    last_month = (month - timedelta(days=1)).replace(day=1)
    shortcuts = {
        "t": (today, today),
        "y": (today - timedelta(days=1), today - timedelta(days=1)),
        "tw": (week, week + timedelta(days=6)),
        "lw": (week - timedelta(days=7), week - timedelta(days=1)),
        "tm": (month, today),
        "lm": (last_month, month - timedelta(days=1)),
    }
    first, last = shortcuts[query.range] if query.range else (query.dateFrom, query.dateTo)

    def start(day: date | None) -> datetime | None:
        if day is None:
            return None
        return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)

    return start(first), start(last + timedelta(days=1)) if last else None


@router.get("/mm/workflows/analytics", response={200: AnalyticsPageOut, **ERRORS}, by_alias=True)
def workflowAnalytics(request: HttpRequest, query: Query[AnalyticsQuery]):
    """/workflow-analytics: per workflow, enrollments entered in the window and where they
    are now (entered, in process, completed, dropped, terminated, failed)."""
    since, until = _window(query, client_zone())
    rows = selectors.workflow_analytics(
        since=since, until=until, search=query.search, sort=query.sort, tab=query.tab
    )
    page = paginate(rows, page=query.page, page_size=query.pageSize)
    return {**page, "view_id": query.viewId}


@router.get("/mm/enrollmentDashboard", response={200: DashboardOut, **ERRORS}, by_alias=True)
def enrollmentDashboard(request: HttpRequest, query: Query[DashboardQuery]):
    """/enrollmentDashboard (super-admins): every client's workflows and enrollments."""
    since = None
    if query.days is not None:
        since = datetime.now(UTC) - timedelta(days=query.days)
    return {"items": selectors.enrollment_dashboard(since=since)}
