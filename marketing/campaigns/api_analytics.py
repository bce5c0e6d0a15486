"""The campaign reports' API (gates: config/operation_gates.py): one campaign's report,
its recipient lists and their export (members), and the super-admins' reports across
clients. Reads only, but the export, which starts a job."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.responses import ERRORS, ERRORS_WITH_CONFLICT
from marketing.campaigns import selectors
from marketing.campaigns.analytics.campaign import campaign_report
from marketing.campaigns.analytics.clients import (
    performance_rows,
    recent_campaigns,
    schedule_summary,
)
from marketing.campaigns.analytics.recipients import recipients_page
from marketing.campaigns.analytics_schemas import (
    CampaignReportOut,
    PerformancePageOut,
    PerformanceQuery,
    RecentOut,
    RecentQuery,
    RecipientPageOut,
    RecipientQuery,
    ReportExportIn,
    ScheduleQuery,
    ScheduleSummaryOut,
)
from marketing.campaigns.services.report_export import report_export_start
from marketing.jobs.schemas import JobIdOut

router = Router(tags=["campaign reports"])

INSTANTS = ("scheduled_at", "started_at", "sent_at")


def _in_zone(campaign, zone: ZoneInfo):
    for name in INSTANTS:
        value = getattr(campaign, name)
        if value is not None:
            setattr(campaign, name, value.astimezone(zone))
    return campaign


@router.get(
    "/mm/campaigns/{int:campaign_id}/report",
    response={200: CampaignReportOut, **ERRORS},
    by_alias=True,
)
def campaignReport(request: HttpRequest, campaign_id: int):
    """/emailcampaignreport, /regularcampaignreport, the A/B reports, /campaignDetails."""
    zone = request.tenant.time_zone
    campaign = _in_zone(selectors.campaign_get(campaign_id=campaign_id), ZoneInfo(zone))
    return campaign_report(campaign, time_zone=zone)


@router.get(
    "/mm/campaigns/{int:campaign_id}/report/recipients",
    response={200: RecipientPageOut, **ERRORS},
    by_alias=True,
)
def campaignReportRecipients(request: HttpRequest, campaign_id: int, query: Query[RecipientQuery]):
    """The report's recipients with one outcome, in ledger order, paged."""
    campaign = selectors.campaign_get(campaign_id=campaign_id)
    page = recipients_page(campaign, query.outcome, page=query.page, page_size=query.pageSize)
    zone = ZoneInfo(request.tenant.time_zone)
    for item in page["items"]:
        if item["sent_at"] is not None:
            item["sent_at"] = item["sent_at"].astimezone(zone)
    return page


@router.post(
    "/mm/campaigns/{int:campaign_id}/report/export",
    response={202: JobIdOut, **ERRORS_WITH_CONFLICT},
)
def campaignReportExport(request: HttpRequest, campaign_id: int, data: ReportExportIn):
    """A recipient list as CSV through a background job (its file: downloadBase64)."""
    job = report_export_start(
        member=request.auth,
        campaign=selectors.campaign_get(campaign_id=campaign_id),
        outcome=data.outcome,
        time_zone=request.tenant.time_zone,
    )
    return Status(202, {"jobId": job.pk})


def _sort_key(sort: str):
    name = sort.lstrip("-")
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in name)

    def key(row: dict):
        value = row[snake]
        return (value is not None, value if value is not None else 0, row["campaign_id"])

    return key


@router.get("/mm/reports/performance", response={200: PerformancePageOut, **ERRORS}, by_alias=True)
def performanceReport(request: HttpRequest, query: Query[PerformanceQuery]):
    """/performanceReport: every client's campaigns of the last `days` days (super-admin)."""
    rows = performance_rows(days=query.days, search=query.search)
    rows.sort(key=_sort_key(query.sort), reverse=query.sort.startswith("-"))
    offset = (query.page - 1) * query.pageSize
    return {
        "items": rows[offset : offset + query.pageSize],
        "total": len(rows),
        "page": query.page,
        "page_size": query.pageSize,
    }


@router.get("/mm/reports/recentCampaigns", response={200: RecentOut, **ERRORS}, by_alias=True)
def recentcampaigns(request: HttpRequest, query: Query[RecentQuery]):
    """The Email DashBoard (/recentcampaigns): the latest campaigns of every client."""
    return {"items": recent_campaigns(limit=query.limit)}


@router.get(
    "/mm/reports/scheduleSummary", response={200: ScheduleSummaryOut, **ERRORS}, by_alias=True
)
def scheduleSummary(request: HttpRequest, query: Query[ScheduleQuery]):
    """The Scheduler Summary: campaigns scheduled in the next `days` days, by client and
    day of the client's zone."""
    return {"days": schedule_summary(days=query.days)}
