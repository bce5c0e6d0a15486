"""The file into a TEMP staging table: rows checked in Python (rows.py), the valid ones
COPYed (psycopg 3 `cursor.copy()`), then one row per email kept (the last valid row of an
email wins; the earlier ones are counted as duplicates and deleted).

Checking rows is the CPU-bound part, so a large file is checked by two processes: the
worker forks a helper before it opens its COPY; both read the whole file, the worker
takes the rows 0, 2, 4... and the helper 1, 3, 5... into files of its own, which the
worker then COPYs and merges. The helper never touches the worker's database connection
and leaves with `os._exit`."""

import csv
import heapq
import json
import os
import shutil
import signal
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction

from marketing.audience.models import ProfileImport
from marketing.audience.services.downloads import csv_safe, media_path
from marketing.audience.services.imports.reading import ImportFileError, iter_data_rows
from marketing.audience.services.imports.rows import RowError, RowPlan, copy_chunk
from marketing.jobs import services as jobs

STAGE_DDL = """
CREATE TEMP TABLE {name} (
    row_no integer, email text, first_name text, last_name text, phone text, company text,
    title text, rep_id bigint, address1 text, address2 text, city text, state text,
    country text, county text, zip_code text, do_not_email boolean, custom jsonb
)"""

# Lines per COPY write: the server stores each piece while Python parses the next.
COPY_WRITE_LINES = 2000
COPY_READ_BYTES = 1024 * 1024
DEDUP_WORK_MEM = "256MB"


class ImportCancelled(Exception):
    pass


@dataclass
class Outcome:
    total: int = 0
    invalid: int = 0
    duplicate: int = 0
    inserted: int = 0
    updated: int = 0
    bulk: bool = False  # the apply rebuilt the profile indexes (apply.py)

    @property
    def distinct(self) -> int:
        """Emails in the staging table once duplicates are gone."""
        return self.total - self.invalid - self.duplicate


def stage_name(record: ProfileImport) -> str:
    return f"import_stage_{record.pk}"


