from datetime import datetime
from typing import Annotated

from ninja import Schema
from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from core.pagination import PageOut
from core.schemas import CamelSchema
from marketing.audience.messages import UNKNOWN_FIELD_TYPES
from marketing.audience.models import FieldType
from marketing.audience.schemas.common import Email, Name, text

Option = text(200)
Options = Annotated[list[Option], Field(max_length=500)]


class ProfileFieldIn(CamelSchema):
    label: Name
    field_type: FieldType
    options: Options = []


class ProfileFieldPatch(CamelSchema):
    label: Name | None = None
    options: Options | None = None


class ProfileFieldOut(CamelSchema):
    id: int
    label: str
    key: str
    field_type: str
    options: list[str]
    created_at: datetime


class ProfileFieldPageOut(PageOut):
    items: list[ProfileFieldOut]


class MergeFieldQuery(Schema):
    fieldTypes: str = ""  # noqa: N815 - wire name: comma-separated field types

    @field_validator("fieldTypes")
    @classmethod
    def _types(cls, value: str) -> str:
        unknown = {t.strip() for t in value.split(",") if t.strip()} - set(FieldType.values)
        if unknown:
            raise PydanticCustomError(
                "field_types",
                UNKNOWN_FIELD_TYPES,
                {"types": ", ".join(sorted(unknown))},
            )
        return value

    def types(self) -> list[str]:
        return [t.strip() for t in self.fieldTypes.split(",") if t.strip()]


class MergeFieldOut(CamelSchema):
    display_name: str
    field_name: str
    default_merge_tag: str


class RepIn(CamelSchema):
    email: Email
    first_name: text(100) = ""
    last_name: text(100) = ""
    rep_user_id: Annotated[int, Field(ge=1, le=2**63 - 1)] | None = None


class RepOut(CamelSchema):
    id: int
    rep_user_id: int | None
    first_name: str
    last_name: str
    email: str


class RepsListOut(CamelSchema):
    reps_list: list[RepOut]
