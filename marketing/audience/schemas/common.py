"""Shared by the audience schemas: email and text types, errors.

Python names are snake_case; `core.schemas.CamelSchema` gives each field its camelCase wire
name (the handlers answer with `by_alias=True`). Lists page through `core.pagination`."""

from typing import Annotated

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from marketing.audience.messages import EMAIL_NEEDS_SMTPUTF8, INVALID_EMAIL
from marketing.audience.services.email_rule import InvalidEmail, email_normalise


def _no_nul(value: str) -> str:
    # PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
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
    try:
        return email_normalise(value)
    except InvalidEmail as exc:
        # The spec's words, unless the reason is one a person can act on.
        reason = str(exc) if str(exc) == EMAIL_NEEDS_SMTPUTF8 else INVALID_EMAIL
        raise PydanticCustomError("email", reason) from None


# Emails travel and are stored as the one email rule says (services/email_rule.py).
Email = Annotated[str, StringConstraints(max_length=254), AfterValidator(_email)]
