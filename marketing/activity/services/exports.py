"""Exporting the Activity list as CSV: a background job like a profile export (a client's
trail grows without bound), one at a time per client. The worker writes the file
(services/export_file.py); the job's file is fetched with downloadBase64, admin only."""

from django.db.models import Max

from marketing.activity.job_kinds import ACTIVITY_EXPORT, ACTIVITY_EXPORT_LABEL
from marketing.activity.selectors import ActivityFilters, activity_filter
from marketing.activity.services.export_file import filters_to_params
from marketing.activity.task_declarations import ACTIVITY_EXPORT_RUN
from marketing.jobs import services as jobs
from tenants.access import Member

OPERATION_KEY = "export:activity"


def activity_export_start(*, member: Member, filters: ActivityFilters, time_zone: str):
    """Start writing the rows the filters select (at most EXPORT_MAX_RECORDS; 409 while
    another Activity export runs). The export is itself recorded in the trail."""
    rows = activity_filter(filters, time_zone=time_zone)
    count = rows.count()
    params = {
        **filters_to_params(filters),
        "timeZone": time_zone,
        "upToId": rows.aggregate(last=Max("id"))["last"] or 0,
    }
    return jobs.export_job_start(
        kind=ACTIVITY_EXPORT,
        operation_key=OPERATION_KEY,
        title=ACTIVITY_EXPORT_LABEL,
        total=count,
        params=params,
        task=ACTIVITY_EXPORT_RUN,
        started_by_id=member.user_id,
        started_by_email=member.email,
        audit_label=ACTIVITY_EXPORT_LABEL,
        audit_extra={"filters": params},
    )
