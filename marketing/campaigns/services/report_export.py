"""Exporting a campaign report's recipient list (one outcome) as CSV: a background job
(kind campaignReportExport, at most EXPORT_MAX_RECORDS rows: spec 9), one at a time per
campaign and outcome; the worker streams the rows, every text cell through csv_safe; the
file is fetched with downloadBase64."""

from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection

from marketing.campaigns import messages
from marketing.campaigns.analytics.recipients import recipients_count, recipients_sql
from marketing.campaigns.job_kinds import REPORT_EXPORT, REPORT_EXPORT_LABEL
from marketing.campaigns.models import Campaign
from marketing.campaigns.selectors import campaign_get
from marketing.campaigns.task_declarations import REPORT_EXPORT_RUN
from marketing.delivery.selectors import STATE_NAMES
from marketing.jobs import services as jobs
from marketing.jobs.files import EXPORT_CHUNK, csv_export_write, csv_safe
from tenants.access import Member

HEADER = ["Email", "Variant", "Status", "Last Reply", "Sent"]


def report_export_start(*, member: Member, campaign: Campaign, outcome: str, time_zone: str):
    """Start writing the campaign's recipients with `outcome` as they are now (409 while
    the same list's export runs; refused past EXPORT_MAX_RECORDS)."""
    return jobs.export_job_start(
        kind=REPORT_EXPORT,
        operation_key=f"export:campaignReport:{campaign.pk}:{outcome}",
        title=f"{REPORT_EXPORT_LABEL}: {campaign.name} ({outcome})"[:200],
        total=recipients_count(campaign, outcome),
        params={"campaignId": campaign.pk, "outcome": outcome, "timeZone": time_zone},
        task=REPORT_EXPORT_RUN,
        started_by_id=member.user_id,
        started_by_email=member.email,
        audit_label=REPORT_EXPORT_LABEL,
        audit_extra={"campaignId": campaign.pk, "outcome": outcome},
        too_many=messages.REPORT_EXPORT_TOO_MANY,
    )


def report_export_write(job_id: int) -> dict | None:
    """The worker's half; None when there is nothing to do."""
    run = jobs.job_claim(job_id)
    if run is None:
        return None
    params = run.job.params
    campaign = campaign_get(campaign_id=params["campaignId"])
    zone = ZoneInfo(params["timeZone"])
    sql, sql_params = recipients_sql(campaign, params["outcome"])

    def rows():
        with connection.chunked_cursor() as cursor:
            cursor.execute(
                f"SELECT email, variant, state, last_reply, sent_at FROM ({sql}) r"
                " ORDER BY delivery_id LIMIT %s",
                [*sql_params, settings.EXPORT_MAX_RECORDS],
            )
            while chunk := cursor.fetchmany(EXPORT_CHUNK):
                for email, variant, state, reply, sent_at in chunk:
                    yield [
                        csv_safe(email),
                        csv_safe(variant),
                        STATE_NAMES[state],
                        csv_safe(reply),
                        sent_at.astimezone(zone).isoformat() if sent_at else "",
                    ]

    return csv_export_write(
        run, name=f"campaign-{campaign.pk}-{params['outcome']}", noun="recipients",
        header=HEADER, rows=rows,
    )  # fmt: skip
