"""Exporting a segment's profiles as CSV: a background job (kind segmentExport, at most
EXPORT_MAX_RECORDS rows: spec 5.8), one at a time per segment, gated like a profile
export (exportProfiles). The worker writes the file through the jobs framework's CSV
writer; its file is fetched with downloadBase64."""

from django.conf import settings
from django.db import connection

from marketing.jobs import services as jobs
from marketing.jobs.files import EXPORT_CHUNK, csv_export_write, csv_safe
from marketing.segments import messages
from marketing.segments.job_kinds import SEGMENT_EXPORT, SEGMENT_EXPORT_LABEL
from marketing.segments.models import Segment
from marketing.segments.selectors import (
    PREVIEW_COLUMNS,
    segment_count,
    segment_get,
    segment_members_sql,
    segment_profile_table,
)
from marketing.segments.task_declarations import EXPORT_RUN
from tenants.access import Member

HEADER = ["Email", "First Name", "Last Name", "Created"]


def segment_export_start(*, member: Member, segment: Segment, time_zone: str):
    """Start writing the segment's profiles as they are now (409 while an export of the
    same segment runs; refused past EXPORT_MAX_RECORDS)."""
    return jobs.export_job_start(
        kind=SEGMENT_EXPORT,
        operation_key=f"export:segment:{segment.pk}",
        title=f"{SEGMENT_EXPORT_LABEL}: {segment.name}"[:200],
        total=segment_count(segment, time_zone=time_zone),
        params={"segmentId": segment.pk, "timeZone": time_zone},
        task=EXPORT_RUN,
        started_by_id=member.user_id,
        started_by_email=member.email,
        audit_label=SEGMENT_EXPORT_LABEL,
        audit_extra={"segmentId": segment.pk},
        too_many=messages.EXPORT_TOO_MANY,
    )


def segment_export_write(job_id: int) -> dict | None:
    """The worker's half: the segment's live profiles by id, at most EXPORT_MAX_RECORDS,
    every text cell through csv_safe. None when there is nothing to do."""
    run = jobs.job_claim(job_id)
    if run is None:
        return None
    params = run.job.params
    segment = segment_get(segment_id=params["segmentId"])
    members = segment_members_sql(segment, time_zone=params["timeZone"])
    columns = ", ".join(f"p.{c}" for c in PREVIEW_COLUMNS[1:])
    sql = (
        f"SELECT {columns} FROM {segment_profile_table()} p WHERE p.id IN ({members.text}) "
        "ORDER BY p.id LIMIT %s"
    )

    def rows():
        # A server-side cursor (WITH HOLD outside a transaction, as Django declares it)
        # streams the rows; progress writes between chunks still commit one by one.
        with connection.chunked_cursor() as cursor:
            cursor.execute(sql, [*members.params, settings.EXPORT_MAX_RECORDS])
            while chunk := cursor.fetchmany(EXPORT_CHUNK):
                for email, first, last, created in chunk:
                    yield [csv_safe(email), csv_safe(first), csv_safe(last), created.isoformat()]

    return csv_export_write(run, name="segment", noun="profiles", header=HEADER, rows=rows)
