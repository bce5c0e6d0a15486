"""The content API: template folders and templates (gates: config/operation_gates.py).
Headers and footers are in blocks_api.py, mounted here."""

from django.http import HttpRequest, HttpResponse
from ninja import File, Form, Query, Router, Status
from ninja.files import UploadedFile

from core.errors import ValidationFailed
from core.pagination import paginate
from core.responses import ERRORS, ErrorOut
from marketing.content import selectors
from marketing.content.blocks_api import router as blocks_router
from marketing.content.messages import FOLDER_DELETED, FOLDER_RENAMED, UNSUPPORTED_FILE
from marketing.content.schemas import (
    ExternalPreviewOut,
    ExternalPreviewQuery,
    FolderDeleteIn,
    FolderIn,
    FolderOut,
    FolderRenameIn,
    FolderTreeOut,
    FolderTreeQuery,
    PreviewLinkOut,
    PreviewQuery,
    RenderedOut,
    StatusMessageOut,
    StatusRefusalOut,
    TemplateDetailOut,
    TemplateIn,
    TemplateMoveIn,
    TemplatePageOut,
    TemplatePatch,
    TemplateQuery,
    ThumbnailIn,
)
from marketing.content.services import folders, previews, templates, thumbnails
from marketing.jobs.schemas import JobIdOut

router = Router(tags=["content"])
router.add_router("", blocks_router)
STATUS_MESSAGE = {**ERRORS, 200: StatusMessageOut, 400: StatusRefusalOut}


def _status_message(call, message: str):
    """Spec 7: rename and delete answer {status, message}; a refusal 400 with status 0."""
    try:
        call()
    except ValidationFailed as exc:
        return Status(400, {"status": 0, "message": exc.message, "errors": exc.errors})
    return {"status": 1, "message": message}


# --- folders ---------------------------------------------------------------------------


@router.get("/getTemplateFolders", response={200: FolderTreeOut, **ERRORS}, by_alias=True)
def getTemplateFolders(request: HttpRequest, query: Query[FolderTreeQuery]):
    tree = selectors.folder_tree(
        folder_type=query.type,
        folder_id=query.folderId,
        folder_path=query.folderPath,
        sort=query.sortCriteria,
        descending=query.sortOrder == "desc",
    )
    return {"status": 1, "folders": tree}


@router.post("/mm/templateFolders", response={201: FolderOut, **ERRORS}, by_alias=True)
def templateFolderCreate(request: HttpRequest, data: FolderIn):
    folder = folders.folder_create(
        member=request.auth, name=data.name, folder_type=data.type, parent_id=data.parentId
    )
    return Status(201, folder)


@router.post("/renameTemplateFolder", response=STATUS_MESSAGE)
def renameTemplateFolder(request: HttpRequest, data: FolderRenameIn):
    folder = selectors.folder_get(folder_id=data.folderId)
    return _status_message(
        lambda: folders.folder_rename(folder=folder, new_name=data.newName), FOLDER_RENAMED
    )


@router.post("/deleteTemplateFolder", response=STATUS_MESSAGE)
def deleteTemplateFolder(request: HttpRequest, data: FolderDeleteIn):
    folder = selectors.folder_get(folder_id=data.folderId)
    return _status_message(lambda: folders.folder_delete(folder=folder), FOLDER_DELETED)


# --- templates -------------------------------------------------------------------------


@router.get("/mm/templates", response={200: TemplatePageOut, **ERRORS}, by_alias=True)
def templateList(request: HttpRequest, query: Query[TemplateQuery]):
    found = selectors.template_list(
        template_type=query.type, folder_id=query.folderId, search=query.search, sort=query.sort
    )
    return paginate(found, page=query.page, page_size=query.pageSize)


@router.post("/mm/templates", response={201: TemplateDetailOut, **ERRORS}, by_alias=True)
def templateCreate(request: HttpRequest, data: TemplateIn):
    template = templates.template_create(
        member=request.auth,
        name=data.name,
        template_type=data.type,
        folder_id=data.folderId,
        subject=data.subject,
        preview_text=data.previewText,
        html=data.html,
        text=data.text,
        project_data=data.projectData,
    )
    return Status(201, template)


@router.get(
    "/mm/templates/{int:template_id}", response={200: TemplateDetailOut, **ERRORS}, by_alias=True
)
def templateGet(request: HttpRequest, template_id: int):
    return selectors.template_get(template_id=template_id)


