"""The opt-out forms API's contract (/OptoutForms, /OptoutForm/:formId) and the recipient's
opt-out page (/external/useroptoutform), camelCase on the wire. A refused save answers
400 {"message", "errors"} naming every field at fault (services/optout_forms.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.forms.schemas import Search, _text
from marketing.forms.selectors import OPTOUT_SORT_CHOICES

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
Token = Annotated[str, StringConstraints(max_length=200)]
Reason = _text(200)


class OptOutFormFields(CamelSchema):
    """What a save may set; absent fields are left as they are (`themeId` null clears)."""

    name: _text(100) | None = None
    heading: _text(200) | None = None
    intro: _text(1000) | None = None
    reasons: Annotated[list[Reason], Field(max_length=20)] | None = None
    category_id: Id | None = None
    group_ids: Annotated[list[Id], Field(max_length=100)] | None = None
    button_text: _text(50) | None = None
    thank_you_html: Annotated[str, StringConstraints(max_length=20_000)] | None = None
    theme_id: Id | None = None


class OptOutFormIn(OptOutFormFields):
    pass


class OptOutFormPatch(OptOutFormFields):
    pass


class OptOutGroupOut(CamelSchema):
    id: int
    name: str


class OptOutFormOut(CamelSchema):
    id: int
    name: str
    heading: str
    intro: str
    reasons: list[str]
    category_id: int | None
    category_name: str | None
    group_ids: list[int]
    groups: list[OptOutGroupOut]  # by name
    button_text: str
    thank_you_html: str  # cleaned HTML
    theme_id: int | None
    theme_name: str | None
    is_default: bool
    created_at: datetime
    updated_at: datetime

    @staticmethod
    def resolve_groups(obj) -> list[dict]:
        groups = sorted(obj.groups.all(), key=lambda g: (g.name, g.pk))
        return [{"id": group.pk, "name": group.name} for group in groups]

    @staticmethod
    def resolve_group_ids(obj) -> list[int]:
        return sorted(group.pk for group in obj.groups.all())

    @staticmethod
    def resolve_category_name(obj) -> str | None:
        return obj.category.name if obj.category else None

    @staticmethod
    def resolve_theme_name(obj) -> str | None:
        return obj.theme.name if obj.theme else None


class OptOutFormPageOut(PageOut):
    items: list[OptOutFormOut]


class OptOutFormQuery(PageQuery):
    search: Search = ""
    sort: Literal[tuple(OPTOUT_SORT_CHOICES)] = "name"


# --- the recipient's page -------------------------------------------------------------


class OptOutPageQuery(CamelSchema):
    token: Token


class OptOutPageIn(CamelSchema):
    token: Token
    reason: Reason = ""
    group_ids: Annotated[list[Id], Field(max_length=100)] = []


class OptOutPageOut(CamelSchema):
    email_hint: str
    client_name: str
    unsubscribed: bool
    preferences_token: str
    heading: str
    intro: str
    reasons: list[str]
    groups: list[OptOutGroupOut]
    button_text: str
    theme_css: str
    thank_you_html: str
