"""Profile imports: upload (checked, stored under the client's prefix, headers and a sample
shown with a suggested mapping), start (mapping checked, a BackgroundJob created, the task
enqueued on commit), and the reads of the import screens.

A CSV file is streamed and read during the upload. An .xlsx file is only stored then: the
worker reads it (`import_inspect`, the task audience.import_inspect) and the wizard polls
the upload's inspection until its headers and sample are known."""

import logging
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed, invalid_field
from core.tasks import enqueue_on_commit
from marketing.audience.job_kinds import JobKind
from marketing.audience.messages import (
    ALREADY_STARTED,
    EMAIL_NOT_MAPPED,
    FIELD_TWICE,
    IMPORT_NOT_FOUND,
    MSG_TOO_LARGE,
    MSG_XLSX_UNREADABLE,
    NO_ROW_ERRORS,
    SEPARATOR_NEEDED,
    STILL_READING,
    UNKNOWN_COLUMN,
    UNKNOWN_FIELD,
    UNKNOWN_IMPORT_KIND,
)
from marketing.audience.models import (
    Group,
    ImportKind,
    InspectionStatus,
    ProfileField,
    ProfileImport,
    Tag,
)
from marketing.audience.services.imports.headers import (
    EMAIL,
    mappable_fields,
    needs_separator,
    suggest_mapping,
)
from marketing.audience.services.imports.reading import (
    ImportFileError,
    Inspection,
    file_format_for,
    inspect_text,
    inspect_xlsx,
    store_xlsx,
)
from marketing.audience.task_declarations import IMPORT_INSPECT, PROFILE_IMPORT_RUN
from marketing.jobs import services as jobs
from marketing.jobs.files import media_path, new_relative_path

logger = logging.getLogger(__name__)
JOB_KINDS = {
    ImportKind.SUBSCRIBERS: JobKind.PROFILE_IMPORT,
    ImportKind.UNSUBSCRIBERS: JobKind.UNSUBSCRIBER_IMPORT,
}


def operation_key(kind: str) -> str:
    return f"import:{kind}"


