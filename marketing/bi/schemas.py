"""The BI segments API's contract: camelCase on the wire, the segments rule tree."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import StringConstraints, model_validator

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.bi.selectors import BI_SORT_CHOICES
from marketing.segments.rules import RuleTree, tree_limits_check

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class BiRulesIn(Schema):
    rules: RuleTree

    @model_validator(mode="after")
    def _limits(self):
        tree_limits_check(self.rules)
        return self


class BiSegmentIn(BiRulesIn):
    name: Name


class BiSegmentPatch(Schema):
    name: Name | None = None
    rules: RuleTree | None = None

    @model_validator(mode="after")
    def _limits(self):
        if self.rules is not None:
            tree_limits_check(self.rules)
        return self


class BiSegmentOut(CamelSchema):
    id: int
    name: str
    rules: dict
    profile_count: int | None
    counted_at: datetime | None
    created_by_email: str
    updated_by_email: str
    created_at: datetime
    updated_at: datetime


class ClientCountOut(CamelSchema):
    client_id: int
    client_name: str
    count: int


class BiCountOut(Schema):
    count: int
    clients: list[ClientCountOut]


class BiSegmentDetailOut(BiSegmentOut):
    count: int
    clients: list[ClientCountOut]


class BiSegmentPageOut(PageOut):
    items: list[BiSegmentOut]


class BiSegmentQuery(PageQuery):
    search: Annotated[str, StringConstraints(max_length=100)] = ""
    sort: Literal[tuple(BI_SORT_CHOICES)] = "-updatedAt"  # type: ignore[valid-type]
