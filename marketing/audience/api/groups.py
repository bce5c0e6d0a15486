from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.audience.schemas.groups import (
    FormCategoryOut,
    FormListIn,
    GroupCategoryIn,
    GroupCategoryOut,
    GroupCategoryPageOut,
    GroupCategoryPatch,
    GroupCategoryQuery,
    GroupIn,
    GroupOut,
    GroupPageOut,
    GroupPatch,
    GroupQuery,
)
from marketing.audience.selectors.groups import (
    group_category_get,
    group_category_list,
    group_get,
    group_list,
)
from marketing.audience.services import groups as services

router = Router(tags=["audience"])


@router.get("/mm/group-categories", response={200: GroupCategoryPageOut, **ERRORS}, by_alias=True)
def groupCategoryList(request: HttpRequest, query: Query[GroupCategoryQuery]):
    categories = group_category_list(search=query.search)
    return paginate(categories, page=query.page, page_size=query.pageSize)


@router.post("/mm/group-categories", response={201: GroupCategoryOut, **ERRORS}, by_alias=True)
def groupCategoryCreate(request: HttpRequest, data: GroupCategoryIn):
    category = services.group_category_create(**data.model_dump())
    return Status(201, group_category_get(category_id=category.pk))


@router.patch(
    "/mm/group-categories/{int:category_id}",
    response={200: GroupCategoryOut, **ERRORS},
    by_alias=True,
)
def groupCategoryUpdate(request: HttpRequest, category_id: int, data: GroupCategoryPatch):
    category = group_category_get(category_id=category_id)
    services.group_category_update(category=category, **data.model_dump(exclude_unset=True))
    return group_category_get(category_id=category_id)


@router.delete("/mm/group-categories/{int:category_id}", response={204: None, **ERRORS})
def groupCategoryDelete(request: HttpRequest, category_id: int):
    services.group_category_delete(category=group_category_get(category_id=category_id))
    return Status(204, None)


@router.get("/mm/groups", response={200: GroupPageOut, **ERRORS}, by_alias=True)
def groupList(request: HttpRequest, query: Query[GroupQuery]):
    groups = group_list(search=query.search, category_id=query.categoryId, sort=query.sort)
    return paginate(groups, page=query.page, page_size=query.pageSize)


@router.post("/mm/groups", response={201: GroupOut, **ERRORS}, by_alias=True)
def groupCreate(request: HttpRequest, data: GroupIn):
    group = services.group_create(**data.model_dump())
    return Status(201, group_get(group_id=group.pk))


@router.patch("/mm/groups/{int:group_id}", response={200: GroupOut, **ERRORS}, by_alias=True)
def groupUpdate(request: HttpRequest, group_id: int, data: GroupPatch):
    services.group_update(group=group_get(group_id=group_id), **data.model_dump(exclude_unset=True))
    return group_get(group_id=group_id)


@router.delete("/mm/groups/{int:group_id}", response={204: None, **ERRORS})
def groupDelete(request: HttpRequest, group_id: int):
    services.group_delete(group=group_get(group_id=group_id))
    return Status(204, None)


@router.post("/formCategory", response={200: FormCategoryOut, **ERRORS}, by_alias=True)
def formCategory(request: HttpRequest, data: FormListIn):
    return {"status": 1, "categories": list(group_category_list())}
