"""The BI segments API, super-admins only (config/operation_gates.py)."""

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS
from marketing.bi import selectors
from marketing.bi.schemas import (
    BiCountOut,
    BiRulesIn,
    BiSegmentDetailOut,
    BiSegmentIn,
    BiSegmentPageOut,
    BiSegmentPatch,
    BiSegmentQuery,
)
from marketing.bi.services import (
    bi_rules_check,
    bi_segment_create,
    bi_segment_delete,
    bi_segment_update,
)
from marketing.segments.rules import tree_parse

router = Router(tags=["bi segments"])


def _counted(tree) -> dict:
    clients = selectors.bi_count(tree)
    return {"count": sum(c.count for c in clients), "clients": clients}


def _detail(segment):
    """The segment with its live count, by client."""
    counted = _counted(tree_parse(segment.rules))
    segment.count, segment.clients = counted["count"], counted["clients"]
    return segment


def _saved(segment):
    """A segment just saved: the save counted it in every client a moment ago."""
    segment.count, segment.clients = segment.profile_count, segment.client_counts
    return segment


@router.get("/mm/bi/segments", response={200: BiSegmentPageOut, **ERRORS}, by_alias=True)
def biSegmentList(request: HttpRequest, query: Query[BiSegmentQuery]):
    segments = selectors.bi_segment_list(search=query.search, sort=query.sort)
    return paginate(segments, page=query.page, page_size=query.pageSize)


@router.post("/mm/bi/segments/count", response={200: BiCountOut, **ERRORS}, by_alias=True)
def biSegmentCount(request: HttpRequest, data: BiRulesIn):
    bi_rules_check(data.rules)
    return _counted(data.rules)


@router.post("/mm/bi/segments", response={201: BiSegmentDetailOut, **ERRORS}, by_alias=True)
def biSegmentCreate(request: HttpRequest, data: BiSegmentIn):
    segment = bi_segment_create(member=request.auth, name=data.name, tree=data.rules)
    return Status(201, _saved(segment))


@router.get(
    "/mm/bi/segments/{bi_segment_id}", response={200: BiSegmentDetailOut, **ERRORS}, by_alias=True
)
def biSegmentGet(request: HttpRequest, bi_segment_id: int):
    return _detail(selectors.bi_segment_get(segment_id=bi_segment_id))


@router.patch(
    "/mm/bi/segments/{bi_segment_id}", response={200: BiSegmentDetailOut, **ERRORS}, by_alias=True
)
def biSegmentUpdate(request: HttpRequest, bi_segment_id: int, data: BiSegmentPatch):
    segment = selectors.bi_segment_get(segment_id=bi_segment_id)
    segment = bi_segment_update(
        member=request.auth, segment=segment, name=data.name, tree=data.rules
    )
    return _saved(segment)


@router.delete("/mm/bi/segments/{bi_segment_id}", response={204: None, **ERRORS})
def biSegmentDelete(request: HttpRequest, bi_segment_id: int):
    bi_segment_delete(segment=selectors.bi_segment_get(segment_id=bi_segment_id))
    return Status(204, None)
