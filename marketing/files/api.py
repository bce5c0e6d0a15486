"""The files API (gates: config/operation_gates.py). Every body is capped at the largest
upload before it is read (`_body_cap`): an over-large image is refused without storing it."""

import functools

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from ninja import File, Form, Query, Router, Status, UploadedFile

from core.pagination import paginate
from core.responses import ERRORS, ErrorOut
from marketing.files import selectors
from marketing.files.messages import FILE_TOO_LARGE, FOLDER_DELETED, FOLDER_RENAMED
from marketing.files.schemas import (
    FileFolderChangeOut,
    FileFolderIn,
    FileFolderOut,
    FileFolderTreeOut,
    FileMoveIn,
    FileNameIn,
    FileOut,
    FilePageOut,
    FileQuery,
    FileUploadForm,
)
from marketing.files.services.files import file_delete, file_move, file_rename, file_upload
from marketing.files.services.folders import folder_create, folder_delete, folder_rename
from marketing.files.storage import file_public_url

# Room for the multipart envelope around the largest image (boundaries, part headers).
ENVELOPE_BYTES = 64 * 1024


def _body_cap(run):
    """The API's own cap (core/body_limit.py) fits a profile import; this router's is the
    largest image, checked on the declared length before ninja parses a byte."""

    @functools.wraps(run)
    def capped(request, **kwargs):
        declared = request.META.get("CONTENT_LENGTH") or "0"
        limit = settings.FILES_MAX_UPLOAD_BYTES + ENVELOPE_BYTES
        if declared.isascii() and declared.isdigit() and int(declared) > limit:
            return JsonResponse({"message": FILE_TOO_LARGE, "errors": {}}, status=413)
        return run(request, **kwargs)

    return capped


router = Router(tags=["files"])
router.add_decorator(_body_cap, mode="view")
UPLOAD_ERRORS = {**ERRORS, 413: ErrorOut}


def _with_path(request: HttpRequest, stored):
    stored.file_path = file_public_url(stored, site_root=request.build_absolute_uri("/"))
    return stored


@router.get("/mm/files/folders", response={200: FileFolderTreeOut, **ERRORS}, by_alias=True)
def fileFolderList(request: HttpRequest):
    return {"folders": selectors.folder_tree()}


@router.post("/mm/files/folders", response={201: FileFolderOut, **ERRORS}, by_alias=True)
def fileFolderCreate(request: HttpRequest, data: FileFolderIn):
    folder = folder_create(
        member=request.auth, name=data.name, parent=selectors.folder_or_root(data.parentId)
    )
    folder.file_count = 0
    return Status(201, folder)


@router.patch(
    "/mm/files/folders/{int:folder_id}",
    response={200: FileFolderChangeOut, **ERRORS},
    by_alias=True,
)
def fileFolderRename(request: HttpRequest, folder_id: int, data: FileNameIn):
    folder = folder_rename(folder=selectors.folder_get(folder_id=folder_id), name=data.name)
    folder.file_count = folder.files.count()
    return {"message": FOLDER_RENAMED, "folder": folder}


@router.delete(
    "/mm/files/folders/{int:folder_id}",
    response={200: FileFolderChangeOut, **ERRORS},
    by_alias=True,
)
def fileFolderDelete(request: HttpRequest, folder_id: int):
    folder_delete(folder=selectors.folder_get(folder_id=folder_id))
    return {"message": FOLDER_DELETED}


@router.get("/mm/files", response={200: FilePageOut, **ERRORS}, by_alias=True)
def fileList(request: HttpRequest, query: Query[FileQuery]):
    files = selectors.file_list(
        folder=None if query.allFolders else selectors.folder_or_root(query.folderId),
        all_folders=query.allFolders,
        search=query.search,
        sort=query.sort,
    )
    page = paginate(files, page=query.page, page_size=query.pageSize)
    page["items"] = [_with_path(request, stored) for stored in page["items"]]
    return page


@router.post("/mm/files", response={201: FileOut, **UPLOAD_ERRORS}, by_alias=True)
def fileUpload(request: HttpRequest, file: File[UploadedFile], form: Form[FileUploadForm]):
    folder = selectors.folder_or_root(form.folderId)
    stored = file_upload(member=request.auth, upload=file, folder=folder)
    return Status(201, _with_path(request, stored))


@router.get("/mm/files/{int:file_id}", response={200: FileOut, **ERRORS}, by_alias=True)
def fileGet(request: HttpRequest, file_id: int):
    return _with_path(request, selectors.file_get(file_id=file_id))


@router.patch("/mm/files/{int:file_id}", response={200: FileOut, **ERRORS}, by_alias=True)
def fileRename(request: HttpRequest, file_id: int, data: FileNameIn):
    stored = file_rename(stored=selectors.file_get(file_id=file_id), name=data.name)
    return _with_path(request, stored)


@router.post("/mm/files/{int:file_id}/move", response={200: FileOut, **ERRORS}, by_alias=True)
def fileMove(request: HttpRequest, file_id: int, data: FileMoveIn):
    stored = file_move(
        stored=selectors.file_get(file_id=file_id), folder=selectors.folder_or_root(data.folderId)
    )
    return _with_path(request, stored)


@router.delete("/mm/files/{int:file_id}", response={204: None, **ERRORS})
def fileDelete(request: HttpRequest, file_id: int):
    file_delete(stored=selectors.file_get(file_id=file_id))
    return Status(204, None)
