"""The files API's contract: camelCase on the wire; a file as spec 3 names it (name, type,
size, dateCreated, filePath), `filePath` being its public address."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.files.selectors import FILE_SORT_CHOICES

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


# Lengths and emptiness are the services' rules (their messages); this only bounds the body.
FileNameText = Annotated[str, StringConstraints(max_length=1000), AfterValidator(_no_nul)]


class FileFolderIn(Schema):
    name: FileNameText
    parentId: Id | None = None  # noqa: N815 - wire names


class FileNameIn(Schema):
    name: FileNameText


class FileUploadForm(Schema):
    folderId: Id | None = None  # noqa: N815 - None: the root


class FileMoveIn(Schema):
    folderId: Id | None = None  # noqa: N815 - None: the root


class FileFolderOut(CamelSchema):
    id: int
    name: str
    parent_id: int | None
    file_count: int
    date_created: datetime = Field(validation_alias="created_at")


class FileFolderNodeOut(FileFolderOut):
    file_count: int = Field(validation_alias="count")
    subfolders: list["FileFolderNodeOut"]


class FileFolderTreeOut(Schema):
    folders: list[FileFolderNodeOut]


class FileFolderChangeOut(Schema):
    """Spec 8: a folder's rename or delete answers the message the toast shows."""

    message: str
    folder: FileFolderOut | None = None


class FileQuery(PageQuery):
    folderId: Id | None = None  # noqa: N815 - None: the root
    allFolders: bool = False  # noqa: N815 - every folder's files (the search everywhere)
    search: Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)] = ""
    sort: Literal[tuple(FILE_SORT_CHOICES)] = "-dateCreated"


class FileOut(CamelSchema):
    id: int
    name: str
    type: str = Field(validation_alias="content_type")
    size: int
    width: int
    height: int
    folder_id: int | None
    date_created: datetime = Field(validation_alias="created_at")
    created_by_email: str
    file_path: str  # the public address (an email's <img src>)


class FilePageOut(PageOut):
    items: list[FileOut]
