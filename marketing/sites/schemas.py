"""The landing pages API's contract: camelCase on the wire; a version's settings are
page_settings.py's typed document. A refused save or publish answers 400 {"message",
"errors"} whose keys say where."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut as ListPage
from core.pagination import PageQuery
from core.schemas import CamelSchema
from marketing.sites.models import PageLayout, PageStatus, PageType
from marketing.sites.page_settings import PageSettings
from marketing.sites.selectors import PAGE_SORT_CHOICES


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


def _text(max_length: int):
    return Annotated[
        str,
        StringConstraints(strip_whitespace=True, max_length=max_length),
        AfterValidator(_no_nul),
    ]


Search = Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)]
Type = Literal[tuple(PageType.values)]
Layout = Literal[tuple(PageLayout.values)]
Status = Literal[tuple(PageStatus.values)]


class PageContent(CamelSchema):
    """What the designer saves as a new version."""

    project: dict[str, Any] = {}
    html: Annotated[str, StringConstraints(max_length=2_000_000), AfterValidator(_no_nul)] = ""
    css: Annotated[str, StringConstraints(max_length=500_000), AfterValidator(_no_nul)] = ""
    settings: PageSettings = PageSettings()


class PageFields(CamelSchema):
    name: _text(100) | None = None
    page_type: Type | None = None
    layout: Layout | None = None
    slug: _text(200) | None = None
    content: PageContent | None = None


class PageIn(PageFields):
    name: _text(100) = ""
    page_type: Type = "LP"
    layout: Layout = "singleColumn"


class PagePatch(PageFields):
    pass


class VersionOut(CamelSchema):
    id: int
    number: int
    created_by_email: str
    created_at: datetime


class VersionContentOut(VersionOut):
    project: dict[str, Any]
    html: str
    css: str
    settings: dict[str, Any]


class LandingPageOut(CamelSchema):
    id: int
    name: str
    page_type: Type
    layout: Layout
    slug: str
    status: Status
    public_path: str  # on the pages host: /<client>/<slug>
    public_url: str
    current_version: VersionContentOut | None
    published_version_id: int | None
    published_number: int | None = None
    visits: int = 0
    unique_visits: int = 0
    created_by_email: str
    published_at: datetime | None
    created_at: datetime
    updated_at: datetime


class PageRowOut(CamelSchema):
    id: int
    name: str
    page_type: Type
    layout: Layout
    slug: str
    status: Status
    public_url: str
    published_number: int | None = None
    visits: int = 0
    unique_visits: int = 0
    published_at: datetime | None
    created_at: datetime
    updated_at: datetime


class PageListOut(ListPage):
    items: list[PageRowOut]


class PageQueryIn(PageQuery):
    search: Search = ""
    sort: Literal[tuple(PAGE_SORT_CHOICES)] = "-updatedAt"
    type: Type | None = None
    status: Status | None = None


class VersionListOut(Schema):
    items: list[VersionOut]


class RollBackIn(CamelSchema):
    version_id: int = Field(ge=1)


class AssociatedQuery(Schema):
    isPopUpPage: bool = True  # noqa: N815 - the spec's query parameter


class AssociatedIn(Schema):
    lpId: int = Field(ge=1)  # noqa: N815 - the spec's body field (the pop-up page's id)


class AssociatedLpOut(Schema):
    status: str
    lpName: str  # noqa: N815


class AssociatedOut(Schema):
    ppAssociatedLps: list[AssociatedLpOut]  # noqa: N815
