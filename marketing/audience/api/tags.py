from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.audience.schemas.groups import FormListIn
from marketing.audience.schemas.tags import FormTagsOut, TagIn, TagOut, TagPageOut, TagQuery
from marketing.audience.selectors.tags import tag_get, tag_list
from marketing.audience.services.tags import tag_create, tag_delete, tag_update

router = Router(tags=["audience"])


@router.get("/mm/tags", response={200: TagPageOut, **ERRORS}, by_alias=True)
def tagList(request: HttpRequest, query: Query[TagQuery]):
    tags = tag_list(search=query.search, sort=query.sort)
    return paginate(tags, page=query.page, page_size=query.pageSize)


@router.post("/mm/tags", response={201: TagOut, **ERRORS}, by_alias=True)
def tagCreate(request: HttpRequest, data: TagIn):
    tag = tag_create(name=data.name)
    return Status(201, tag_get(tag_id=tag.pk))


@router.patch("/mm/tags/{int:tag_id}", response={200: TagOut, **ERRORS}, by_alias=True)
def tagUpdate(request: HttpRequest, tag_id: int, data: TagIn):
    tag_update(tag=tag_get(tag_id=tag_id), name=data.name)
    return tag_get(tag_id=tag_id)


@router.delete("/mm/tags/{int:tag_id}", response={204: None, **ERRORS})
def tagDelete(request: HttpRequest, tag_id: int):
    tag_delete(tag=tag_get(tag_id=tag_id))
    return Status(204, None)


@router.post("/formTags", response={200: FormTagsOut, **ERRORS}, by_alias=True)
def formTags(request: HttpRequest, data: FormListIn):
    return {"status": 1, "tags": list(tag_list())}
