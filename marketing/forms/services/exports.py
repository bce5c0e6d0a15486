"""Exporting a form's submissions as CSV: a background job (kind formSubmissionExport, at
most EXPORT_MAX_RECORDS rows: spec 9), one at a time per form; the worker streams the rows
oldest first, every cell a visitor typed through csv_safe (a formula in a field becomes
text); instants in the client's time zone; the file is fetched with downloadBase64."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.conf import settings

from marketing.forms.definition import definition_read
from marketing.forms.job_kinds import SUBMISSION_EXPORT, SUBMISSION_EXPORT_LABEL
from marketing.forms.models import Form, FormSubmission
from marketing.forms.selectors import form_get
from marketing.forms.task_declarations import SUBMISSION_EXPORT_RUN
from marketing.jobs import services as jobs
from marketing.jobs.files import EXPORT_CHUNK, csv_export_write, csv_safe
from tenants.access import Member

HEADER = ["Submitted", "Email", "Status", "Confirmed", "Source Page", "Version"]


def _columns(form: Form) -> list[tuple[str, str]]:
    """(payload key, column title) of the form's fields beyond the email, as last defined."""
    version = form.published_version
    definition = definition_read(version.definition if version else form.definition)
    return [(f.key, f.label or f.key) for f in definition.fields() if f.key != "email"]


def _status(submission: FormSubmission) -> str:
    if submission.set_aside_at:
        return "Set aside"
    if submission.confirmed_at:
        return "Confirmed"
    return "Processed" if submission.processed_at else "Pending"


def _cell(value) -> str:
    if isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    return csv_safe(value)


def submission_export_start(*, member: Member, form: Form, time_zone: str):
    """Start writing the form's submissions as they are now (409 while this form's export
    runs; refused past EXPORT_MAX_RECORDS)."""
    return jobs.export_job_start(
        kind=SUBMISSION_EXPORT,
        operation_key=f"export:formSubmissions:{form.pk}",
        title=f"{SUBMISSION_EXPORT_LABEL}: {form.name}"[:200],
        total=FormSubmission.objects.filter(form_id=form.pk).count(),
        params={"formId": form.pk, "timeZone": time_zone},
        task=SUBMISSION_EXPORT_RUN,
        started_by_id=member.user_id,
        started_by_email=member.email,
        audit_label=SUBMISSION_EXPORT_LABEL,
        audit_extra={"formId": form.pk},
    )


def submission_export_write(job_id: int) -> dict | None:
    """The worker's half; None when there is nothing to do."""
    run = jobs.job_claim(job_id)
    if run is None:
        return None
    params = run.job.params
    form = form_get(form_id=params["formId"])
    zone = ZoneInfo(params["timeZone"])
    columns = _columns(form)

    def when(instant) -> str:
        return instant.astimezone(zone).isoformat() if instant else ""

    def rows():
        submissions = (
            FormSubmission.objects.filter(form_id=form.pk)
            .select_related("version")
            .order_by("created_at", "id")[: settings.EXPORT_MAX_RECORDS]
        )
        for s in submissions.iterator(chunk_size=EXPORT_CHUNK):
            yield [
                when(s.created_at),
                csv_safe(s.email),
                _status(s),
                when(s.confirmed_at),
                csv_safe(s.source_page),
                s.version.number,
                *(_cell(s.payload.get(key)) for key, _ in columns),
            ]

    header = [*HEADER, *(csv_safe(title) for _, title in columns)]
    return csv_export_write(
        run, name=f"form-{form.pk}-submissions", noun="submissions", header=header, rows=rows
    )
