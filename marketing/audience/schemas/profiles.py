from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from core.pagination import PageOut, PageQuery
from marketing.audience.models import CSB_THRESHOLD, VerificationStatus
from marketing.audience.schemas.common import CamelSchema, Email, SearchText, text
from marketing.audience.selectors.profiles import PROFILE_SORT_CHOICES, PROFILE_STATUSES
from marketing.audience.selectors.reps import rep_display_name
from marketing.audience.services.profiles import BULK_ACTIONS

MAX_BULK = 10_000


def _text(max_length: int):
    return text(max_length) | None


Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


class ProfileListQuery(PageQuery):
    sort: Literal[tuple(PROFILE_SORT_CHOICES)] = "-createdAt"
    search: SearchText = ""
    groupId: Id | None = None  # noqa: N815 - wire names of query parameters
    tagId: Id | None = None  # noqa: N815
    status: Literal[PROFILE_STATUSES] = "active"
    verification: VerificationStatus | None = None


class NamedRef(CamelSchema):
    id: int
    name: str


class ProfileOut(CamelSchema):
    id: int
    email: str
    first_name: str
    last_name: str
    phone: str
    company: str
    title: str
    rep_id: int | None
    rep_name: str
    address1: str
    address2: str
    city: str
    state: str
    country: str
    county: str
    zip_code: str
    custom: dict[str, Any]
    source: str
    verification_status: str
    soft_bounce_streak: int
    is_csb: bool
    is_active: bool
    do_not_email: bool
    unsubscribed_at: datetime | None
    archived_at: datetime | None
    deleted_at: datetime | None
    created_at: datetime
    updated_at: datetime
    groups: list[NamedRef]
    tags: list[NamedRef]

    @staticmethod
    def resolve_rep_name(obj) -> str:
        return rep_display_name(obj.rep)

    @staticmethod
    def resolve_is_csb(obj) -> bool:
        return obj.soft_bounce_streak >= CSB_THRESHOLD

    @staticmethod
    def resolve_groups(obj) -> list:
        return list(obj.groups.all())

    @staticmethod
    def resolve_tags(obj) -> list:
        return list(obj.tags.all())


class ProfilePageOut(PageOut):
    items: list[ProfileOut]


class ProfilePatch(CamelSchema):
    email: Email | None = None
    first_name: _text(100) = None
    last_name: _text(100) = None
    phone: _text(50) = None
    company: _text(200) = None
    title: _text(200) = None
    rep_id: Id | None = None
    address1: _text(255) = None
    address2: _text(255) = None
    city: _text(100) = None
    state: _text(100) = None
    country: _text(100) = None
    county: _text(100) = None
    zip_code: _text(20) = None
    custom: dict[Annotated[str, StringConstraints(max_length=64)], Any] | None = None
    do_not_email: bool | None = None
    group_ids: Annotated[list[Id], Field(max_length=1000)] | None = None
    tag_ids: Annotated[list[Id], Field(max_length=1000)] | None = None


class ProfileIn(ProfilePatch):
    email: Email
    group_ids: Annotated[list[Id], Field(max_length=1000)] = []
    tag_ids: Annotated[list[Id], Field(max_length=1000)] = []


class ProfileBulkIn(CamelSchema):
    action: Literal[BULK_ACTIONS]
    profile_ids: Annotated[list[Id], Field(min_length=1, max_length=MAX_BULK)]
    group_id: Id | None = None
    tag_id: Id | None = None


class ProfileBulkOut(CamelSchema):
    affected: int
    skipped: int
    message: str