def stage_create(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(STAGE_DDL.format(name=name))


def stage_drop(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")


def check_cancel(job_id: int | None) -> None:
    if job_id and jobs.job_cancel_requested(job_id):
        raise ImportCancelled


def _check_rows(plan: RowPlan, path: Path, part: int, parts: int, write_lines, errors):
    """Check this part's rows (every `parts`-th row from `part`): valid ones go to
    `write_lines` as COPY text in pieces, invalid ones to the `errors` CSV writer. Yields
    (rows read so far, rows of this part, invalid rows) after every IMPORT_CHUNK_ROWS
    rows read, and once at the end."""
    copy_line = plan.copy_line
    chunk_rows = settings.IMPORT_CHUNK_ROWS
    email_index = plan.email_index
    read = mine = invalid = 0
    lines: list[str] = []
    for row_no, cells in iter_data_rows(path):
        read += 1
        if (read - 1) % parts == part:
            mine += 1
            try:
                lines.append(copy_line(row_no, cells)[1])
            except RowError as exc:
                invalid += 1
                email = cells[email_index] if email_index < len(cells) else ""
                errors.writerow([row_no, csv_safe(email[:254]), str(exc)])
            if len(lines) >= COPY_WRITE_LINES:
                write_lines(copy_chunk(lines))
                lines = []
        if read % chunk_rows == 0:
            yield read, mine, invalid
    if lines:
        write_lines(copy_chunk(lines))
    yield read, mine, invalid


def _helper_run(plan: RowPlan, path: Path, folder: Path) -> None:
    """The forked helper's whole life: part 1 of 2 into `folder`, then `os._exit`."""
    status = 1
    try:
        with (
            open(folder / "lines.copy", "w", encoding="utf-8") as lines,
            open(folder / "errors.csv", "w", encoding="utf-8", newline="") as errors,
        ):
            *_, (_read, mine, invalid) = _check_rows(
                plan, path, 1, 2, lines.write, csv.writer(errors)
            )
        result = {"total": mine, "invalid": invalid}
        status = 0
    except ImportFileError as exc:
        result = {"file_error": exc.message}
    except BaseException as exc:  # noqa: BLE001 - reported to the worker, which raises
        result = {"error": f"{type(exc).__name__}: {exc}"}
    try:
        (folder / "result.json").write_text(json.dumps(result))
    finally:
        os._exit(status)


def _helper_wait(pid: int, folder: Path) -> dict:
    """The helper's counts, once it has left; its failure raised here."""
    os.waitpid(pid, 0)
    try:
        result = json.loads((folder / "result.json").read_text())
    except (OSError, ValueError):
        result = {"error": "the row-checking helper stopped without a result"}
    if "file_error" in result:
        raise ImportFileError(result["file_error"])
    if "error" in result:
        raise RuntimeError(f"Import helper: {result['error']}")
    return result


class _CopySink:
    """Where `_check_rows` writes: the COPY open at the time."""

    copy = None

    def __call__(self, text: str) -> None:
        self.copy.write(text)


def _merge_errors(parts: list[Path], errors_writer) -> None:
    """The parts' error rows, each in row order, into one report in row order."""
    handles = [open(part, encoding="utf-8", newline="") for part in parts]  # noqa: SIM115
    try:
        readers = [csv.reader(handle) for handle in handles]
        errors_writer.writerows(heapq.merge(*readers, key=lambda row: int(row[0])))
    finally:
        for handle in handles:
            handle.close()


def stage_file(
    record: ProfileImport, plan: RowPlan, name: str, errors_writer, job_id: int | None
) -> Outcome:
    """Check and COPY the file into the staging table, then keep one row per email. One
    COPY per IMPORT_CHUNK_ROWS rows read (progress and the cancel check run between them,
    the connection being free then)."""
    path = media_path(record.file_path)
    parts = 2 if path.stat().st_size >= settings.IMPORT_PARALLEL_MIN_BYTES else 1
    folder = Path(tempfile.mkdtemp(prefix="import-"))
    helper = 0
    try:
        if parts == 2:
            helper = os.fork()
            if helper == 0:
                _helper_run(plan, path, folder)
        outcome = Outcome()
        sql = f"COPY {name} ({', '.join(plan.stage_columns())}) FROM STDIN"
        own_errors = folder / "own-errors.csv"
        with (
            open(own_errors, "w", encoding="utf-8", newline="") as errors_file,
            connection.cursor() as cursor,
        ):
            sink = _CopySink()
            chunks = _check_rows(plan, path, 0, parts, sink, csv.writer(errors_file))
            while True:
                with cursor.copy(sql) as copy:
                    sink.copy = copy
                    progress = next(chunks, None)
                if progress is None:
                    break
                read, outcome.total, outcome.invalid = progress
                if job_id:
                    jobs.job_progress(job_id, processed=read)
                check_cancel(job_id)
        error_parts = [own_errors]
        if helper:
            result = _helper_wait(helper, folder)
            helper = 0
            outcome.total += result["total"]
            outcome.invalid += result["invalid"]
            with (
                connection.cursor() as cursor,
                cursor.copy(sql) as copy,
                open(folder / "lines.copy", "rb") as lines,
            ):
                while piece := lines.read(COPY_READ_BYTES):
                    copy.write(piece)
            error_parts.append(folder / "errors.csv")
        _merge_errors(error_parts, errors_writer)
        outcome.duplicate = _keep_last_row_per_email(name)
        return outcome
    finally:
        if helper:  # the worker is leaving early (cancel, error): stop the helper
            os.kill(helper, signal.SIGKILL)
            os.waitpid(helper, 0)
        shutil.rmtree(folder, ignore_errors=True)


def _keep_last_row_per_email(name: str) -> int:
    """Delete every row of an email but its last; the number deleted."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL work_mem = '{DEDUP_WORK_MEM}'")  # the hash of every email
        cursor.execute(
            f"""DELETE FROM {name} s USING (
                SELECT email, max(row_no) AS last FROM {name}
                GROUP BY email HAVING count(*) > 1
            ) d WHERE s.email = d.email AND s.row_no < d.last"""
        )
        duplicate = cursor.rowcount
        cursor.execute(f"ANALYZE {name}")
    return duplicate
