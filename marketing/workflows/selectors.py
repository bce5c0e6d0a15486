"""Workflow reads: the list (/WorkflowList, by tab), one workflow, its enrollments, a
profile's history, the per-step counts drawn on the canvas and the analytics grid
(/workflow-analytics). Deleted workflows (status Delete) are not found."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Count, Max, Q, QuerySet

from core.errors import NotFound
from core.tenancy import clients_each
from marketing.workflows import messages
from marketing.workflows.models import (
    Enrollment,
    EnrollmentStatus,
    EnrollmentStep,
    TriggerType,
    Workflow,
    WorkflowStatus,
    WorkflowTab,
    WorkflowVersion,
)

INACTIVE_TAB = "Inactive"  # spec 3's "Inactive workflows": every one not published
TABS = [*WorkflowTab.values, INACTIVE_TAB]
WORKFLOW_SORTS = {
    "name": ("name", "id"),
    "status": ("status", "id"),
    "tab": ("tab", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
    "publishedAt": ("published_at", "id"),
}
WORKFLOW_SORT_CHOICES = [*WORKFLOW_SORTS, *(f"-{key}" for key in WORKFLOW_SORTS)]
ANALYTICS_SORTS = {
    "name": ("name", "id"),
    "entered": ("entered", "id"),
    "inProcess": ("in_process", "id"),
    "completed": ("completed", "id"),
    "dropped": ("dropped", "id"),
    "terminated": ("terminated", "id"),
    "failed": ("failed", "id"),
    "updatedAt": ("updated_at", "id"),
}
ANALYTICS_SORT_CHOICES = [*ANALYTICS_SORTS, *(f"-{key}" for key in ANALYTICS_SORTS)]
ENROLLMENT_SORTS = {"enrolledAt": ("enrolled_at", "id"), "finishedAt": ("finished_at", "id")}
ENROLLMENT_SORT_CHOICES = [*ENROLLMENT_SORTS, *(f"-{key}" for key in ENROLLMENT_SORTS)]
MAX_ID = 2**63 - 1


def _order(sorts: dict, sort: str) -> list[str]:
    columns = sorts[sort.lstrip("-")]
    return [f"-{c}" if sort.startswith("-") else c for c in columns]


def workflows_live() -> QuerySet[Workflow]:
    return Workflow.objects.exclude(status=WorkflowStatus.DELETE)


def workflows_count() -> int:
    """Usage of the Workflows plan limit (spec 6): every workflow not deleted."""
    return workflows_live().count()


def workflow_list(
    *, tab: str | None = None, search: str = "", sort: str = "-updatedAt", status: str | None = None
) -> QuerySet[Workflow]:
    """The list's rows with their published version's number and their enrollments in
    process; the name search is case-insensitive contains (spec 5.1)."""
    queryset = (
        _filtered(tab=tab, search=search, status=status)
        .annotate(
            in_process=Count("enrollments", filter=Q(enrollments__status="InProcess")),
        )
        .order_by(*_order(WORKFLOW_SORTS, sort))
    )
    return queryset


def _filtered(*, tab: str | None, search: str, status: str | None = None) -> QuerySet[Workflow]:
    """The workflows the builder, list and analytics show: summary notifications are
    workflows too (they count toward the plan limit) but have screens of their own
    (/summaryNotifications), and their schedule is not a canvas's definition."""
    queryset = (
        workflows_live()
        .exclude(trigger_type=TriggerType.SUMMARY_NOTIFICATION)
        .select_related("published_version")
    )
    if tab == INACTIVE_TAB:
        queryset = queryset.exclude(status=WorkflowStatus.PUBLISHED)
    elif tab:
        queryset = queryset.filter(tab=tab)
    if status:
        queryset = queryset.filter(status=status)
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    return queryset


def workflow_get(*, workflow_id: int) -> Workflow:
    """A workflow of the builder's; a summary notification's is not one, and its 404 names
    the screen it is edited on (`errors.screen`), where the builder sends its address."""
    found = workflow_list().filter(pk=workflow_id).first() if 0 < workflow_id <= MAX_ID else None
    if found is None:
        summary = workflows_live().filter(
            pk=workflow_id, trigger_type=TriggerType.SUMMARY_NOTIFICATION
        )
        if 0 < workflow_id <= MAX_ID and summary.exists():
            raise NotFound(
                messages.WORKFLOW_IS_SUMMARY, errors={"screen": [messages.SUMMARY_SCREEN]}
            )
        raise NotFound(messages.WORKFLOW_NOT_FOUND)
    return found


def workflow_name_taken(name: str, *, exclude: int | None = None) -> bool:
    return workflows_live().filter(name__iexact=name.strip()).exclude(pk=exclude).exists()


def version_next_number(workflow: Workflow) -> int:
    top = WorkflowVersion.objects.filter(workflow=workflow).aggregate(top=Max("number"))["top"]
    return (top or 0) + 1


def enrollments_in_process(workflow: Workflow) -> int:
    return Enrollment.objects.filter(workflow=workflow, status=EnrollmentStatus.IN_PROCESS).count()


def enrollment_list(
    *, workflow_id: int, status: str | None = None, sort: str = "-enrolledAt"
) -> QuerySet[Enrollment]:
    queryset = (
        Enrollment.objects.filter(workflow_id=workflow_id)
        .select_related("version")
        .order_by(*_order(ENROLLMENT_SORTS, sort))
    )
    if status:
        queryset = queryset.filter(status=status)
    return queryset