@router.patch(
    "/mm/templates/{int:template_id}", response={200: TemplateDetailOut, **ERRORS}, by_alias=True
)
def templateUpdate(request: HttpRequest, template_id: int, data: TemplatePatch):
    # null clears a folder or a project; an absent field changes nothing.
    given = data.model_fields_set
    optional = {"folder_id": data.folderId} if "folderId" in given else {}
    if "projectData" in given:
        optional["project_data"] = data.projectData
    return templates.template_update(
        template=selectors.template_get(template_id=template_id),
        member=request.auth,
        name=data.name,
        template_type=data.type,
        subject=data.subject,
        preview_text=data.previewText,
        html=data.html,
        text=data.text,
        **optional,
    )


@router.delete("/mm/templates/{int:template_id}", response={204: None, **ERRORS})
def templateDelete(request: HttpRequest, template_id: int):
    templates.template_delete(template=selectors.template_get(template_id=template_id))
    return Status(204, None)


@router.post(
    "/mm/templates/{int:template_id}/duplicate",
    response={201: TemplateDetailOut, **ERRORS},
    by_alias=True,
)
def templateDuplicate(request: HttpRequest, template_id: int):
    template = selectors.template_get(template_id=template_id)
    return Status(201, templates.template_duplicate(template=template, member=request.auth))


@router.post(
    "/mm/templates/{int:template_id}/move",
    response={200: TemplateDetailOut, **ERRORS},
    by_alias=True,
)
def templateMove(request: HttpRequest, template_id: int, data: TemplateMoveIn):
    return templates.template_move(
        template=selectors.template_get(template_id=template_id),
        member=request.auth,
        folder_id=data.folderId,
    )


@router.post("/htmlUpload", response={201: TemplateDetailOut, **ERRORS}, by_alias=True)
def htmlUpload(
    request: HttpRequest,
    file: File[UploadedFile],
    name: Form[str | None] = None,
    folderId: Form[int | None] = None,  # noqa: N803 - wire name
):
    if file.size is None or file.size > templates.HTML_MAX_BYTES:
        raise ValidationFailed(UNSUPPORTED_FILE, errors={"file": [UNSUPPORTED_FILE]})
    template = templates.html_upload(
        member=request.auth,
        file_name=file.name or "",
        content_type=file.content_type or "",
        data=file.read(templates.HTML_MAX_BYTES + 1),
        name=name,
        folder_id=folderId,
    )
    return Status(201, template)


@router.post("/generateThumbnail", response={202: JobIdOut, **ERRORS})
def generateThumbnail(request: HttpRequest, data: ThumbnailIn):
    template = selectors.template_get(template_id=data.templateId)
    job = thumbnails.thumbnail_start(template=template, member=request.auth)
    return Status(202, {"jobId": job.pk})


@router.get(
    "/mm/templates/{int:template_id}/thumbnail",
    response={200: None, 404: ErrorOut, **ERRORS},
)
def templateThumbnail(request: HttpRequest, template_id: int):
    png = thumbnails.thumbnail_read(selectors.template_get(template_id=template_id))
    response = HttpResponse(png, content_type="image/png")
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "private, max-age=86400"
    return response


@router.get("/mm/templates/{int:template_id}/preview", response={200: RenderedOut, **ERRORS})
def templatePreview(request: HttpRequest, template_id: int, query: Query[PreviewQuery]):
    template = selectors.template_get(template_id=template_id)
    return previews.template_rendered(template, profile_id=query.profileId)


@router.post(
    "/mm/templates/{int:template_id}/previewLink", response={200: PreviewLinkOut, **ERRORS}
)
def templatePreviewLink(request: HttpRequest, template_id: int):
    template = selectors.template_get(template_id=template_id)
    return {"url": previews.preview_link_make(template)}


@router.get(
    "/external/previewTemplate", auth=None, response={200: ExternalPreviewOut, 400: ErrorOut}
)
def externalPreviewTemplate(request: HttpRequest, query: Query[ExternalPreviewQuery]):
    template = previews.preview_link_open(query.token)
    rendered = previews.template_rendered(template)
    return {
        "name": template.name,
        "subject": rendered.subject,
        "html": rendered.html,
        "text": rendered.text,
    }
