from datetime import datetime
from typing import Literal

from ninja import Field, Schema

from core.pagination import PageOut, PageQuery
from marketing.audience.models import ImportKind, InspectionStatus, ProfileImport
from marketing.jobs.models import JobStatus

ImportKindName = Literal[tuple(ImportKind.values)]
# An import's job's status, or "Uploaded" before its job starts.
ImportStatus = Literal[(*JobStatus.values, "Uploaded")]


class ImportFieldOut(Schema):
    key: str
    label: str
    required: bool


class ImportUploadOut(Schema):
    """An upload as the mapping step shows it. An .xlsx file answers "pending" (the worker
    reads it; GET /mm/imports/{id}/inspection until it is "ready" or "failed"), with no
    headers, sample or suggested mapping until then."""

    id: int
    kind: ImportKindName
    fileName: str
    inspection: Literal["pending", "ready", "failed"]
    inspectionError: str  # why the file cannot be read, when "failed"
    headers: list[str]
    sample: list[list[str]]
    suggestedMapping: dict[str, str]
    fields: list[ImportFieldOut]


class ImportStartIn(Schema):
    mapping: dict[str, str]
    checkboxSeparator: str | None = Field(default=None, max_length=5)
    groupIds: list[int] = []
    tagIds: list[int] = []
    # "Empty cells clear the stored value" (off: an empty cell keeps it).
    emptyCellsClear: bool = False


class ImportOut(Schema):
    id: int
    kind: ImportKindName
    fileName: str
    createdAt: datetime
    jobId: int | None
    status: ImportStatus
    progress: int
    rowsTotal: int
    rowsInserted: int
    rowsUpdated: int
    rowsInvalid: int
    rowsDuplicate: int
    hasErrors: bool


class ImportListQuery(PageQuery):
    kind: str | None = None


class ImportPageOut(PageOut):
    items: list[ImportOut]


ImportKindIn = Literal["subscribers", "unsubscribers"]


def import_out(record: ProfileImport) -> dict:
    job = record.job
    return {
        "id": record.pk,
        "kind": record.kind,
        "fileName": record.file_name,
        "createdAt": record.created_at,
        "jobId": record.job_id,
        "status": job.status if job else _status_before_start(record),
        "progress": job.progress if job else 0,
        "rowsTotal": record.rows_total,
        "rowsInserted": record.rows_inserted,
        "rowsUpdated": record.rows_updated,
        "rowsInvalid": record.rows_invalid,
        "rowsDuplicate": record.rows_duplicate,
        "hasErrors": bool(record.errors_path),
    }


def _status_before_start(record: ProfileImport) -> ImportStatus:
    return "Failed" if record.inspection == InspectionStatus.FAILED else "Uploaded"


def import_upload_out(record: ProfileImport, preview: dict) -> dict:
    return {
        "id": record.pk,
        "kind": record.kind,
        "fileName": record.file_name,
        "headers": record.headers,
        **preview,
    }