def import_upload(
    *,
    name: str,
    size: int,
    chunks: Callable,
    kind: str,
    created_by_id: int | None = None,
) -> tuple[ProfileImport, dict]:
    """Check and store an uploaded file. `chunks()` yields the upload's bytes (it may be
    called twice). Returns the record and the answer's extra parts (`import_preview`). A
    CSV file is read here; an .xlsx file is only stored, and its inspection sent to the
    worker once the record is committed."""
    if kind not in ImportKind.values:
        raise invalid_field("kind", UNKNOWN_IMPORT_KIND)
    file_format = file_format_for(name)
    limit = settings.IMPORT_MAX_UPLOAD_BYTES
    if size > limit:
        raise ImportFileError(MSG_TOO_LARGE.format(mb=limit // (1024 * 1024)))
    relative = new_relative_path("imports", name)
    destination = media_path(relative)
    record = ProfileImport(
        kind=kind, file_name=Path(name).name[:255], file_path=relative, created_by_id=created_by_id
    )
    try:
        if file_format == "xlsx":
            record.file_sha256 = store_xlsx(chunks(), destination)
            record.inspection = InspectionStatus.PENDING
        else:
            _inspected(record, inspect_text(chunks, destination))
        with transaction.atomic():
            record.save()
            audit_record(
                AuditEvent.IMPORT_UPLOADED,
                object_id=record.pk,
                label=record.file_name,
                extra={"kind": kind, "bytes": size, "format": file_format},
            )
    except BaseException:
        destination.unlink(missing_ok=True)  # no record, no file
        raise
    if record.inspection == InspectionStatus.PENDING:
        enqueue_on_commit(IMPORT_INSPECT, import_id=record.pk)
    return record, import_preview(record)


def _inspected(record: ProfileImport, inspection: Inspection) -> None:
    width = len(inspection.headers)
    record.file_sha256 = inspection.sha256
    record.headers = inspection.headers
    record.sample = [(row + [""] * width)[:width] for row in inspection.sample]
    record.rows_total = inspection.rows_estimate
    record.inspection = InspectionStatus.READY


def import_inspect(import_id: int) -> ProfileImport | None:
    """Read an uploaded .xlsx file, in the worker: its zip checked by what it really
    inflates to, then its headers, sample and row estimate recorded. A file that cannot be
    read is deleted and the reason kept for the wizard. None when there is nothing to do
    (read already, or gone): a redelivered message changes nothing."""
    record = ProfileImport.objects.filter(pk=import_id, inspection=InspectionStatus.PENDING).first()
    if record is None:
        return None
    path = media_path(record.file_path)
    try:
        _inspected(record, inspect_xlsx(path))
    except Exception as exc:  # noqa: BLE001 - every outcome ends the wait of the wizard
        if not isinstance(exc, ImportFileError):
            logger.exception("import %s: the .xlsx file could not be read", import_id)
        path.unlink(missing_ok=True)
        record.inspection = InspectionStatus.FAILED
        record.inspection_error = (
            exc.message if isinstance(exc, ImportFileError) else MSG_XLSX_UNREADABLE
        )
    fields = ["file_sha256", "headers", "sample", "rows_total", "inspection", "inspection_error"]
    ProfileImport.objects.filter(pk=record.pk, inspection=InspectionStatus.PENDING).update(
        **{name: getattr(record, name) for name in fields}
    )
    return record


def import_preview(record: ProfileImport) -> dict:
    """What the mapping step shows of an upload: its inspection, sample, suggested mapping
    and the fields a column can be mapped to (the latter two as the fields are now)."""
    custom_fields = list(ProfileField.objects.order_by("label"))
    ready = record.inspection == InspectionStatus.READY
    return {
        "inspection": record.inspection,
        "inspectionError": record.inspection_error,
        "sample": record.sample if ready else [],
        "suggestedMapping": (
            suggest_mapping(record.headers, record.kind, custom_fields) if ready else {}
        ),
        "fields": mappable_fields(record.kind, custom_fields),
    }


def import_get(import_id: int) -> ProfileImport:
    record = ProfileImport.objects.select_related("job").filter(pk=import_id).first()
    if record is None:
        raise NotFound(IMPORT_NOT_FOUND)
    return record


def import_list(*, kind: str | None = None):
    records = ProfileImport.objects.select_related("job").order_by("-created_at", "-id")
    if kind:
        if kind not in ImportKind.values:
            raise invalid_field("kind", UNKNOWN_IMPORT_KIND)
        records = records.filter(kind=kind)
    return records


def _check_mapping(record: ProfileImport, mapping: dict[str, str], separator: str) -> dict:
    custom_fields = list(ProfileField.objects.all())
    allowed = {field["key"] for field in mappable_fields(record.kind, custom_fields)}
    clean: dict[str, str] = {}
    for index, key in mapping.items():
        if not key:
            continue  # a column left unmapped
        try:
            position = int(index)
        except (TypeError, ValueError):
            raise ValidationFailed(UNKNOWN_COLUMN, errors={"mapping": [UNKNOWN_COLUMN]}) from None
        if not 0 <= position < len(record.headers):
            raise ValidationFailed(UNKNOWN_COLUMN, errors={"mapping": [UNKNOWN_COLUMN]})
        if key not in allowed:
            raise ValidationFailed(UNKNOWN_FIELD, errors={"mapping": [UNKNOWN_FIELD]})
        if key in clean.values():
            raise ValidationFailed(FIELD_TWICE, errors={"mapping": [FIELD_TWICE]})
        clean[str(position)] = key
    if EMAIL not in clean.values():
        raise ValidationFailed(EMAIL_NOT_MAPPED, errors={"mapping": [EMAIL_NOT_MAPPED]})
    if needs_separator(clean, custom_fields) and not separator:
        raise ValidationFailed(SEPARATOR_NEEDED, errors={"checkboxSeparator": [SEPARATOR_NEEDED]})
    return clean


def _check_ids(model, ids: list[int], field: str, label: str) -> list[int]:
    ids = sorted(set(ids))
    found = set(model.objects.filter(pk__in=ids).values_list("pk", flat=True))
    missing = [i for i in ids if i not in found]
    if missing:
        message = f"{label} not found: {', '.join(map(str, missing))}."
        raise ValidationFailed(message, errors={field: [message]})
    return ids


def import_start(
    *,
    import_id: int,
    mapping: dict[str, str],
    checkbox_separator: str = "",
    group_ids: list[int] | None = None,
    tag_ids: list[int] | None = None,
    empty_cells_clear: bool = False,
    started_by_id: int | None = None,
    started_by_email: str = "",
    enqueue: bool = True,
) -> ProfileImport:
    """Validate the mapping, create the job (409 while another import of this kind runs)
    and send the task once the transaction commits."""
    with transaction.atomic():
        record = ProfileImport.objects.select_for_update().filter(pk=import_id).first()
        if record is None:
            raise NotFound(IMPORT_NOT_FOUND)
        if record.job_id is not None:
            raise ValidationFailed(ALREADY_STARTED)
        if record.inspection == InspectionStatus.PENDING:
            raise ValidationFailed(STILL_READING, errors={"file": [STILL_READING]})
        if record.inspection == InspectionStatus.FAILED:
            raise ImportFileError(record.inspection_error)
        separator = (checkbox_separator or "")[:5]
        record.mapping = _check_mapping(record, mapping, separator)
        record.checkbox_separator = separator
        record.empty_cells_clear = empty_cells_clear
        if record.kind == ImportKind.SUBSCRIBERS:
            record.group_ids = _check_ids(Group, group_ids or [], "groupIds", "Groups")
            record.tag_ids = _check_ids(Tag, tag_ids or [], "tagIds", "Tags")
        job = jobs.job_create(
            kind=JOB_KINDS[record.kind],
            operation_key=operation_key(record.kind),
            title=f"{JOB_KINDS[record.kind].label}: {record.file_name}",
            total=record.rows_total,
            params={"importId": record.pk},
            cancellable=True,
            started_by_id=started_by_id,
            started_by_email=started_by_email,
        )
        record.job = job
        record.save(
            update_fields=[
                "mapping",
                "checkbox_separator",
                "empty_cells_clear",
                "group_ids",
                "tag_ids",
                "job",
            ]
        )
        audit_record(
            AuditEvent.IMPORT_STARTED,
            object_id=record.pk,
            label=record.file_name,
            extra={"kind": record.kind, "jobId": job.pk, "rows": record.rows_total},
        )
        if enqueue:
            jobs.job_enqueue(job, PROFILE_IMPORT_RUN, import_id=record.pk)
    return record


def import_errors_path(record: ProfileImport) -> Path:
    if not record.errors_path:
        raise NotFound(NO_ROW_ERRORS)
    path = media_path(record.errors_path)
    if not path.is_file():
        raise NotFound(NO_ROW_ERRORS)
    return path
