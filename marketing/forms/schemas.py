"""The forms API's contract: camelCase on the wire; the definition and a theme's styles are
definition.py's typed documents. A refused save or publish answers 400 {"message",
"errors"} whose keys say where (services/checking.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.forms.definition import FormDefinition, ThemeStyles
from marketing.forms.models import FormStatus, FormType
from marketing.forms.selectors import FORM_SORT_CHOICES


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
Type = Literal[tuple(FormType.values)]
Status = Literal[tuple(FormStatus.values)]


class FormFields(CamelSchema):
    """What a save may set; absent fields are left as they are. `themeId`,
    `disclaimerId` and `surveyPath` sent as null clear them."""

    name: _text(100) | None = None
    form_type: Type | None = None
    definition: FormDefinition | None = None
    survey_path: _text(100) | None = None
    theme_id: int | None = None
    disclaimer_id: int | None = None
    double_opt_in: bool | None = None
    # a progressive form's campaigns (spec 4): published and unpublished with the form
    campaign_ids: Annotated[list[int], Field(max_length=100)] | None = None


class FormIn(FormFields):
    name: _text(100) = ""
    form_type: Type


class FormPatch(FormFields):
    pass


class FormOut(CamelSchema):
    id: int
    name: str
    form_type: Type
    status: Status
    key: str
    public_path: str  # the public page's path on the pages host: /<client>/pf/<key>
    public_url: str  # where visitors open it (a survey at its URL path)
    survey_path: str | None
    definition: dict[str, Any]  # a FormDefinition (as saved)
    theme_id: int | None
    disclaimer_id: int | None
    double_opt_in: bool
    campaign_ids: list[int]
    locked: bool
    created_by_id: int | None
    created_by_email: str
    # the number of the version the public page serves
    published_version: int | None = Field(None, validation_alias="published_number")
    published_at: datetime | None
    created_at: datetime
    updated_at: datetime
    submission_count: int = 0


class FormPageOut(PageOut):
    items: list[FormOut]


class FormQuery(PageQuery):
    search: Search = ""
    sort: Literal[tuple(FORM_SORT_CHOICES)] = "-updatedAt"
    type: Type | None = None
    status: Status | None = None


class FormFieldQuery(Schema):
    search: Search = ""  # label contains, any case


class FormFieldChoiceOut(CamelSchema):
    """A profile field the builder's palette offers (the profile field registry): `key` as
    a definition's field key, `type` the only type it may have on a form."""

    key: str
    label: str
    type: Literal["text", "email", "number", "date", "radio", "dropdown", "checkbox"]
    options: list[str]


class FormFieldListOut(Schema):
    items: list[FormFieldChoiceOut]


class FormSubmissionOut(CamelSchema):
    id: int
    email: str
    payload: dict[str, Any]  # what the visitor typed: untrusted, shown escaped
    ip: str
    source_page: str
    version_number: int
    created_at: datetime
    processed_at: datetime | None
    confirmed_at: datetime | None
    set_aside_at: datetime | None
    failed_reason: str
    attempts: int
    profile_id: int | None


class FormSubmissionPageOut(PageOut):
    items: list[FormSubmissionOut]


class FormSubmissionQuery(PageQuery):
    pass


class FormThemeIn(Schema):
    name: _text(100) = ""
    styles: ThemeStyles = ThemeStyles()


class FormThemePatch(Schema):
    name: _text(100) | None = None
    styles: ThemeStyles | None = None


class FormThemeOut(CamelSchema):
    id: int
    name: str
    preset: bool
    styles: dict[str, Any]  # a ThemeStyles
    created_at: datetime
    updated_at: datetime


class FormThemeListOut(Schema):
    items: list[FormThemeOut]


class FormThemeQuery(Schema):
    search: Search = ""


class DisclaimerIn(Schema):
    name: _text(100) = ""
    text: Annotated[str, StringConstraints(max_length=20_000), AfterValidator(_no_nul)] = ""


class DisclaimerPatch(Schema):
    name: _text(100) | None = None
    text: Annotated[str, StringConstraints(max_length=20_000), AfterValidator(_no_nul)] | None = (
        None
    )


class DisclaimerVersionOut(CamelSchema):
    number: int
    text: str
    created_at: datetime


class DisclaimerOut(CamelSchema):
    id: int
    name: str
    current_version: int
    text: str  # the current version's (cleaned HTML)
    versions: list[DisclaimerVersionOut]  # newest first
    created_at: datetime
    updated_at: datetime


class DisclaimerListOut(Schema):
    items: list[DisclaimerOut]


class FormEmbedOut(CamelSchema):
    """/embeddedTrackingCode: the script tag and the frame for a website."""

    form_id: int
    name: str
    published: bool
    public_url: str
    pages_origin: str  # what a site's CSP lets in (script-src, frame-src)
    height: int  # pixels the snippet reserves
    popup: bool  # the form shows as a pop-up (its triggers are the published settings)
    script_snippet: str
    iframe_snippet: str
