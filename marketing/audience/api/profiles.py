from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.audience.schemas.profiles import (
    ProfileBulkIn,
    ProfileBulkOut,
    ProfileIn,
    ProfileListQuery,
    ProfileOut,
    ProfilePageOut,
    ProfilePatch,
)
from marketing.audience.selectors.profiles import (
    EXACT_COUNT_UP_TO,
    ProfileFilters,
    profile_get,
    profile_list,
)
from marketing.audience.services.profiles import (
    profile_create,
    profile_update,
    profiles_bulk_action,
)
from tenants.access import authorize_choice

router = Router(tags=["audience"])


@router.get("/mm/profiles", response={200: ProfilePageOut, **ERRORS}, by_alias=True)
def profileList(request: HttpRequest, query: Query[ProfileListQuery]):
    filters = ProfileFilters(
        search=query.search,
        group_id=query.groupId,
        tag_id=query.tagId,
        status=query.status,
        verification=query.verification,
    )
    profiles = profile_list(filters=filters, sort=query.sort)
    return paginate(
        profiles, page=query.page, page_size=query.pageSize, exact_up_to=EXACT_COUNT_UP_TO
    )


@router.get("/mm/profiles/{int:profile_id}", response={200: ProfileOut, **ERRORS}, by_alias=True)
def profileGet(request: HttpRequest, profile_id: int):
    return profile_get(profile_id=profile_id)


@router.post("/mm/profiles", response={201: ProfileOut, **ERRORS}, by_alias=True)
def profileCreate(request: HttpRequest, data: ProfileIn):
    profile = profile_create(client=request.tenant, **data.model_dump(exclude_unset=True))
    return Status(201, profile_get(profile_id=profile.pk))


@router.patch("/mm/profiles/{int:profile_id}", response={200: ProfileOut, **ERRORS}, by_alias=True)
def profileUpdate(request: HttpRequest, profile_id: int, data: ProfilePatch):
    profile = profile_get(profile_id=profile_id)
    profile_update(profile=profile, **data.model_dump(exclude_unset=True))
    return profile_get(profile_id=profile_id)


@router.post("/mm/profiles/bulk", response={200: ProfileBulkOut, **ERRORS}, by_alias=True)
def profileBulkAction(request: HttpRequest, data: ProfileBulkIn):
    authorize_choice(request.auth, request.operation_gate, data.action)
    return profiles_bulk_action(client=request.tenant, **data.model_dump())
