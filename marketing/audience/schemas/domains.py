from datetime import datetime

from pydantic import Field

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.audience.models import DomainType


class DomainListQuery(PageQuery):
    type: DomainType | None = None
    search: str | None = Field(None, max_length=255)


class DomainIn(CamelSchema):
    domain: str = Field(max_length=300)  # the spec 5.1 rule is the service's
    domain_type: DomainType


class DomainOut(CamelSchema):
    id: int
    domain: str
    domain_type: int
    created_at: datetime


class DomainPageOut(PageOut):
    items: list[DomainOut]
