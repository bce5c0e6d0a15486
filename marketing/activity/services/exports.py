"""Exporting the Activity list as CSV: a background job like a profile export (a client's
trail grows without bound), one at a time per client. The worker writes the file
(services/export_file.py); the job's file is fetched with downloadBase64, admin only."""

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.activity.job_kinds import ACTIVITY_EXPORT, ACTIVITY_EXPORT_LABEL
from marketing.activity.selectors import ActivityFilters, activity_filter
from marketing.activity.services.export_file import filters_to_params
from marketing.jobs import services as jobs
from tenants.access import Member

OPERATION_KEY = "export:activity"


def too_many_message() -> str:
    return f"An export is limited to {settings.EXPORT_MAX_RECORDS:,} records; narrow the filters."


def activity_export_start(*, member: Member, filters: ActivityFilters, time_zone: str):
    """Start writing the rows the filters select (at most EXPORT_MAX_RECORDS; 409 while
    another Activity export runs). The export is itself recorded in the trail."""
    rows = activity_filter(filters, time_zone=time_zone)
    count = rows.count()
    if count > settings.EXPORT_MAX_RECORDS:
        message = too_many_message()
        raise ValidationFailed(message, errors={"__all__": [message]})
    params = {
        **filters_to_params(filters),
        "timeZone": time_zone,
        "upToId": rows.aggregate(last=Max("id"))["last"] or 0,
    }
    with transaction.atomic():
        job = jobs.job_create(
            kind=ACTIVITY_EXPORT,
            operation_key=OPERATION_KEY,
            title=ACTIVITY_EXPORT_LABEL,
            total=count,
            params=params,
            cancellable=True,
            started_by_id=member.user_id,
            started_by_email=member.email,
        )
        audit_record(
            AuditEvent.EXPORT_STARTED,
            object_id=job.pk,
            label=ACTIVITY_EXPORT_LABEL,
            extra={"kind": ACTIVITY_EXPORT, "rows": count, "filters": params},
        )
        jobs.job_enqueue(job, "audit.activity_export_run", job_id=job.pk)
    return job
