"""The summary-notification API's contract (camelCase on the wire). Instants are given with
the client's offset; the send time is the client's wall-clock time. The rules (required
fields, days, recipients) are checked by services.py, which answers in the messages'
words; the schema only takes the shapes."""

from __future__ import annotations

from datetime import datetime, time
from typing import Annotated

from ninja import Schema
from pydantic import Field, StringConstraints

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema

_Text = Annotated[str, StringConstraints(max_length=500)]
_Email = Annotated[str, StringConstraints(max_length=320)]
_Day = Annotated[int, Field(ge=-1000, le=1000)]  # range checked by the service, in words


class SummaryIn(Schema):
    name: Annotated[str, StringConstraints(max_length=100)] = ""
    description: Annotated[str, StringConstraints(max_length=2000)] = ""
    frequency: _Text = ""
    weekdays: Annotated[list[_Day], Field(max_length=7)] = []
    monthDayMode: _Text = "monthDays"  # noqa: N815 - wire names
    monthDays: Annotated[list[_Day], Field(max_length=31)] = []  # noqa: N815
    sendTime: time | None = None  # noqa: N815
    period: _Text = ""
    recipients: Annotated[list[_Email], Field(max_length=200)] = []
    active: bool = True


class SummaryOut(CamelSchema):
    id: int
    workflow_id: int
    name: str
    description: str
    status: str
    frequency: str
    weekdays: list[int]
    month_day_mode: str
    month_days: list[int]
    send_time: str
    period: str
    recipients: list[str]
    active: bool
    next_due_at: datetime | None
    last_sent_at: datetime | None
    time_zone: str
    digests_sent: int


class SummaryPageOut(PageOut):
    items: list[SummaryOut]


class DigestQuery(PageQuery):
    notificationId: int | None = Field(default=None, ge=1, le=2**63 - 1)  # noqa: N815


class Figures(Schema):
    campaignsSent: int  # noqa: N815
    opens: int
    clicks: int
    newProfiles: int  # noqa: N815
    formConversions: int  # noqa: N815
    unsubscribes: int


class DigestOut(CamelSchema):
    id: int
    notification_id: int
    name: str
    subject: str
    period: str
    period_start: datetime
    period_end: datetime
    due_at: datetime
    recipients: list[str]
    figures: Figures
    crm: dict[str, str]
    delivery_status: str
    delivered: int
    created_at: datetime


class DigestPageOut(PageOut):
    items: list[DigestOut]


class SummaryDataQuery(Schema):
    token: Annotated[str, StringConstraints(max_length=1000)] = ""


class SummaryDataOut(CamelSchema):
    client_name: str
    name: str
    period: str
    period_start: datetime
    period_end: datetime
    time_zone: str
    figures: Figures
    crm: dict[str, str]
