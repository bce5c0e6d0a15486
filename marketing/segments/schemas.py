"""The segments API's contract: camelCase on the wire, the rule tree as rules.py types it."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import (
    AfterValidator,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.segments.messages import WEBSITE_REQUIRED
from marketing.segments.rules import RuleTree, tree_limits_check
from marketing.segments.selectors import SEGMENT_SORT_CHOICES


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=100),
    AfterValidator(_no_nul),
]
WebsiteIds = Annotated[list[Annotated[int, Field(ge=0, le=2**31 - 1)]], Field(max_length=100)]
SegmentTypeName = Literal["static", "dynamic"]


class RulesIn(Schema):
    rules: RuleTree

    @model_validator(mode="after")
    def _limits(self):
        tree_limits_check(self.rules)
        return self


def _websites(value):
    if value is not None and not value:
        raise PydanticCustomError("websites", WEBSITE_REQUIRED)
    return value


class SegmentIn(RulesIn):
    name: Name
    type: SegmentTypeName
    websiteIds: WebsiteIds  # noqa: N815 - wire names

    _websites = field_validator("websiteIds")(_websites)


class SegmentPatch(Schema):
    name: Name | None = None
    type: SegmentTypeName | None = None
    rules: RuleTree | None = None
    websiteIds: WebsiteIds | None = None  # noqa: N815

    _websites = field_validator("websiteIds")(_websites)

    @model_validator(mode="after")
    def _limits(self):
        if self.rules is not None:
            tree_limits_check(self.rules)
        return self


class PreviewIn(RulesIn):
    pageSize: int = Field(10, ge=1, le=30)  # noqa: N815


class SegmentQuery(PageQuery):
    search: Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)] = ""
    sort: Literal[tuple(SEGMENT_SORT_CHOICES)] = "-updatedAt"
    type: SegmentTypeName | None = None


class SegmentOut(CamelSchema):
    id: int
    name: str
    type: SegmentTypeName = Field(validation_alias="segment_type")
    rules: dict
    website_ids: list[int]
    # The last count taken (on save) and when; `count` in segmentGet is live.
    profile_count: int | None
    counted_at: datetime | None
    frozen_at: datetime | None
    created_by_email: str
    updated_by_email: str
    created_at: datetime
    updated_at: datetime


class SegmentDetailOut(SegmentOut):
    count: int  # now: a dynamic segment's rules run now, a static one's snapshot


class SegmentPageOut(PageOut):
    items: list[SegmentOut]


class CountOut(Schema):
    count: int


class ProfileRowOut(CamelSchema):
    id: int
    email: str
    first_name: str
    last_name: str
    created_at: datetime


class PreviewOut(CamelSchema):
    count: int
    items: list[ProfileRowOut]


class FieldOptionOut(Schema):
    key: str
    label: str
    type: str
    options: list[str]
    operators: list[str]


class IdNameOut(Schema):
    id: int
    name: str


class EventOut(Schema):
    key: str
    label: str


class RuleOptionsOut(Schema):
    ruleTypes: list[str]  # noqa: N815
    fields: list[FieldOptionOut]
    groups: list[IdNameOut]
    tags: list[IdNameOut]
    events: list[EventOut]
    websiteIds: list[int]  # noqa: N815 - the client's websites, which a segment picks from
