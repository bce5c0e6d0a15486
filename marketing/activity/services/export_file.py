"""The worker's half of an Activity export: the CSV of the trail rows the job's filters
select, newest first, times in the client's time zone, written under
MEDIA_ROOT/<schema>/exports/ as the job's file (fetched with downloadBase64, gated admin
only by JOB_KIND_GATES). Every text cell goes through csv_safe (CSV injection)."""

import datetime
import json
import zoneinfo

from django.conf import settings

from core.audit.models import AuditEvent, AuditObject, AuditPath
from marketing.activity.selectors import ActivityFilters, activity_list
from marketing.jobs import services as jobs
from marketing.jobs.files import EXPORT_CHUNK, csv_export_write, csv_safe

HEADER = (
    "Time",
    "Person",
    "Event",
    "Object type",
    "Object id",
    "Object",
    "Details",
    "Path",
    "Address",
    "Client",
)


def _day(value: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(value) if value else None


def filters_to_params(filters: ActivityFilters) -> dict:
    """The filters as the job keeps them (JSON)."""
    values = {
        "actorId": filters.actor_id,
        "objectType": str(filters.object_type) if filters.object_type else None,
        "dateFrom": filters.date_from.isoformat() if filters.date_from else None,
        "dateTo": filters.date_to.isoformat() if filters.date_to else None,
    }
    return {key: value for key, value in values.items() if value is not None}


def filters_from_params(params: dict) -> ActivityFilters:
    return ActivityFilters(
        actor_id=params.get("actorId"),
        object_type=params.get("objectType"),
        date_from=_day(params.get("dateFrom")),
        date_to=_day(params.get("dateTo")),
    )


def _label(choices, value: str) -> str:
    try:
        return str(choices(value).label)
    except ValueError:
        return value


def _row(row, zone) -> list[str]:
    return [
        row.created_at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
        csv_safe(row.actor_email),
        csv_safe(_label(AuditEvent, row.event_type)),
        csv_safe(_label(AuditObject, row.object_type)),
        "" if row.object_id is None else str(row.object_id),
        csv_safe(row.object_label),
        csv_safe(json.dumps(row.extra, ensure_ascii=False, sort_keys=True) if row.extra else ""),
        csv_safe(_label(AuditPath, row.path)),
        csv_safe(row.client_address),
        csv_safe(row.user_agent),
    ]


def activity_export_write(job_id: int) -> dict | None:
    """Write the job's file (the task calls this); None when there is nothing to do
    (finished or cancelled: a redelivered message changes nothing). An unexpected error
    leaves no file behind; the task fails the job (marketing/jobs/runner.py)."""
    run = jobs.job_claim(job_id)
    if run is None:
        return None
    job = run.job
    time_zone = job.params["timeZone"]
    zone = zoneinfo.ZoneInfo(time_zone)

    def rows():
        # The rows there were when the export started: later ones never push any out.
        trail = activity_list(filters_from_params(job.params), time_zone=time_zone).filter(
            id__lte=job.params["upToId"]
        )
        for row in trail[: settings.EXPORT_MAX_RECORDS].iterator(chunk_size=EXPORT_CHUNK):
            yield _row(row, zone)

    header = [f"Time ({time_zone})", *HEADER[1:]]
    return csv_export_write(run, name="activity", noun="activity rows", header=header, rows=rows)
