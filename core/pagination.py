"""Pagination for every list of the API: the page query (page 1..1,000,000; page sizes 10,
20, 30 as spec 9 says), the page answer (camelCase on the wire) and `paginate`."""

import json

from django.db.models import QuerySet
from ninja import Schema
from pydantic import ConfigDict, Field, field_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from core.messages import PAGE_SIZE_CHOICES

PAGE_SIZES = (10, 20, 30)
MAX_PAGE = 1_000_000


class PageQuery(Schema):
    page: int = Field(1, ge=1, le=MAX_PAGE)
    pageSize: int = 10  # noqa: N815 - the wire name of a query parameter

    @field_validator("pageSize")
    @classmethod
    def _page_size(cls, value: int) -> int:
        if value not in PAGE_SIZES:
            raise PydanticCustomError("page_size", PAGE_SIZE_CHOICES)
        return value


class PageOut(Schema):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    total: int
    # True when `total` is the planner's estimate (lists past `exact_up_to` rows).
    total_is_estimate: bool = False
    page: int
    page_size: int


def _estimated_rows(queryset: QuerySet) -> int:
    plan = json.loads(queryset.order_by().explain(format="json"))
    return int(plan[0]["Plan"]["Plan Rows"])


def paginate(
    queryset: QuerySet, *, page: int, page_size: int, exact_up_to: int | None = None
) -> dict:
    """One page of an ordered queryset plus its total: {items, total, total_is_estimate,
    page, page_size}. With `exact_up_to`, a list the planner expects to be longer is not
    counted (a COUNT over a million rows costs more than the page): its total is the
    planner's estimate."""
    offset = (page - 1) * page_size
    items = list(queryset[offset : offset + page_size])
    estimate = False
    if page == 1 and len(items) < page_size:
        total = len(items)  # the whole list fits on the first page: no count needed
    elif exact_up_to is not None and (planned := _estimated_rows(queryset)) > exact_up_to:
        total, estimate = max(planned, offset + len(items)), True
    else:
        total = queryset.order_by().count()
    return {
        "items": items,
        "total": total,
        "total_is_estimate": estimate,
        "page": page,
        "page_size": page_size,
    }
