"""Reads of the file manager: the folder tree, one folder, one file, a page of files, and
the file behind a public address. Other apps (the template designer) list files through
the API, or through `file_list` and `file_public_url` here."""

import base64
import re
from urllib.parse import unquote, urlsplit

from django.db.models import Count, QuerySet
from django.db.models.functions import Lower

from core.errors import NotFound
from core.folder_tree import FolderNode, folder_nodes
from marketing.files.messages import FILE_NOT_FOUND, FOLDER_NOT_FOUND
from marketing.files.models import FileFolder, StoredFile
from marketing.files.storage import (
    file_public_url,  # noqa: F401 - part of the surface
    files_storage,
)

FILE_SORTS = {
    "name": ("name_lower", "id"),  # names sort whatever their case
    "size": ("size", "id"),
    "dateCreated": ("created_at", "id"),
}
FILE_SORT_CHOICES = [*FILE_SORTS, *(f"-{key}" for key in FILE_SORTS)]


def folder_get(*, folder_id: int) -> FileFolder:
    folder = FileFolder.objects.select_related("parent").filter(pk=folder_id).first()
    if folder is None:
        raise NotFound(FOLDER_NOT_FOUND)
    return folder


def folder_or_root(folder_id: int | None) -> FileFolder | None:
    """None (the root) for no id; a folder of this client, or 404."""
    return None if folder_id is None else folder_get(folder_id=folder_id)


def folder_tree() -> list[FolderNode]:
    """Every folder of the client, nested, each level sorted by name."""
    rows = FileFolder.objects.annotate(file_count=Count("files"))
    roots, _ = folder_nodes(
        FolderNode(row.pk, row.name, row.parent_id, row.file_count, row.created_at) for row in rows
    )
    return roots


def file_get(*, file_id: int) -> StoredFile:
    stored = StoredFile.objects.filter(pk=file_id).first()
    if stored is None:
        raise NotFound(FILE_NOT_FOUND)
    return stored


def file_list(
    *, folder: FileFolder | None, all_folders: bool = False, search: str = "", sort: str
) -> QuerySet[StoredFile]:
    """A folder's files (the root's with folder None), or every file with `all_folders`;
    `search` matches names case-insensitively anywhere in them (spec 5.1)."""
    files = StoredFile.objects.all()
    if not all_folders:
        files = files.filter(folder=folder)
    if search:
        files = files.filter(name__icontains=search)
    if sort.removeprefix("-") == "name":
        files = files.annotate(name_lower=Lower("name"))
    descending = sort.startswith("-")
    columns = FILE_SORTS[sort.removeprefix("-")]
    return files.order_by(*(f"-{c}" if descending else c for c in columns))


def file_by_key(*, key, url_name: str) -> StoredFile | None:
    """The file at a public address of this client, or None."""
    stored = StoredFile.objects.filter(key=key).first()
    if stored is None or stored.url_name != url_name:
        return None
    return stored


_FILE_ADDRESS = re.compile(
    r"/files/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})/([^/]+)$"
)
DATA_URI_MAX_BYTES = 4 * 1024 * 1024


def file_data_uri_for_url(url: str) -> str | None:
    """A file of this client named by its public address (local or S3: the address ends in
    /files/<key>/<name>) as a data: URI, for renderers that must fetch nothing (content's
    thumbnails); None for any other address. (Added by the content helper, issue 11.)"""
    path = urlsplit(url.strip()).path if url else ""
    match = _FILE_ADDRESS.search(unquote(path))
    if match is None:
        return None
    stored = file_by_key(key=match.group(1).lower(), url_name=match.group(2))
    if stored is None or stored.size > DATA_URI_MAX_BYTES:
        return None
    try:
        with files_storage().open(stored.storage_name, "rb") as handle:
            data = handle.read(DATA_URI_MAX_BYTES + 1)
    except OSError:
        return None
    return f"data:{stored.content_type};base64,{base64.b64encode(data).decode()}"
