"""The summary-notification API (gates: config/operation_gates.py): the schedules
(/summaryNotifications), the digests sent (/summaryNotificationCampaigns) and the public,
signed page's data (/external/summaryNotificationData). Instants are answered in the
client's zone."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, in_zone
from core.pagination import PageQuery, paginate
from core.responses import ERRORS, ErrorOut
from marketing.workflows.summary import selectors
from marketing.workflows.summary.links import summary_link_open
from marketing.workflows.summary.schemas import (
    DigestPageOut,
    DigestQuery,
    SummaryDataOut,
    SummaryDataQuery,
    SummaryIn,
    SummaryOut,
    SummaryPageOut,
)
from marketing.workflows.summary.services import (
    summary_create,
    summary_delete,
    summary_get,
    summary_update,
)

router = Router(tags=["summary notifications"])


def _summary(notification) -> dict:
    out = selectors.summary_out(notification)
    zone = client_zone()
    out["next_due_at"] = in_zone(out["next_due_at"], zone)
    out["last_sent_at"] = in_zone(out["last_sent_at"], zone)
    return out


def _digests(page: list) -> list[dict]:
    zone = client_zone()
    found = selectors.digests_out(page)
    for out in found:
        for name in ("period_start", "period_end", "due_at", "created_at"):
            out[name] = in_zone(out[name], zone)
    return found


@router.get("/mm/summaryNotifications", response={200: SummaryPageOut, **ERRORS}, by_alias=True)
def summaryNotificationList(request: HttpRequest, query: Query[PageQuery]):
    page = paginate(selectors.summaries(), page=query.page, page_size=query.pageSize)
    page["items"] = [_summary(item) for item in page["items"]]
    return page


@router.post("/mm/summaryNotifications", response={201: SummaryOut, **ERRORS}, by_alias=True)
def summaryNotificationCreate(request: HttpRequest, data: SummaryIn):
    notification = summary_create(data.dict(), user_id=request.auth.user_id)
    return Status(201, _summary(notification))


@router.get(
    "/mm/summaryNotifications/{int:notification_id}",
    response={200: SummaryOut, **ERRORS},
    by_alias=True,
)
def summaryNotificationGet(request: HttpRequest, notification_id: int):
    return _summary(summary_get(notification_id))


@router.put(
    "/mm/summaryNotifications/{int:notification_id}",
    response={200: SummaryOut, **ERRORS},
    by_alias=True,
)
def summaryNotificationUpdate(request: HttpRequest, notification_id: int, data: SummaryIn):
    return _summary(summary_update(notification_id, data.dict()))


@router.delete("/mm/summaryNotifications/{int:notification_id}", response={204: None, **ERRORS})
def summaryNotificationDelete(request: HttpRequest, notification_id: int):
    summary_delete(notification_id)
    return Status(204, None)


@router.get(
    "/mm/summaryNotificationCampaigns", response={200: DigestPageOut, **ERRORS}, by_alias=True
)
def summaryNotificationCampaignList(request: HttpRequest, query: Query[DigestQuery]):
    found = selectors.digests(query.notificationId)
    page = paginate(found, page=query.page, page_size=query.pageSize)
    page["items"] = _digests(page["items"])
    return page


@router.get(
    "/external/summaryNotificationData",
    auth=None,
    response={200: SummaryDataOut, 400: ErrorOut},
    by_alias=True,
)
def externalSummaryNotificationData(request: HttpRequest, query: Query[SummaryDataQuery]):
    digest = summary_link_open(query.token)
    zone = client_zone()
    return {
        "client_name": connection.tenant.name,
        "name": digest.notification.workflow.name,
        "period": digest.period,
        "period_start": in_zone(digest.period_start, zone),
        "period_end": in_zone(digest.period_end, zone),
        "time_zone": zone.key,
        "figures": digest.figures,
        "crm": digest.crm,
    }
