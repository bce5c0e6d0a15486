"""Files under the client's media prefix (MEDIA_ROOT/<schema>/...): the files jobs write
(exports, error reports) and their download.

A caller never names a path: a download names the job that made the file. Paths we keep
are still confined on reading: relative to MEDIA_ROOT, starting with the current client's
schema, resolving (symlinks included) inside that prefix."""

import base64
import csv
import logging
import re
import uuid
from pathlib import Path, PurePosixPath

from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.errors import NotFound, ValidationFailed
from marketing.jobs import services as jobs
from marketing.jobs.messages import FILE_TOO_LARGE, INVALID_PATH, NO_FILE
from marketing.jobs.models import JobStatus
from marketing.jobs.selectors import job_for_file
from tenants.access import Gate, Member, authorize_gate, authorize_owner_or_admin

logger = logging.getLogger(__name__)

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
# The gate of the action that made a job's file, by job kind. The assembly hands over the
# one gate table's entries at start (config/apps.py: JOB_KIND_GATES); a kind without an
# entry needs only a member (and, always, its starter or an admin).
_file_gates: dict[str, Gate] = {}


def job_file_gates_register(gates: dict[str, Gate]) -> None:
    _file_gates.update(gates)


def media_root() -> Path:
    return Path(settings.MEDIA_ROOT)


def media_path(relative: str) -> Path:
    return media_root() / relative


def client_prefix() -> str:
    schema = connection.schema_name
    if not schema or schema == "public":
        raise ValidationFailed(INVALID_PATH)
    return schema


def safe_file_name(name: str, *, fallback: str = "file") -> str:
    base = PurePosixPath(name.replace("\\", "/")).name
    cleaned = _UNSAFE_NAME.sub("_", base).strip("._")[:120]
    return cleaned or fallback


def new_relative_path(folder: str, name: str) -> str:
    """<schema>/<folder>/<uuid>-<safe name>, its folder created."""
    relative = f"{client_prefix()}/{folder}/{uuid.uuid4().hex}-{safe_file_name(name)}"
    media_path(relative).parent.mkdir(parents=True, exist_ok=True)
    return relative


def csv_safe(value) -> str:
    """Neutralise spreadsheet formulas (CSV injection): a cell starting with = + - @ tab or
    CR gets a leading apostrophe."""
    text = "" if value is None else str(value)
    if text and text[0] in FORMULA_PREFIXES:
        return "'" + text
    return text


def confine(file_path: str) -> Path:
    """The absolute path of `file_path` if it lies inside the client's prefix."""
    prefix = client_prefix()
    if not file_path or "\x00" in file_path or "\\" in file_path:
        raise ValidationFailed(INVALID_PATH)
    parts = PurePosixPath(file_path).parts
    if PurePosixPath(file_path).is_absolute() or ".." in parts or not parts:
        raise ValidationFailed(INVALID_PATH)
    if parts[0] != prefix or len(parts) < 2:
        raise ValidationFailed(INVALID_PATH)
    root = (media_root() / prefix).resolve()
    resolved = (media_root() / file_path).resolve()
    if not resolved.is_relative_to(root):
        raise ValidationFailed(INVALID_PATH)
    return resolved


def download_base64(*, member: Member, file_id: str, file_name: str) -> dict:
    """A job's file, by the job's file id: the caller needs the right of the action that
    made it (an export needs exportProfiles) and must be its starter or an admin."""
    job = job_for_file(file_id)
    gate = _file_gates.get(job.kind)
    if gate is not None:
        authorize_gate(member, gate)
    authorize_owner_or_admin(member, owner_id=job.started_by_id)
    path = confine(job.file_path)
    if not path.is_file():
        raise NotFound(NO_FILE)
    if path.stat().st_size > MAX_DOWNLOAD_BYTES:
        raise ValidationFailed(FILE_TOO_LARGE)
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    fallback = (job.result or {}).get("fileName") or path.name
    return {"status": 1, "fileName": safe_file_name(file_name or fallback), "data": data}


EXPORT_CHUNK = 5000


def csv_export_write(run: jobs.JobRun, *, name: str, noun: str, header, rows) -> dict | None:
    """Write a job's CSV export as the job's file, under the client's exports folder:
    `rows()` yields the rows, already neutralised (csv_safe) and capped by the caller.
    Progress and the cancel check every EXPORT_CHUNK rows; a cancelled or failed export
    leaves no file behind. Finishes the job; answers its result, {fileName} (None when
    cancelled)."""
    relative = new_relative_path("exports", f"{name}-{timezone.now():%Y%m%d-%H%M%S}.csv")
    file_name = relative.rsplit("/", 1)[1].split("-", 1)[1]
    path = media_path(relative)
    try:
        written = 0
        with open(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(header)
            for row in rows():
                writer.writerow(row)
                written += 1
                if written % EXPORT_CHUNK == 0:
                    jobs.job_checkpoint(run)
                    jobs.job_progress(run, processed=written)
        result = {"fileName": file_name}
        jobs.job_finish(
            run,
            message=f"{written} {noun} exported.",
            result=result,
            succeeded=written,
            processed=written,
            file_path=relative,
        )
        return result
    except jobs.JobCancelled:
        path.unlink(missing_ok=True)
        jobs.job_finish(run, status=JobStatus.CANCELLED, message=jobs.CANCELLED_MESSAGE)
        return None
    except BaseException:
        path.unlink(missing_ok=True)
        raise
