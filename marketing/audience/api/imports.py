from django.http import FileResponse, HttpRequest
from ninja import File, Form, Query, Router, Status, UploadedFile

from config.pagination import paginate
from config.responses import ERRORS_WITH_CONFLICT
from marketing.audience.schemas.imports import (
    ImportKindIn,
    ImportListQuery,
    ImportOut,
    ImportPageOut,
    ImportStartIn,
    ImportUploadOut,
    import_out,
)
from marketing.audience.services import imports as service
from marketing.audience.services.imports.reading import CHUNK_BYTES
from marketing.jobs.schemas import JobIdOut
from tenants.access import authorize

router = Router(tags=["imports"])


@router.post("/mm/imports", response={201: ImportUploadOut, **ERRORS_WITH_CONFLICT})
def imports_upload(
    request: HttpRequest, file: File[UploadedFile], kind: Form[ImportKindIn] = "subscribers"
):
    authorize(request.auth)
    record, extra = service.import_upload(
        name=file.name or "",
        size=file.size or 0,
        chunks=lambda: file.chunks(CHUNK_BYTES),
        kind=kind,
        created_by_id=request.auth.user_id,
    )
    return Status(
        201,
        {
            "id": record.pk,
            "kind": record.kind,
            "fileName": record.file_name,
            "headers": record.headers,
            **extra,
        },
    )


@router.post("/mm/imports/{import_id}/start", response={202: JobIdOut, **ERRORS_WITH_CONFLICT})
def imports_start(request: HttpRequest, import_id: int, data: ImportStartIn):
    authorize(request.auth)
    record = service.import_start(
        import_id=import_id,
        mapping=data.mapping,
        checkbox_separator=data.checkboxSeparator or "",
        group_ids=data.groupIds,
        tag_ids=data.tagIds,
        started_by_id=request.auth.user_id,
        started_by_email=request.auth.email,
    )
    return Status(202, {"jobId": record.job_id})


@router.get("/mm/imports", response={200: ImportPageOut, **ERRORS_WITH_CONFLICT}, by_alias=True)
def imports_list(request: HttpRequest, query: Query[ImportListQuery]):
    authorize(request.auth)
    result = paginate(
        service.import_list(kind=query.kind), page=query.page, page_size=query.pageSize
    )
    result["items"] = [import_out(record) for record in result["items"]]
    return result


@router.get("/mm/imports/{import_id}", response={200: ImportOut, **ERRORS_WITH_CONFLICT})
def imports_get(request: HttpRequest, import_id: int):
    authorize(request.auth)
    return import_out(service.import_get(import_id))


@router.get("/mm/imports/{import_id}/errors", response={200: None, **ERRORS_WITH_CONFLICT})
def imports_errors(request: HttpRequest, import_id: int):
    authorize(request.auth)
    record = service.import_get(import_id)
    path = service.import_errors_path(record)
    return FileResponse(
        open(path, "rb"),  # noqa: SIM115 - FileResponse closes it
        as_attachment=True,
        filename=f"import-{record.pk}-errors.csv",
        content_type="text/csv",
    )
