"""The workflows API's contract: camelCase on the wire; the definition and settings are
definition.py's typed models; instants are answered with the client's offset.

A refused publish answers 400 {"message", "errors"} whose keys name where each problem
is: "name", "description", "settings.<field>", "trigger.<field>", "steps.<stepId>.<field>"
(services/checking.py). A malformed definition answers 400 with pydantic's paths under
"definition." (for example "definition.steps.0.sendEmail.templateId")."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.workflows.definition import Definition, StepId, WorkflowSettings
from marketing.workflows.messages import DATE_RANGE
from marketing.workflows.models import (
    EnrollmentStatus,
    ReEntry,
    TriggerCategory,
    TriggerType,
    WorkflowStatus,
    WorkflowTab,
)
from marketing.workflows.selectors import (
    ANALYTICS_SORT_CHOICES,
    ENROLLMENT_SORT_CHOICES,
    TABS,
    WORKFLOW_SORT_CHOICES,
)

ANALYTICS_DEFAULT_VIEW_ID = 9996  # spec 9


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


def _text(max_length: int):
    return Annotated[
        str,
        StringConstraints(strip_whitespace=True, max_length=max_length),
        AfterValidator(_no_nul),
    ]


Search = Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)]
Status = Literal[tuple(WorkflowStatus.values)]
Tab = Literal[tuple(WorkflowTab.values)]
HistoryStatus = Literal[tuple(EnrollmentStatus.values)]


class WorkflowFields(CamelSchema):
    """What a save may set; absent fields are left as they are."""

    name: _text(100) | None = None
    description: _text(2000) | None = None
    tab: Tab | None = None
    trigger_type: Literal[tuple(TriggerType.values)] | None = None
    trigger_category: Literal[tuple(TriggerCategory.values)] | None = None
    re_entry: Literal[tuple(ReEntry.values)] | None = None
    settings: WorkflowSettings | None = None
    definition: Definition | None = None


class WorkflowIn(WorkflowFields):
    name: _text(100) = ""


class WorkflowPatch(WorkflowFields):
    pass


class WorkflowPublishIn(CamelSchema):
    # The steps the canvas holds unsaved edits of: any refuses the publish (spec 5.9).
    unsaved_step_ids: Annotated[list[StepId], Field(max_length=500)] = []


class WorkflowUnpublishIn(CamelSchema):
    # Required when enrollments are in process (spec 4); otherwise ignored.
    enrollments: Literal["process", "terminate"] | None = None


class WorkflowOut(CamelSchema):
    id: int
    name: str
    description: str
    tab: Tab
    status: Status
    trigger_type: str
    trigger_category: str
    re_entry: str
    settings: WorkflowSettings
    definition: Definition = Field(validation_alias="draft_definition")
    trigger_kind: str | None = None  # the draft's trigger
    # the number of the version last published
    published_version: int | None = Field(None, validation_alias="published_number")
    published_at: datetime | None
    created_at: datetime
    updated_at: datetime
    in_process: int = 0  # enrollments in process (asked about when unpublishing)


class WorkflowPageOut(PageOut):
    items: list[WorkflowOut]


class WorkflowQuery(PageQuery):
    tab: Literal[tuple(TABS)] | None = None  # a tab of spec 3, or "Inactive"
    search: Search = ""
    sort: Literal[tuple(WORKFLOW_SORT_CHOICES)] = "-updatedAt"
    status: Status | None = None


class ProblemOut(Schema):
    where: str  # "workflow", "settings", "trigger" or a step id
    field: str
    key: str  # its name in a refused publish's errors
    message: str


class WorkflowCheckOut(Schema):
    problems: list[ProblemOut]


class StepDeleteIn(Schema):
    definition: Definition
    stepId: StepId  # noqa: N815


class StepCountOut(Schema):
    current: int  # enrollments at the step now
    outcomes: dict[str, int]  # history rows per outcome (done, yes, no, branch:0, ...)


class StepCountsOut(Schema):
    version: int | None
    steps: dict[str, StepCountOut]


class StepCountsQuery(Schema):
    version: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None


class EnrollmentStepOut(CamelSchema):
    step_id: str
    step_type: str
    outcome: str
    message: str
    at: datetime


class EnrollmentOut(CamelSchema):
    id: int
    workflow_id: int
    version: int = Field(validation_alias="version_number")
    profile_id: int
    profile_email: str = ""
    status: HistoryStatus
    step_id: str
    due_at: datetime | None
    enrolled_at: datetime
    finished_at: datetime | None
    status_message: str
    attempts: int


class EnrollmentPageOut(PageOut):
    items: list[EnrollmentOut]


class EnrollmentQuery(PageQuery):
    status: HistoryStatus | None = None
    sort: Literal[tuple(ENROLLMENT_SORT_CHOICES)] = "-enrolledAt"


class EnrollmentHistoryOut(EnrollmentOut):
    workflow_name: str
    steps: list[EnrollmentStepOut]


class ProfileHistoryOut(Schema):
    items: list[EnrollmentHistoryOut]


class ProfileHistoryQuery(Schema):
    workflowId: Annotated[int, Field(ge=1, le=2**63 - 1)] | None = None  # noqa: N815


class AnalyticsQuery(PageQuery):
    """The grid's date filter: a shortcut of spec 9 (t today, y yesterday, tw this week,
    lw last week, tm this month, lm last month) or From and To days of the client's zone
    (both included); neither is all time."""

    viewId: int = ANALYTICS_DEFAULT_VIEW_ID  # noqa: N815
    range: Literal["t", "y", "tw", "lw", "tm", "lm"] | None = None
    dateFrom: date | None = None  # noqa: N815
    dateTo: date | None = None  # noqa: N815
    search: Search = ""
    sort: Literal[tuple(ANALYTICS_SORT_CHOICES)] = "name"
    tab: Literal[tuple(TABS)] | None = None

    @model_validator(mode="after")
    def _range(self):
        if self.dateFrom and self.dateTo and self.dateTo < self.dateFrom:
            raise PydanticCustomError("date_range", DATE_RANGE)
        return self


class AnalyticsRowOut(CamelSchema):
    id: int
    name: str
    status: Status
    tab: Tab
    entered: int
    in_process: int
    completed: int
    dropped: int
    terminated: int
    failed: int


class AnalyticsPageOut(PageOut):
    view_id: int
    items: list[AnalyticsRowOut]


class DashboardQuery(Schema):
    days: Annotated[int, Field(ge=1, le=3650)] | None = None  # entered in the last N days


class DashboardRowOut(CamelSchema):
    client_id: int
    client_name: str
    workflows: int
    published: int
    entered: int
    in_process: int
    completed: int
    dropped: int
    terminated: int
    failed: int


class DashboardOut(Schema):
    items: list[DashboardRowOut]


class WorkflowTestQuery(Schema):
    profileId: Annotated[int, Field(ge=1, le=2**63 - 1)]  # noqa: N815


class DryRunEmailOut(Schema):
    to: str
    subject: str
    fromName: str = ""  # noqa: N815
    fromAddress: str = ""  # noqa: N815
    templateId: int | None = None  # noqa: N815


class DryRunStepOut(Schema):
    stepId: str  # noqa: N815
    type: str
    # done, waiting, yes, no, branch:<n>, goalMet, goalNotMet, wouldSend, wouldUpdate,
    # wouldChange, skipped, failed
    outcome: str
    detail: str
    email: DryRunEmailOut | None = None


class WorkflowTestOut(Schema):
    steps: list[DryRunStepOut]


class EmailFiguresOut(CamelSchema):
    """One email step's figures, or the workflow's roll-up of them (rates in percent:
    delivered of sent; opens, clicks and unsubscribes of delivered; bounces of attempted).
    Opens and clicks count people, human only; machine ones are apart, as events."""

    sent: int
    delivered: int
    opened: int
    clicked: int
    bounced: int
    complained: int
    unsubscribed: int
    machine_opens: int
    machine_clicks: int
    delivered_rate: float
    open_rate: float
    click_rate: float
    bounce_rate: float
    unsubscribe_rate: float


class EmailStepReportOut(EmailFiguresOut):
    step_id: str
    subject: str
    template_id: int | None
    versions: list[int]  # the published versions whose enrollments it sent to


class EmailReportOut(CamelSchema):
    workflow_id: int
    name: str
    steps: list[EmailStepReportOut]
    total: EmailFiguresOut
