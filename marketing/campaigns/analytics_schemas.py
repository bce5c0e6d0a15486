"""The campaign reports' contract (camelCase on the wire; instants with the client's
offset, or the offset of the client a super-admin row belongs to)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from django.conf import settings
from ninja import Schema
from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.campaigns.analytics.recipients import OUTCOMES
from marketing.campaigns.messages import REPORT_DAYS_RANGE
from marketing.campaigns.schemas import Kind, Status

Outcome = Literal["opened", "clicked", "bounced", "unsubscribed", "notOpened"]
assert set(OUTCOMES) == set(Outcome.__args__)  # one list of outcomes

PERFORMANCE_SORTS = (
    "clientName", "name", "startedAt", "recipients", "sent", "uniqueOpens", "uniqueClicks",
    "openRate", "clickRate",
)  # fmt: skip
PERFORMANCE_SORT_CHOICES = [*PERFORMANCE_SORTS, *(f"-{key}" for key in PERFORMANCE_SORTS)]


def _days(value: int) -> int:
    if not 1 <= value <= settings.CAMPAIGN_REPORT_DAYS_MAX:
        raise PydanticCustomError(
            "days", REPORT_DAYS_RANGE.format(limit=settings.CAMPAIGN_REPORT_DAYS_MAX)
        )
    return value


class ReportCampaignOut(CamelSchema):
    id: int
    name: str
    type: Kind = Field(validation_alias="kind")
    status: Status
    status_message: str
    subject: str
    from_name: str
    from_address: str
    scheduled_at: datetime | None
    started_at: datetime | None
    sent_at: datetime | None
    send_in_recipient_zone: bool


class LinkOut(CamelSchema):
    link_id: int
    url: str
    unique_clicks: int
    total_clicks: int
    bot_clicks: int


class TimelinePointOut(CamelSchema):
    at: datetime
    opens: int
    clicks: int


class TimelineOut(CamelSchema):
    unit: Literal["hour", "day"]
    points: list[TimelinePointOut]


class HourOut(CamelSchema):
    hour: datetime
    sent: int
    due: int


class VariantOut(CamelSchema):
    name: str
    subject: str
    template_id: int | None
    recipients: int
    sent: int
    delivered: int
    unique_opens: int
    unique_clicks: int
    open_rate: float
    click_rate: float


class AbOut(CamelSchema):
    test_on: str
    test_percent: int | None
    winner_rule: str
    winner_after_hours: int | None
    winner: str
    winner_picked_at: datetime | None
    leader: str  # the tested variant ahead by the winning rule (before or after the pick)
    variants: list[VariantOut]


class ResendOut(CamelSchema):
    enabled: bool
    days: int | None
    subject: str
    status: int  # spec 4: 0 not scheduled, 1 scheduled, 2 delivered, 3 failed
    scheduled_at: datetime | None
    processed_at: datetime | None


class ResendSendOut(CamelSchema):
    send_id: int
    recipients: int
    sent: int


class ResendsOut(CamelSchema):
    unopened: ResendOut
    unclicked: ResendOut
    sends: list[ResendSendOut]


class BounceReasonOut(CamelSchema):
    reason: str  # bounce_reading.Reason: userUnknown, mailboxFull, blocked...
    count: int


class TrackingFreshnessOut(CamelSchema):
    # Opens and clicks are counted up to this instant (null: never written yet).
    as_of: datetime | None
    # Events wait and that instant is older than it should be: the figures are behind.
    behind: bool


class CampaignReportOut(CamelSchema):
    campaign: ReportCampaignOut
    recipients: int
    sent: int
    delivered: int
    failed: int
    deferred: int
    pending: int
    hard_bounces: int
    soft_bounces: int
    complaints: int
    unsubscribes: int
    unique_opens: int
    total_opens: int
    unique_clicks: int
    total_clicks: int
    open_rate: float
    click_rate: float
    click_to_open_rate: float
    bounce_rate: float
    bounce_reasons: list[BounceReasonOut]
    unsubscribe_rate: float
    machine_opens: int
    machine_open_people: int
    bot_clicks: int
    bot_click_people: int
    links: list[LinkOut]
    timeline: TimelineOut
    hourly: list[HourOut]
    ab: AbOut | None
    resends: ResendsOut
    generated_at: datetime
    tracking: TrackingFreshnessOut


class RecipientQuery(PageQuery):
    outcome: Outcome = "opened"


class RecipientOut(CamelSchema):
    profile_id: int
    email: str
    variant: str
    state: str
    last_reply: str
    sent_at: datetime | None


class RecipientPageOut(PageOut):
    items: list[RecipientOut]


class ReportExportIn(Schema):
    outcome: Outcome


class PerformanceQuery(PageQuery):
    days: int = 30
    search: str = Field("", max_length=100)
    sort: Literal[tuple(PERFORMANCE_SORT_CHOICES)] = "-startedAt"

    @field_validator("days")
    @classmethod
    def _days_range(cls, value: int) -> int:
        return _days(value)


class PerformanceRowOut(CamelSchema):
    client_id: int
    client_name: str
    campaign_id: int
    name: str
    type: Kind
    status: Status
    started_at: datetime | None
    scheduled_at: datetime | None
    recipients: int
    sent: int
    failed: int
    unique_opens: int
    unique_clicks: int
    bounces: int
    unsubscribes: int
    complaints: int
    open_rate: float
    click_rate: float


class PerformancePageOut(PageOut):
    items: list[PerformanceRowOut]


class RecentQuery(Schema):
    limit: int = Field(20, ge=1, le=100)


class RecentOut(Schema):
    items: list[PerformanceRowOut]


class ScheduleQuery(Schema):
    days: int = 7

    @field_validator("days")
    @classmethod
    def _days_range(cls, value: int) -> int:
        return _days(value)


class ScheduledCampaignOut(CamelSchema):
    campaign_id: int
    name: str
    type: Kind
    scheduled_at: datetime
    send_in_recipient_zone: bool
    overdue: bool


class ScheduleDayOut(CamelSchema):
    day: date
    client_id: int
    client_name: str
    time_zone: str
    campaigns: list[ScheduledCampaignOut]


class ScheduleSummaryOut(Schema):
    days: list[ScheduleDayOut]
