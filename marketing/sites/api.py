"""The landing pages API (gates: config/operation_gates.py): /landingpages's list, the
designer's page (/createlp) with its versions, publish and unpublish (spec 4), copy and
delete, and POST /api/ppAssociatedLps (spec 7). Instants are answered in the client's
time zone."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, localise
from core.pages import pages_path, pages_url
from core.pagination import paginate
from core.responses import ERRORS
from marketing.sites import selectors
from marketing.sites.models import LandingPage
from marketing.sites.schemas import (
    AssociatedIn,
    AssociatedOut,
    AssociatedQuery,
    LandingPageOut,
    PageIn,
    PageListOut,
    PagePatch,
    PageQueryIn,
    RollBackIn,
    VersionContentOut,
    VersionListOut,
)
from marketing.sites.services.pages import (
    page_copy,
    page_create,
    page_delete,
    page_publish,
    page_roll_back,
    page_save,
    page_unpublish,
)

router = Router(tags=["landing pages"])
INSTANTS = ("published_at", "created_at", "updated_at")


def _pages(pages: list[LandingPage]) -> list[LandingPage]:
    zone = client_zone()
    visits = selectors.page_visits(page_ids=[page.pk for page in pages])
    for page in pages:
        localise(page, INSTANTS, zone)
        if page.current_version is not None:
            localise(page.current_version, ("created_at",), zone)
        version = page.published_version
        page.published_number = version.number if version else None
        page.public_path = pages_path(connection.schema_name, f"/{page.slug}")
        page.public_url = pages_url(connection.schema_name, f"/{page.slug}")
        page.visits, page.unique_visits = visits.get(page.pk, (0, 0))
    return pages


def _one(page: LandingPage) -> LandingPage:
    return _pages([page])[0]


def _values(data) -> tuple[dict, dict | None]:
    raw = data.model_dump(exclude_unset=True, exclude={"content"})
    values = {k: v for k, v in raw.items() if v is not None}
    content = data.content.model_dump(by_alias=False) if data.content is not None else None
    if content is not None:
        content["settings"] = data.content.settings.model_dump(by_alias=True)
    return values, content


@router.get("/mm/landingPages", response={200: PageListOut, **ERRORS}, by_alias=True)
def landingPageList(request: HttpRequest, query: Query[PageQueryIn]):
    """/landingpages: searched (name contains, any case), sorted, by type and status."""
    pages = selectors.page_list(
        search=query.search, sort=query.sort, page_type=query.type, status=query.status
    )
    page = paginate(pages, page=query.page, page_size=query.pageSize)
    page["items"] = _pages(page["items"])
    return page


@router.post("/mm/landingPages", response={201: LandingPageOut, **ERRORS}, by_alias=True)
def landingPageCreate(request: HttpRequest, data: PageIn):
    values, content = _values(data)
    return Status(201, _one(page_create(member=request.auth, values=values, content=content)))


@router.get(
    "/mm/landingPages/{int:page_id}", response={200: LandingPageOut, **ERRORS}, by_alias=True
)
def landingPageGet(request: HttpRequest, page_id: int):
    return _one(selectors.page_get(page_id=page_id))


@router.patch(
    "/mm/landingPages/{int:page_id}", response={200: LandingPageOut, **ERRORS}, by_alias=True
)
def landingPageSave(request: HttpRequest, page_id: int, data: PagePatch):
    """The designer's save: with `content`, a new version (the live one unchanged until
    the next publish)."""
    values, content = _values(data)
    page = page_save(member=request.auth, page_id=page_id, values=values, content=content)
    return _one(page)


@router.delete("/mm/landingPages/{int:page_id}", response={204: None, **ERRORS})
def landingPageDelete(request: HttpRequest, page_id: int):
    page_delete(member=request.auth, page_id=page_id)
    return Status(204, None)


@router.post(
    "/mm/landingPages/{int:page_id}/copy", response={201: LandingPageOut, **ERRORS}, by_alias=True
)
def landingPageCopy(request: HttpRequest, page_id: int):
    return Status(201, _one(page_copy(member=request.auth, page_id=page_id)))


@router.post(
    "/mm/landingPages/{int:page_id}/publish",
    response={200: LandingPageOut, **ERRORS},
    by_alias=True,
)
def landingPagePublish(request: HttpRequest, page_id: int):
    return _one(page_publish(member=request.auth, page_id=page_id))


@router.post(
    "/mm/landingPages/{int:page_id}/unpublish",
    response={200: LandingPageOut, **ERRORS},
    by_alias=True,
)
def landingPageUnpublish(request: HttpRequest, page_id: int):
    return _one(page_unpublish(member=request.auth, page_id=page_id))


@router.get(
    "/mm/landingPages/{int:page_id}/versions",
    response={200: VersionListOut, **ERRORS},
    by_alias=True,
)
def landingPageVersions(request: HttpRequest, page_id: int):
    zone = client_zone()
    versions = list(selectors.page_versions(page_id=page_id)[:100])
    for version in versions:
        localise(version, ("created_at",), zone)
    return {"items": versions}


@router.get(
    "/mm/landingPages/{int:page_id}/versions/{int:version_id}",
    response={200: VersionContentOut, **ERRORS},
    by_alias=True,
)
def landingPageVersionGet(request: HttpRequest, page_id: int, version_id: int):
    """One version's content: the designer's preview of it (shown in a sandboxed frame)."""
    selectors.page_get(page_id=page_id)
    version = selectors.page_version_get(page_id=page_id, version_id=version_id)
    localise(version, ("created_at",), client_zone())
    return version


@router.post(
    "/mm/landingPages/{int:page_id}/rollBack",
    response={200: LandingPageOut, **ERRORS},
    by_alias=True,
)
def landingPageRollBack(request: HttpRequest, page_id: int, data: RollBackIn):
    page = page_roll_back(member=request.auth, page_id=page_id, version_id=data.version_id)
    return _one(page)


@router.post("/ppAssociatedLps", response={200: AssociatedOut, **ERRORS})
def ppAssociatedLps(request: HttpRequest, data: AssociatedIn, query: Query[AssociatedQuery]):
    """Spec 7: the published landing pages that link the pop-up page `lpId`."""
    pages = selectors.popup_associated(popup_id=data.lpId)
    return {"ppAssociatedLps": [{"status": p.status, "lpName": p.name} for p in pages]}
