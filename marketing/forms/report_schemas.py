"""The form reports' contract (camelCase on the wire): conversions over a date range of
the client's calendar, the survey report with its share state, free-text answers a page
at a time, and a submissions export."""

from __future__ import annotations

import datetime
from typing import Annotated

from ninja import Schema
from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.forms import messages
from marketing.forms.definition import FieldKey

MAX_RANGE_DAYS = 366
Day = Annotated[datetime.date, Field(ge=datetime.date(1970, 1, 1), le=datetime.date(2260, 12, 31))]


class ConversionQuery(Schema):
    """A range of the client's days, both ends included; none: the last 30 days."""

    dateFrom: Day | None = None  # noqa: N815 - wire names
    dateTo: Day | None = None  # noqa: N815

    @model_validator(mode="after")
    def _range(self):
        if self.dateFrom and self.dateTo:
            if self.dateTo < self.dateFrom:
                raise PydanticCustomError("range_order", messages.RANGE_ORDER)
            if (self.dateTo - self.dateFrom).days >= MAX_RANGE_DAYS:
                raise PydanticCustomError("range_length", messages.RANGE_TOO_LONG)
        return self


class ConversionCounts(Schema):
    views: int
    submissions: int
    confirmed: int


class ConversionDayOut(ConversionCounts):
    day: datetime.date


class ConversionPageOut(ConversionCounts):
    page: str  # untrusted (a visitor's referrer): shown escaped


class ConversionsOut(CamelSchema):
    form_id: int
    form_name: str
    form_type: str
    date_from: datetime.date
    date_to: datetime.date
    time_zone: str
    totals: ConversionCounts
    days: list[ConversionDayOut]
    pages: list[ConversionPageOut]


class ChoiceCountOut(Schema):
    value: str  # untrusted
    count: int


class QuestionOut(Schema):
    key: str
    label: str
    type: str
    answered: int
    choices: list[ChoiceCountOut]


class SurveyReportOut(CamelSchema):
    form_id: int
    form_name: str
    respondents: int
    questions: list[QuestionOut]
    shared: bool
    share_url: str | None  # https://<pages host>/<client>/external/dynamicformreport?token=...


class SurveyShareIn(Schema):
    shared: bool


class AnswerQuery(PageQuery):
    question: FieldKey  # a free-text question's field key


class AnswerOut(CamelSchema):
    id: int
    answer: str  # untrusted: shown escaped
    created_at: datetime.datetime


class AnswerPageOut(PageOut):
    items: list[AnswerOut]


class ProfileSubmissionOut(CamelSchema):
    id: int
    form_id: int
    form_name: str
    source_page: str  # untrusted: shown escaped
    created_at: datetime.datetime
    confirmed_at: datetime.datetime | None


class ProfileSubmissionPageOut(PageOut):
    items: list[ProfileSubmissionOut]


class CrmCopyIn(Schema):
    repId: int | None = Field(None, ge=1, le=2**63 - 1)  # noqa: N815 - wire name


class CrmCopyOut(Schema):
    profiles: int  # the form's submitters copied
    assigned: int  # whose rep changed
