from urllib.parse import urlencode

from django.http import FileResponse, HttpRequest
from ninja import File, Form, Query, Router, Status, UploadedFile

from core.pagination import paginate
from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.audience.schemas.exports import DownloadLinkOut
from marketing.audience.schemas.imports import (
    ImportKindIn,
    ImportListQuery,
    ImportOut,
    ImportPageOut,
    ImportStartIn,
    ImportUploadOut,
    import_out,
    import_upload_out,
)
from marketing.audience.services import imports as service
from marketing.audience.services.imports.reading import CHUNK_BYTES
from marketing.jobs.schemas import JobIdOut
from tenants.access import authorize_choice, authorize_owner_or_admin
from tenants.tokens import download_token_issue

router = Router(tags=["imports"])


@router.post("/mm/imports", response={201: ImportUploadOut, **ERRORS_WITH_CONFLICT})
def importUpload(
    request: HttpRequest, file: File[UploadedFile], kind: Form[ImportKindIn] = "subscribers"
):
    authorize_choice(request.auth, request.operation_gate, kind)
    record, extra = service.import_upload(
        name=file.name or "",
        size=file.size or 0,
        chunks=lambda: file.chunks(CHUNK_BYTES),
        kind=kind,
        created_by_id=request.auth.user_id,
    )
    return Status(201, import_upload_out(record, extra))


@router.get("/mm/imports/{import_id}/inspection", response={200: ImportUploadOut, **ERRORS})
def importInspection(request: HttpRequest, import_id: int):
    """What the wizard polls after an .xlsx upload until the worker has read the file.
    Gated like the upload, for its uploader or an admin: the sample is the file's data."""
    record = service.import_get(import_id)
    authorize_choice(request.auth, request.operation_gate, record.kind)
    authorize_owner_or_admin(request.auth, owner_id=record.created_by_id)
    return import_upload_out(record, service.import_preview(record))


@router.post("/mm/imports/{import_id}/start", response={202: JobIdOut, **ERRORS_WITH_CONFLICT})
def importStart(request: HttpRequest, import_id: int, data: ImportStartIn):
    authorize_choice(request.auth, request.operation_gate, service.import_get(import_id).kind)
    record = service.import_start(
        import_id=import_id,
        mapping=data.mapping,
        checkbox_separator=data.checkboxSeparator or "",
        group_ids=data.groupIds,
        tag_ids=data.tagIds,
        empty_cells_clear=data.emptyCellsClear,
        started_by_id=request.auth.user_id,
        started_by_email=request.auth.email,
    )
    return Status(202, {"jobId": record.job_id})


@router.get("/mm/imports", response={200: ImportPageOut, **ERRORS_WITH_CONFLICT}, by_alias=True)
def importList(request: HttpRequest, query: Query[ImportListQuery]):
    result = paginate(
        service.import_list(kind=query.kind), page=query.page, page_size=query.pageSize
    )
    result["items"] = [import_out(record) for record in result["items"]]
    return result


@router.get("/mm/imports/{import_id}", response={200: ImportOut, **ERRORS_WITH_CONFLICT})
def importGet(request: HttpRequest, import_id: int):
    return import_out(service.import_get(import_id))


def _error_report(request: HttpRequest, import_id: int):
    """An import's rejected rows, gated like the import itself: its kind's action type,
    and its starter or an admin."""
    record = service.import_get(import_id)
    authorize_choice(request.auth, request.operation_gate, record.kind)
    authorize_owner_or_admin(request.auth, owner_id=record.created_by_id)
    return record, service.import_errors_path(record)


@router.get("/mm/imports/{import_id}/errors", response={200: None, **ERRORS_WITH_CONFLICT})
def importErrors(request: HttpRequest, import_id: int):
    record, path = _error_report(request, import_id)
    return FileResponse(
        open(path, "rb"),  # noqa: SIM115 - FileResponse closes it
        as_attachment=True,
        filename=f"import-{record.pk}-errors.csv",
        content_type="text/csv; charset=utf-8",
    )


@router.post(
    "/mm/imports/{import_id}/errors/link", response={200: DownloadLinkOut, **ERRORS_WITH_CONFLICT}
)
def importErrorsLink(request: HttpRequest, import_id: int):
    """A link to the error report that a browser can follow without a header: it carries
    a single-use token that works for a minute."""
    _error_report(request, import_id)
    path = f"/api/mm/imports/{import_id}/errors"
    token = download_token_issue(
        session_key=request.session.session_key,
        client_id=request.tenant.pk,
        user_id=request.auth.user_id,
        path=path,
    )
    return {"url": f"{path}?{urlencode({'token': token})}"}
