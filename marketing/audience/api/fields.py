from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import PageQuery, paginate
from core.responses import ERRORS
from marketing.audience.schemas.fields import (
    MergeFieldOut,
    MergeFieldQuery,
    ProfileFieldIn,
    ProfileFieldOut,
    ProfileFieldPageOut,
    ProfileFieldPatch,
    RepIn,
    RepOut,
    RepsListOut,
)
from marketing.audience.selectors.fields import (
    merge_field_list,
    profile_field_get,
    profile_field_list,
)
from marketing.audience.selectors.reps import rep_list
from marketing.audience.services.fields import (
    profile_field_create,
    profile_field_delete,
    profile_field_update,
)
from marketing.audience.services.reps import rep_upsert

router = Router(tags=["audience"])


@router.get("/mm/profile-fields", response={200: ProfileFieldPageOut, **ERRORS}, by_alias=True)
def profileFieldList(request: HttpRequest, query: Query[PageQuery]):
    return paginate(profile_field_list(), page=query.page, page_size=query.pageSize)


@router.post("/mm/profile-fields", response={201: ProfileFieldOut, **ERRORS}, by_alias=True)
def profileFieldCreate(request: HttpRequest, data: ProfileFieldIn):
    return Status(201, profile_field_create(**data.model_dump()))


@router.patch(
    "/mm/profile-fields/{int:field_id}", response={200: ProfileFieldOut, **ERRORS}, by_alias=True
)
def profileFieldUpdate(request: HttpRequest, field_id: int, data: ProfileFieldPatch):
    field = profile_field_get(field_id=field_id)
    return profile_field_update(field=field, **data.model_dump(exclude_none=True))


@router.delete("/mm/profile-fields/{int:field_id}", response={204: None, **ERRORS})
def profileFieldDelete(request: HttpRequest, field_id: int):
    profile_field_delete(field=profile_field_get(field_id=field_id))
    return Status(204, None)


@router.get("/getFields", response={200: list[MergeFieldOut], **ERRORS}, by_alias=True)
def getFields(request: HttpRequest, query: Query[MergeFieldQuery]):
    return merge_field_list(field_types=query.types())


@router.get("/getRepsList", response={200: RepsListOut, **ERRORS}, by_alias=True)
def getRepsList(request: HttpRequest):
    return {"reps_list": list(rep_list())}


@router.post("/mm/reps", response={200: RepOut, 201: RepOut, **ERRORS}, by_alias=True)
def repSave(request: HttpRequest, data: RepIn):
    rep, created = rep_upsert(**data.model_dump())
    return Status(201 if created else 200, rep)
