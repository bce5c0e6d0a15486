"""The Activity screen's calls (admin only: config/operation_gates.py)."""

import zoneinfo

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.pagination import paginate
from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.activity import selectors
from marketing.activity.schemas import (
    ActivityFilterIn,
    ActivityListQuery,
    ActivityPageOut,
    ActivityPeopleOut,
    activity_out,
)
from marketing.activity.services.exports import activity_export_start
from marketing.jobs.schemas import JobIdOut

router = Router(tags=["activity"])


@router.get("/mm/activity", response={200: ActivityPageOut, **ERRORS}, by_alias=True)
def activityList(request: HttpRequest, query: Query[ActivityListQuery]):
    time_zone = request.tenant.time_zone
    rows = selectors.activity_list(query.filters(), time_zone=time_zone, sort=query.sort)
    result = paginate(
        rows,
        page=query.page,
        page_size=query.pageSize,
        exact_up_to=selectors.EXACT_COUNT_UP_TO,
    )
    zone = zoneinfo.ZoneInfo(time_zone)
    result["items"] = [activity_out(row, zone) for row in result["items"]]
    return {**result, "time_zone": time_zone}


@router.get("/mm/activity/people", response={200: ActivityPeopleOut, **ERRORS})
def activityPeople(request: HttpRequest):
    return {"items": selectors.activity_people()}


@router.post("/mm/activity/export", response={202: JobIdOut, **ERRORS_WITH_CONFLICT})
def activityExport(request: HttpRequest, data: ActivityFilterIn):
    job = activity_export_start(
        member=request.auth, filters=data.filters(), time_zone=request.tenant.time_zone
    )
    return Status(202, {"jobId": job.pk})