def enrollment_get(*, enrollment_id: int) -> Enrollment:
    found = (
        Enrollment.objects.select_related("workflow", "version")
        .exclude(workflow__status=WorkflowStatus.DELETE)
        .filter(pk=enrollment_id)
        .first()
        if 0 < enrollment_id <= MAX_ID
        else None
    )
    if found is None:
        raise NotFound(messages.ENROLLMENT_NOT_FOUND)
    return found


def profile_history(*, profile_id: int, workflow_id: int | None = None) -> list[Enrollment]:
    """A profile's enrollments, newest first, each with its steps in order (spec 3's
    history statuses on each)."""
    queryset = (
        Enrollment.objects.filter(profile_id=profile_id)
        .exclude(workflow__status=WorkflowStatus.DELETE)
        .select_related("workflow", "version")
        .order_by("-enrolled_at", "-id")
    )
    if workflow_id is not None:
        queryset = queryset.filter(workflow_id=workflow_id)
    enrollments = list(queryset[:200])
    steps: dict[int, list[EnrollmentStep]] = {e.pk: [] for e in enrollments}
    for step in EnrollmentStep.objects.filter(enrollment_id__in=steps).order_by("at", "id"):
        steps[step.enrollment_id].append(step)
    for enrollment in enrollments:
        enrollment.history = steps[enrollment.pk]
    return enrollments


def step_counts(*, workflow: Workflow, version_number: int | None = None) -> dict:
    """For the canvas: per step id of a version (the published one by default), how many
    enrollments are at it now (in process), and how many went through it with each
    outcome. {"version": n, "steps": {step_id: {"current": n, "outcomes": {..}}}}."""
    versions = WorkflowVersion.objects.filter(workflow=workflow)
    if version_number is not None:
        version = versions.filter(number=version_number).first()
    elif workflow.published_version_id:
        version = versions.filter(pk=workflow.published_version_id).first()
    else:
        version = versions.order_by("-number").first()
    if version is None:
        return {"version": None, "steps": {}}
    steps: dict[str, dict] = {}
    current = (
        Enrollment.objects.filter(version=version, status=EnrollmentStatus.IN_PROCESS)
        .values("step_id")
        .annotate(n=Count("id"))
    )
    for row in current:
        steps.setdefault(row["step_id"], {"current": 0, "outcomes": {}})["current"] = row["n"]
    passed = (
        EnrollmentStep.objects.filter(enrollment__version=version)
        .values("step_id", "outcome")
        .annotate(n=Count("id"))
    )
    for row in passed:
        entry = steps.setdefault(row["step_id"], {"current": 0, "outcomes": {}})
        entry["outcomes"][row["outcome"]] = row["n"]
    return {"version": version.number, "steps": steps}


def _status_count(status: str, since: datetime | None, until: datetime | None) -> Count:
    where = Q(enrollments__status=status)
    return Count("enrollments", filter=where & _window(since, until))


def _window(since: datetime | None, until: datetime | None) -> Q:
    where = Q()
    if since is not None:
        where &= Q(enrollments__enrolled_at__gte=since)
    if until is not None:
        where &= Q(enrollments__enrolled_at__lt=until)
    return where


def workflow_analytics(
    *,
    since: datetime | None = None,
    until: datetime | None = None,
    search: str = "",
    sort: str = "name",
    tab: str | None = None,
) -> QuerySet[Workflow]:
    """The /workflow-analytics grid: per workflow, the enrollments that entered in the
    window (enrolled_at in [since, until)) and how many of them are in process,
    completed, dropped, terminated or failed now."""
    queryset = _filtered(search=search, tab=tab).annotate(
        entered=Count("enrollments", filter=_window(since, until) or None),
        in_process=_status_count(EnrollmentStatus.IN_PROCESS, since, until),
        completed=_status_count(EnrollmentStatus.COMPLETED, since, until),
        dropped=_status_count(EnrollmentStatus.DROPPED, since, until),
        terminated=_status_count(EnrollmentStatus.TERMINATED, since, until),
        failed=_status_count(EnrollmentStatus.FAILED, since, until),
    )
    return queryset.order_by(*_order(ANALYTICS_SORTS, sort))


def enrollment_dashboard(*, since: datetime | None = None) -> list[dict]:
    """The Enrollment Dashboard (/enrollmentDashboard, super-admins): per client, its
    published workflows and its enrollments (entered since `since`, or all) per history
    status. Each client's schema is read in turn; nothing is written."""
    rows = []
    for client in clients_each():
        enrollments = Enrollment.objects.all()
        if since is not None:
            enrollments = enrollments.filter(enrolled_at__gte=since)
        counts = {status: 0 for status in EnrollmentStatus.values}
        for row in enrollments.values("status").annotate(n=Count("id")):
            counts[row["status"]] = row["n"]
        live = workflows_live()
        rows.append(
            {
                "client_id": client.pk,
                "client_name": client.name,
                "workflows": live.count(),
                "published": live.filter(status=WorkflowStatus.PUBLISHED).count(),
                "entered": sum(counts.values()),
                "in_process": counts[EnrollmentStatus.IN_PROCESS],
                "completed": counts[EnrollmentStatus.COMPLETED],
                "dropped": counts[EnrollmentStatus.DROPPED],
                "terminated": counts[EnrollmentStatus.TERMINATED],
                "failed": counts[EnrollmentStatus.FAILED],
            }
        )
    return rows
