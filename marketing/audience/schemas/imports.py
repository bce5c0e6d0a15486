from datetime import datetime
from typing import Literal

from ninja import Field, Schema

from config.pagination import PageOut, PageQuery
from marketing.audience.models import ProfileImport


class ImportFieldOut(Schema):
    key: str
    label: str
    required: bool


class ImportUploadOut(Schema):
    id: int
    kind: str
    fileName: str
    headers: list[str]
    sample: list[list[str]]
    suggestedMapping: dict[str, str]
    fields: list[ImportFieldOut]


class ImportStartIn(Schema):
    mapping: dict[str, str]
    checkboxSeparator: str | None = Field(default=None, max_length=5)
    groupIds: list[int] = []
    tagIds: list[int] = []


class ImportOut(Schema):
    id: int
    kind: str
    fileName: str
    createdAt: datetime
    jobId: int | None
    status: str
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
        "status": job.status if job else "Uploaded",
        "progress": job.progress if job else 0,
        "rowsTotal": record.rows_total,
        "rowsInserted": record.rows_inserted,
        "rowsUpdated": record.rows_updated,
        "rowsInvalid": record.rows_invalid,
        "rowsDuplicate": record.rows_duplicate,
        "hasErrors": bool(record.errors_path),
    }
