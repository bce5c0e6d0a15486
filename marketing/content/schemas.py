"""The content API's contract (docs: /tmp brief "content API", issue 11): camelCase on
the wire; folders keep the spec's `_id`."""

from datetime import datetime
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.content.models import TemplateType
from marketing.content.selectors import BLOCK_SORTS, TEMPLATE_SORTS
from marketing.rendering.services import links_check

TemplateTypeName = Literal[tuple(TemplateType.values)]
Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


# Names are checked by the services (spec wording for empty, too long, taken).
Name = Annotated[str, StringConstraints(max_length=1000)]
Line = Annotated[str, StringConstraints(max_length=255), AfterValidator(_no_nul)]
Search = Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)]
# Sizes are checked by the services (HTML_MAX_BYTES); text is capped here.
Html = Annotated[str, AfterValidator(_no_nul)]
Text = Annotated[str, StringConstraints(max_length=1_000_000), AfterValidator(_no_nul)]
Colour = Annotated[str, StringConstraints(max_length=20)]


# --- folders ---------------------------------------------------------------------------


class FolderTreeQuery(Schema):
    type: TemplateTypeName
    folderId: Id | None = None  # noqa: N815 - wire names
    folderPath: Annotated[str, StringConstraints(max_length=500)] = ""  # noqa: N815
    source: Annotated[str, StringConstraints(max_length=50)] = ""
    sortCriteria: Literal["name", "dateCreated"] = "name"  # noqa: N815
    sortOrder: Literal["asc", "desc"] = "asc"  # noqa: N815


class FolderNodeOut(Schema):
    id: int = Field(validation_alias="id", serialization_alias="_id")
    name: str
    path: str
    templateCount: int = Field(validation_alias="count")  # noqa: N815
    subfolders: list["FolderNodeOut"]


class FolderTreeOut(Schema):
    status: int = 1
    folders: list[FolderNodeOut]


class FolderIn(Schema):
    name: Name
    type: TemplateTypeName
    parentId: Id | None = None  # noqa: N815


class FolderOut(CamelSchema):
    id: int
    name: str
    type: str = Field(validation_alias="folder_type")
    parent_id: int | None
    created_at: datetime


class FolderRenameIn(Schema):
    folderId: Id  # noqa: N815
    newName: Name  # noqa: N815


class FolderDeleteIn(Schema):
    folderId: Id  # noqa: N815


class StatusMessageOut(Schema):
    """Folder rename and delete (spec 7): the screen shows `message` as a toast; a refusal
    answers 400 with status 0 (and `errors` by field)."""

    status: int
    message: str
    errors: dict[str, list[str]] = {}


class StatusRefusalOut(StatusMessageOut):
    """The 400 of the same calls: status 0 with the message; a body that cannot be read at
    all gets the API's common refusal, which carries no status."""

    status: int = 0


# --- templates -------------------------------------------------------------------------


class TemplateQuery(PageQuery):
    type: TemplateTypeName | None = None
    folderId: Id | None = None  # noqa: N815
    search: Search = ""
    sort: Literal[tuple(TEMPLATE_SORTS)] = "-updatedAt"


class TemplateOut(CamelSchema):
    id: int
    name: str
    type: TemplateTypeName = Field(validation_alias="template_type")
    folder_id: int | None
    thumbnail_url: str | None
    created_at: datetime
    updated_at: datetime
    created_by_email: str

    @staticmethod
    def resolve_thumbnail_url(obj) -> str | None:
        """Versioned, so a browser may keep it; null until the first one is made."""
        if not obj.thumbnail_key:
            return None
        return f"/api/mm/templates/{obj.pk}/thumbnail?v={obj.thumbnail_version}"


class TemplatePageOut(PageOut):
    items: list[TemplateOut]


class LinkProblemOut(CamelSchema):
    index: int
    url: str
    text: str
    message: str


class TemplateDetailOut(TemplateOut):
    subject: str
    preview_text: str
    html: str
    text: str
    project_data: Any = None  # the designer's project (an object), as saved, or null
    version: int
    updated_by_email: str
    # The HTML's links that will not work (spec 5.1 protocols), shown beside the editor.
    link_problems: list[LinkProblemOut] = []

    @staticmethod
    def resolve_link_problems(template) -> list:
        return links_check(template.html) if template.html else []


class TemplateIn(Schema):
    name: Name
    type: TemplateTypeName
    folderId: Id | None = None  # noqa: N815
    subject: Line = ""
    previewText: Line = ""  # noqa: N815
    html: Html = ""
    text: Text = ""
    projectData: dict[str, Any] | None = None  # noqa: N815


class TemplatePatch(Schema):
    name: Name | None = None
    type: TemplateTypeName | None = None
    folderId: Id | None = None  # noqa: N815 - null takes the template out of its folder
    subject: Line | None = None
    previewText: Line | None = None  # noqa: N815
    html: Html | None = None
    text: Text | None = None
    projectData: dict[str, Any] | None = None  # noqa: N815


class TemplateMoveIn(Schema):
    folderId: Id | None = None  # noqa: N815 - null: out of every folder


class ThumbnailIn(Schema):
    templateId: Id  # noqa: N815
    generateTempThumbnail: bool = False  # noqa: N815 - spec 7; every thumbnail is kept
    source: Annotated[str, StringConstraints(max_length=50)] = ""


class PreviewQuery(Schema):
    profileId: Id | None = None  # noqa: N815


class RenderedOut(Schema):
    subject: str
    html: str
    text: str


class PreviewLinkOut(Schema):
    url: str


class ExternalPreviewQuery(Schema):
    # Any text: whatever is wrong with it answers the spec's one message (previews.py).
    token: str = ""


class ExternalPreviewOut(RenderedOut):
    name: str


# --- headers and footers ---------------------------------------------------------------


class BlockQuery(PageQuery):
    search: Search = ""
    sort: Literal[tuple(BLOCK_SORTS)] = "name"


class HeaderOut(CamelSchema):
    id: int
    name: str
    html: str
    created_at: datetime
    updated_at: datetime
    created_by_email: str
    updated_by_email: str


class HeaderPageOut(PageOut):
    items: list[HeaderOut]


class HeaderIn(Schema):
    name: Name
    html: Html = ""


class HeaderPatch(Schema):
    name: Name | None = None
    html: Html | None = None


class FooterOut(HeaderOut):
    background_color: str
    font_color: str
    is_default: bool


class FooterPageOut(PageOut):
    items: list[FooterOut]


class FooterIn(HeaderIn):
    backgroundColor: Colour = "#ffffff"  # noqa: N815
    fontColor: Colour = "#000000"  # noqa: N815
    isDefault: bool = False  # noqa: N815


class FooterPatch(HeaderPatch):
    backgroundColor: Colour | None = None  # noqa: N815
    fontColor: Colour | None = None  # noqa: N815
    isDefault: bool | None = None  # noqa: N815


class AssociationQuery(Schema):
    id: Id


class AssociatedCampaignOut(Schema):
    CampaignName: str  # noqa: N815 - spec 7's names
    Status: str  # noqa: N815


class AssociatedCampaignsOut(Schema):
    associatedCampaigns: list[AssociatedCampaignOut]  # noqa: N815
