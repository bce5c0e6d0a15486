from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, create_model

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.audience.models import CSB_THRESHOLD, Profile, VerificationStatus
from marketing.audience.profile_fields import PROFILE_FIELDS, Kind, StandardField, profile_fields
from marketing.audience.schemas.common import Email, SearchText, text
from marketing.audience.selectors.profiles import PROFILE_SORT_CHOICES, PROFILE_STATUSES
from marketing.audience.selectors.reps import rep_display_name
from marketing.audience.services.profiles import BULK_ACTIONS

MAX_BULK = 10_000


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


def _sent(field: StandardField):
    """What the profile form sends for a standard field (null clears it)."""
    match field.kind:
        case Kind.EMAIL:
            return Email | None
        case Kind.TEXT:
            return text(field.max_length) | None
        case Kind.REP:
            return Id | None
        case Kind.BOOLEAN:
            return bool | None
    raise ValueError(f"{field.column}: no input type for {field.kind}")


_SHOWN = {
    Kind.EMAIL: str,
    Kind.TEXT: str,
    Kind.REP: int,
    Kind.BOOLEAN: bool,
    Kind.CHOICE: str,
    Kind.DATETIME: datetime,
}


def _shown(field: StandardField):
    kind = _SHOWN[field.kind]
    return kind | None if Profile._meta.get_field(field.column).null else kind


# The standard fields as the API shows them (wire keys: the registry's).
_ProfileFieldsOut = create_model(
    "ProfileFieldsOut",
    __base__=CamelSchema,
    __module__=__name__,
    id=(int, ...),
    **{f.column: (_shown(f), Field(alias=f.key)) for f in PROFILE_FIELDS},
)


class ProfileOut(_ProfileFieldsOut):
    rep_name: str
    custom: dict[str, Any]
    soft_bounce_streak: int
    is_csb: bool
    is_active: bool
    archived_at: datetime | None
    deleted_at: datetime | None
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


# The registry's editable fields, each optional (a patch sets what it names).
ProfilePatch = create_model(
    "ProfilePatch",
    __base__=CamelSchema,
    __module__=__name__,
    **{f.column: (_sent(f), Field(None, alias=f.key)) for f in profile_fields(editable=True)},
    custom=(dict[Annotated[str, StringConstraints(max_length=64)], Any] | None, None),
    group_ids=(Annotated[list[Id], Field(max_length=1000)] | None, None),
    tag_ids=(Annotated[list[Id], Field(max_length=1000)] | None, None),
)


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
