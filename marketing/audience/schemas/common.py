"""Shared by every audience list: the page query, the page answer and camelCase wire names.

Python names are snake_case; `CamelSchema` gives each field its camelCase wire name (the
handlers answer with `by_alias=True`)."""

import json
from typing import Annotated

from django.db.models import QuerySet
from ninja import Schema
from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, field_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from tenants.schemas import ErrorOut

PAGE_SIZES = (10, 20, 30)
ERRORS = {301: ErrorOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


def _no_nul(value: str) -> str:
    # PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    if "\x00" in value:
        raise PydanticCustomError("nul", "Text cannot contain NUL characters.")
    return value


def text(max_length: int, *, min_length: int = 0):
    """A stripped string of bounded length, safe to store."""
    constraints = StringConstraints(
        strip_whitespace=True, min_length=min_length, max_length=max_length
    )
    return Annotated[str, constraints, AfterValidator(_no_nul)]


Name = text(100, min_length=1)
SearchText = Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)]


def _email(value: str) -> str:
    from django.core.exceptions import ValidationError
    from django.core.validators import validate_email

    value = value.strip().lower()
    try:
        validate_email(value)
    except ValidationError as exc:
        raise PydanticCustomError("email", "Please enter valid Email ID") from exc
    return value


# Emails travel and are stored stripped and lower-cased.
Email = Annotated[str, StringConstraints(max_length=254), AfterValidator(_email)]


class CamelSchema(Schema):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class PageQuery(Schema):
    page: int = Field(1, ge=1, le=1_000_000)
    pageSize: int = 10  # noqa: N815 - the wire name of a query parameter

    @field_validator("pageSize")
    @classmethod
    def _page_size(cls, value: int) -> int:
        if value not in PAGE_SIZES:
            raise PydanticCustomError("page_size", "pageSize must be 10, 20 or 30.")
        return value


class PageOut(CamelSchema):
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
