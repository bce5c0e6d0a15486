from datetime import datetime
from typing import Literal

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.audience.schemas.common import Name, SearchText
from marketing.audience.selectors.tags import TAG_SORT_CHOICES


class TagQuery(PageQuery):
    search: SearchText = ""
    sort: Literal[tuple(TAG_SORT_CHOICES)] = "name"


class TagIn(CamelSchema):
    name: Name


class TagOut(CamelSchema):
    id: int
    name: str
    profile_count: int = 0
    created_at: datetime


class TagPageOut(PageOut):
    items: list[TagOut]


class FormTagItem(CamelSchema):
    id: int
    name: str


class FormTagsOut(CamelSchema):
    status: Literal[1]
    tags: list[FormTagItem]
