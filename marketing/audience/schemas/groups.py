from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.audience.schemas.common import Name, SearchText
from marketing.audience.selectors.groups import GROUP_SORT_CHOICES

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


class GroupCategoryQuery(PageQuery):
    search: SearchText = ""


class GroupCategoryIn(CamelSchema):
    name: Name
    is_active: bool = True


class GroupCategoryPatch(CamelSchema):
    name: Name | None = None
    is_active: bool | None = None


class GroupCategoryOut(CamelSchema):
    id: int
    name: str
    is_active: bool
    group_count: int = 0


class GroupCategoryPageOut(PageOut):
    items: list[GroupCategoryOut]


class GroupQuery(PageQuery):
    search: SearchText = ""
    sort: Literal[tuple(GROUP_SORT_CHOICES)] = "name"
    categoryId: Id | None = None  # noqa: N815 - wire name of a query parameter


class GroupIn(CamelSchema):
    name: Name
    category_id: Id | None = None


class GroupPatch(CamelSchema):
    name: Name | None = None
    category_id: Id | None = None


class GroupOut(CamelSchema):
    id: int
    name: str
    category_id: int | None
    category_name: str | None = None
    is_default: bool
    profile_count: int = 0
    created_at: datetime

    @staticmethod
    def resolve_is_default(obj) -> bool:
        return bool(obj.default_key)


class GroupPageOut(PageOut):
    items: list[GroupOut]


class FormListIn(CamelSchema):
    action: Literal["get"]


class FormCategoryItem(CamelSchema):
    id: int
    name: str
    is_active: bool


class FormCategoryOut(CamelSchema):
    status: Literal[1]
    categories: list[FormCategoryItem]
