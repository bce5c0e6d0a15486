"""The page hosting API's contract: camelCase on the wire."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.schemas import CamelSchema


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


class PageDomainIn(CamelSchema):
    # Longer than a domain may be, so the service answers in its own words.
    name: Annotated[str, StringConstraints(max_length=300), AfterValidator(_no_nul)]


class PageRecordOut(CamelSchema):
    key: Literal["cname", "verification"]
    type: Literal["CNAME", "TXT"]
    host: str
    value: str
    status: Literal["unchecked", "verified", "missing", "invalid", "failed"]
    error: str
    found: list[str]


class PageDomainOut(CamelSchema):
    id: int
    name: str
    status: Literal["pending", "verified", "failed"]
    # Why a checked domain is not serving (empty when it is, or was never checked).
    error: str
    records: list[PageRecordOut]
    checked_at: datetime | None  # the client's time zone
    verified_at: datetime | None


class PageDomainListOut(CamelSchema):
    items: list[PageDomainOut]
    cname_target: str  # settings.PAGES_HOST


class PageStorageIn(CamelSchema):
    kind: Literal["local", "s3"]


class PageStorageOut(CamelSchema):
    kind: Literal["local", "s3"]
    chosen: bool  # False: local disk by default, the choice still open
    chosen_at: datetime | None
    kinds: list[Literal["local", "s3"]]  # what this deployment offers
