"""Shared by the audience schemas: camelCase wire names, email and text types, errors.

Python names are snake_case; `CamelSchema` gives each field its camelCase wire name (the
handlers answer with `by_alias=True`). Lists page through `config.pagination`."""

from typing import Annotated

from ninja import Schema
from pydantic import AfterValidator, ConfigDict, StringConstraints
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError


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
