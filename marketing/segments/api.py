"""The segments API (gates: config/operation_gates.py; exports need exportProfiles)."""

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.jobs.schemas import JobIdOut
from marketing.segments import selectors
from marketing.segments.schemas import (
    CountOut,
    PreviewIn,
    PreviewOut,
    RuleOptionsOut,
    RulesIn,
    SegmentDetailOut,
    SegmentIn,
    SegmentPageOut,
    SegmentPatch,
    SegmentQuery,
)
from marketing.segments.services.exports import segment_export_start
from marketing.segments.services.segments import (
    rules_check,
    segment_create,
    segment_delete,
    segment_update,
)

router = Router(tags=["segments"])


def _detail(segment, time_zone: str):
    """The segment with its live count (SegmentDetailOut)."""
    segment.count = selectors.segment_count(segment, time_zone=time_zone)
    return segment


def _saved(segment):
    """A segment just saved: its count, taken by the save in the same transaction, is live."""
    segment.count = segment.profile_count
    return segment


@router.get("/mm/segments", response={200: SegmentPageOut, **ERRORS}, by_alias=True)
def segmentList(request: HttpRequest, query: Query[SegmentQuery]):
    segments = selectors.segment_list(search=query.search, sort=query.sort, segment_type=query.type)
    return paginate(segments, page=query.page, page_size=query.pageSize)


@router.get("/mm/segments/rule-options", response={200: RuleOptionsOut, **ERRORS})
def segmentRuleOptions(request: HttpRequest):
    options = selectors.rule_options()
    return {
        "ruleTypes": options.rule_types,
        "fields": options.fields,
        "groups": options.groups,
        "tags": options.tags,
        "events": options.events,
        "websiteIds": sorted(request.tenant.website_ids),
    }


@router.post("/mm/segments/count", response={200: CountOut, **ERRORS})
def segmentCount(request: HttpRequest, data: RulesIn):
    rules_check(data.rules)
    return {"count": selectors.rules_count(data.rules, time_zone=request.tenant.time_zone)}


@router.post("/mm/segments/preview", response={200: PreviewOut, **ERRORS}, by_alias=True)
def segmentPreview(request: HttpRequest, data: PreviewIn):
    rules_check(data.rules)
    zone = request.tenant.time_zone
    return {
        "count": selectors.rules_count(data.rules, time_zone=zone),
        "items": selectors.rules_preview(data.rules, time_zone=zone, page_size=data.pageSize),
    }


@router.post("/mm/segments", response={201: SegmentDetailOut, **ERRORS}, by_alias=True)
def segmentCreate(request: HttpRequest, data: SegmentIn):
    segment = segment_create(
        member=request.auth,
        name=data.name,
        segment_type=data.type,
        tree=data.rules,
        website_ids=data.websiteIds,
        client_website_ids=request.tenant.website_ids,
        time_zone=request.tenant.time_zone,
    )
    return Status(201, _saved(segment))


@router.get(
    "/mm/segments/{int:segment_id}", response={200: SegmentDetailOut, **ERRORS}, by_alias=True
)
def segmentGet(request: HttpRequest, segment_id: int):
    return _detail(selectors.segment_get(segment_id=segment_id), request.tenant.time_zone)


@router.patch(
    "/mm/segments/{int:segment_id}", response={200: SegmentDetailOut, **ERRORS}, by_alias=True
)
def segmentUpdate(request: HttpRequest, segment_id: int, data: SegmentPatch):
    segment = segment_update(
        segment=selectors.segment_get(segment_id=segment_id),
        member=request.auth,
        name=data.name,
        segment_type=data.type,
        tree=data.rules,
        website_ids=data.websiteIds,
        client_website_ids=request.tenant.website_ids,
        time_zone=request.tenant.time_zone,
    )
    return _saved(segment)


@router.delete("/mm/segments/{int:segment_id}", response={204: None, **ERRORS})
def segmentDelete(request: HttpRequest, segment_id: int):
    segment_delete(segment=selectors.segment_get(segment_id=segment_id))
    return Status(204, None)


@router.post(
    "/mm/segments/{int:segment_id}/export", response={202: JobIdOut, **ERRORS_WITH_CONFLICT}
)
def segmentExport(request: HttpRequest, segment_id: int):
    job = segment_export_start(
        member=request.auth,
        segment=selectors.segment_get(segment_id=segment_id),
        time_zone=request.tenant.time_zone,
    )
    return Status(202, {"jobId": job.pk})
