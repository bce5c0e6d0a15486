"""Profile export: a background job writes a CSV (≤ 200,000 records, the profile list's
filters) under MEDIA_ROOT/<schema>/exports/ as the job's file, fetched by the job's file
id with POST /api/downloadBase64. Every cell, the header row's custom field labels
included, goes through csv_safe (CSV injection)."""

import logging

from django.conf import settings
from django.db.models import QuerySet

from core.errors import invalid_field
from core.messages import UNKNOWN_STATUS
from marketing.audience.job_kinds import JobKind
from marketing.audience.messages import UNKNOWN_VERIFICATION_STATUS
from marketing.audience.models import Profile, ProfileField, VerificationStatus
from marketing.audience.profile_fields import Kind, profile_fields
from marketing.audience.selectors.profiles import PROFILE_STATUSES, ProfileFilters, profile_filter
from marketing.audience.task_declarations import PROFILE_EXPORT_RUN
from marketing.jobs import services as jobs
from marketing.jobs.files import EXPORT_CHUNK, csv_export_write, csv_safe

logger = logging.getLogger(__name__)

OPERATION_KEY = "export:profiles"


def export_columns() -> list[tuple[str, str]]:
    """(header, value lookup) of the standard columns: the registry's exportable fields, a
    rep as its email."""
    return [
        (field.label, "rep__email" if field.kind == Kind.REP else field.column)
        for field in profile_fields(exportable=True)
    ]


def profiles_filtered(
    *,
    search: str | None = None,
    group_id: int | None = None,
    tag_id: int | None = None,
    status: str | None = None,
    verification: str | None = None,
) -> QuerySet[Profile]:
    """The profile list's filters (the list's own selector), checked first."""
    status = status or "active"
    if status not in PROFILE_STATUSES:
        raise invalid_field("status", UNKNOWN_STATUS)
    if verification and verification not in VerificationStatus.values:
        raise invalid_field("verification", UNKNOWN_VERIFICATION_STATUS)
    return profile_filter(
        ProfileFilters(
            search=search or "",
            group_id=group_id or None,
            tag_id=tag_id or None,
            status=status,
            verification=verification or None,
        )
    )


def export_start(*, filters: dict, started_by_id: int | None = None, started_by_email: str = ""):
    return jobs.export_job_start(
        kind=JobKind.PROFILE_EXPORT,
        operation_key=OPERATION_KEY,
        title="Export Profiles",
        total=profiles_filtered(**filters).count(),
        params={"filters": filters},
        task=PROFILE_EXPORT_RUN,
        started_by_id=started_by_id,
        started_by_email=started_by_email,
        audit_label="Export Profiles",
        audit_extra={"filters": filters},
    )


def _cell(value) -> str:
    if isinstance(value, bool):
        return "YES" if value else "NO"
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return csv_safe(value)


def export_run(job_id: int) -> dict | None:
    """Write the job's file (the task calls this). None when there is nothing to do. An
    unexpected error leaves no file behind; the task fails the job (marketing/jobs/runner.py)."""
    run = jobs.job_claim(job_id)
    if run is None:
        return None
    job = run.job
    fields = list(ProfileField.objects.order_by("label"))
    columns = export_columns()

    def rows():
        profiles = profiles_filtered(**job.params.get("filters", {})).order_by("id")
        values = [column for _label, column in columns]
        limited = profiles.values_list(*values, "custom")[: settings.EXPORT_MAX_RECORDS]
        for row in limited.iterator(chunk_size=EXPORT_CHUNK):
            custom = row[-1] or {}
            extra = []
            for field in fields:
                value = custom.get(field.key)
                if isinstance(value, list):
                    value = ", ".join(map(str, value))
                extra.append(csv_safe(value))
            yield [_cell(value) for value in row[:-1]] + extra

    header = [label for label, _ in columns] + [csv_safe(f.label) for f in fields]
    return csv_export_write(run, name="profiles", noun="profiles", header=header, rows=rows)


def download_metrics_record(*, key: str, user_email: str) -> dict:
    """postDownloadReportMetrics: a front end reports that a person downloaded a report."""
    logger.info("download report metrics: key=%s user=%s", key[:200], user_email)
    return {"status": 1}
