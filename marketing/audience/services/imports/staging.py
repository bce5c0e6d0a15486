"""The file into a TEMP staging table: rows checked in Python (rows.py), the valid ones
COPYed (psycopg 3 `cursor.copy()`), then one row per email kept: the last valid row of an
email wins, the earlier ones (remembered while checking) are counted as duplicates and
deleted.

Checking rows is the CPU-bound part, so a large file is checked by two processes: the
worker forks a helper before it opens its COPY. A CSV file with no quote character is cut
in two at a line start (each process reads its half); any other file is read by both,
the worker taking the rows 0, 2, 4... and the helper 1, 3, 5... The helper writes into a
working folder under the client's prefix; the worker relays the helper's lines into its
COPY as they come, then merges the error reports and the last rows of each email. The
helper never touches the worker's database connection and leaves with `os._exit`.

A plain CSV file (plain.py: no quote, no lone CR) is read a block of lines at a time, and
the block's rows written by the fast path (fast_path.py) when it can vouch for them, by
the full rules (rows.py) otherwise."""

from __future__ import annotations

import csv
import heapq
import os
import pickle
import shutil
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connection

from marketing.audience.models import Profile, ProfileImport
from marketing.audience.profile_fields import Kind
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.audience.services.imports.headers import importable
from marketing.audience.services.imports.plain import plain_blocks, plain_delimiter
from marketing.audience.services.imports.reading import (
    ImportFileError,
    halves,
    iter_data_rows,
)
from marketing.audience.services.imports.rows import DirectLoad, RowError, RowPlan, copy_chunk
from marketing.jobs import services as jobs
from marketing.jobs.files import csv_safe, media_path

if TYPE_CHECKING:  # pyarrow (~40 MB a process) loads only where a plain file is checked
    from marketing.audience.services.imports.fast_path import FastBlocks, Vouched

# The staging type of each kind of importable field (profile_fields.py).
STAGE_TYPES = {Kind.EMAIL: "text", Kind.TEXT: "text", Kind.REP: "bigint", Kind.BOOLEAN: "boolean"}


def stage_ddl(name: str) -> str:
    """A row number, a column per importable standard field, the custom values."""
    columns = [f"{field.column} {STAGE_TYPES[field.kind]}" for field in importable()]
    return f"CREATE TEMP TABLE {name} (row_no integer, {', '.join(columns)}, custom jsonb)"


# Lines per COPY write: the server stores each piece while Python parses the next.
COPY_WRITE_LINES = 2000


@dataclass
class Outcome:
    total: int = 0
    invalid: int = 0
    duplicate: int = 0
    inserted: int = 0
    updated: int = 0
    bulk: bool = False  # the apply rebuilt the profile indexes (apply.py)
    loaded: int = 0  # a direct load: new profiles written while staging (apply.direct_begin)

    @property
    def distinct(self) -> int:
        """Emails in the staging table once duplicates are gone."""
        return self.total - self.invalid - self.duplicate


def stage_name(record: ProfileImport) -> str:
    return f"import_stage_{record.pk}"


def stage_create(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(stage_ddl(name))


def stage_drop(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")


def check_cancel(run: jobs.JobRun | None) -> None:
    """Raises JobCancelled when a person asked the import to stop (and renews the run's
    lease)."""
    if run:
        jobs.job_checkpoint(run)


@dataclass
class _Part:
    """What one process made of its rows."""

    rows: int = 0
    invalid: int = 0
    last_row: dict[str, int] = field(default_factory=dict)  # email -> its last valid row
    superseded: list[int] = field(default_factory=list)  # valid rows with a later one
    new: int = 0  # a direct load: rows written as new profiles


class _Checked:
    """Where one process's checked rows go: valid ones to `write_lines` as COPY text in
    pieces, invalid ones to the `errors` CSV writer (in row order). With a `direct` load,
    the new profiles go to `write_lines` and the rows of existing ones (staging rows) to
    `write_aside`. Remembers the last valid row of each email in `part`, whatever order
    the rows come in."""

    def __init__(self, plan: RowPlan, part: _Part, write_lines, errors, direct, write_aside):
        self.plan, self.part, self.errors, self.direct = plan, part, errors, direct
        self.write_lines, self.write_aside = write_lines, write_aside
        self.lines: list[str] = []
        self.aside: list[str] = []

    def row(self, row_no: int, cells: list[str]) -> None:
        """One row by the full rules."""
        part = self.part
        part.rows += 1
        try:
            email, line, new = self.plan.copy_line(row_no, cells, self.direct)
        except RowError as exc:
            part.invalid += 1
            email_index = self.plan.email_index
            email = cells[email_index] if email_index < len(cells) else ""
            # A reason quotes field labels, which people type: neutralised like cells.
            self.errors.writerow([row_no, csv_safe(email[:254]), csv_safe(str(exc))])
            return
        if new or self.direct is None:
            self.lines.append(line)
            if len(self.lines) >= COPY_WRITE_LINES:
                self._write_lines()
        else:
            self.aside.append(line)
            if len(self.aside) >= COPY_WRITE_LINES:
                self._write_aside()
        self._last_row(row_no, email)

    def vouched(self, vouched: Vouched) -> None:
        """The rows the fast path wrote."""
        self.part.rows += vouched.count
        if vouched.new_text:
            self.part.new += vouched.new
            self.write_lines(vouched.new_text)
        if vouched.staged_text:
            (self.write_lines if self.direct is None else self.write_aside)(vouched.staged_text)
        last_row = self.part.last_row
        for row_no, email in zip(vouched.rows, vouched.emails, strict=True):
            if email in last_row:
                self._last_row(row_no, email)
            else:
                last_row[email] = row_no

    def _last_row(self, row_no: int, email: str) -> None:
        last_row = self.part.last_row
        earlier = last_row.get(email)
        if earlier is None or earlier < row_no:
            if earlier is not None:
                self.part.superseded.append(earlier)
            last_row[email] = row_no
        else:
            self.part.superseded.append(row_no)

    def _write_lines(self) -> None:
        if self.direct is not None:
            self.part.new += len(self.lines)
        self.write_lines(copy_chunk(self.lines))
        self.lines = []

    def _write_aside(self) -> None:
        self.write_aside(copy_chunk(self.aside))
        self.aside = []

    def close(self) -> None:
        if self.lines:
            self._write_lines()
        if self.aside:
            self._write_aside()


def _check_rows(rows, stride: int, phase: int, checked: _Checked):
    """Check this part's rows (every `stride`-th row of `rows` from the `phase`-th) into
    `checked`. Yields the rows read so far after every IMPORT_CHUNK_ROWS rows, and once at
    the end."""
    chunk_rows = settings.IMPORT_CHUNK_ROWS
    read = 0
    for row_no, cells in rows:
        read += 1
        if (read - 1) % stride == phase:
            checked.row(row_no, cells)
        if read % chunk_rows == 0:
            yield read
    checked.close()
    yield read


def _check_blocks(blocks, fast: FastBlocks, checked: _Checked):
    """`_check_rows` for the blocks of a plain file: the rows the fast path vouches for
    as it wrote them, the others by the full rules. Yields every multiple of
    IMPORT_CHUNK_ROWS that the rows read pass, once the block that passes it is checked,
    and the rows read at the end."""
    chunk_rows = settings.IMPORT_CHUNK_ROWS
    read = 0
    for block in blocks:
        vouched, rest = fast.check(block)
        checked.vouched(vouched)
        for row_no, cells in rest:
            checked.row(row_no, cells)
        before, read = read, read + vouched.count + len(rest)
        yield from range((before // chunk_rows + 1) * chunk_rows, read + 1, chunk_rows)
    checked.close()
    yield read


def _checking(path: Path, index: int, parts: int, split, fast, checked: _Checked):
    """Process `index` of `parts` checking its rows: its half of the file when the file
    can be cut (see `halves`), else every `parts`-th row of the whole file; the blocks of
    a plain file (whole, or cut) with `fast`."""
    half = split[index] if split is not None else None
    if fast is not None:
        return _check_blocks(plain_blocks(path, fast.delimiter, half), fast, checked)
    return _check_rows(iter_data_rows(path, half), 1 if split else parts, index, checked)


def _helper_run(plan: RowPlan, path: Path, split, folder: Path, direct, fast) -> None:
    """The forked helper's whole life: part 1 of 2 into `folder`, then `os._exit`."""
    status = 1
    try:
        part = _Part()
        with (
            open(folder / "lines.copy", "a", encoding="utf-8") as lines,
            open(folder / "aside.copy", "w", encoding="utf-8") as aside,
            open(folder / "errors.csv", "w", encoding="utf-8", newline="") as errors,
        ):
            checked = _Checked(plan, part, lines.write, csv.writer(errors), direct, aside.write)
            for _read in _checking(path, 1, 2, split, fast, checked):
                pass
        result = {"part": part}
        status = 0
    except ImportFileError as exc:
        result = {"file_error": exc.message}
    except BaseException as exc:  # noqa: BLE001 - reported to the worker, which raises
        result = {"error": f"{type(exc).__name__}: {exc}"}
    try:
        with open(folder / "result.pickle", "wb") as handle:
            pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        os._exit(status)


def _helper_wait(pid: int, folder: Path) -> _Part:
    """The helper's part, once it has left; its failure raised here."""
    os.waitpid(pid, 0)
    try:
        with open(folder / "result.pickle", "rb") as handle:
            result = pickle.load(handle)  # noqa: S301 - written by our own forked helper
    except (OSError, EOFError, pickle.UnpicklingError):
        result = {"error": "the row-checking helper stopped without a result"}
    if "file_error" in result:
        raise ImportFileError(result["file_error"])
    if "error" in result:
        raise RuntimeError(f"Import helper: {result['error']}")
    return result["part"]


def _superseded(parts: list[_Part]) -> list[int]:
    """Every valid row but the last of its email, over all parts."""
    rows = [row for part in parts for row in part.superseded]
    if len(parts) == 2:
        mine, other = parts[0].last_row, parts[1].last_row
        for email, row in other.items():
            earlier = mine.get(email)
            if earlier is not None:
                rows.append(min(earlier, row))
    return rows


class _CopySink:
    """Where `_Checked` writes: the COPY open at the time."""

    copy = None

    def __call__(self, text: str) -> None:
        self.copy.write(text)


class _HelperLines:
    """The helper's COPY text as it grows, relayed whole lines at a time into the COPY
    open at the time, so little is left to send once the helper is done."""

    def __init__(self, path: Path):
        self.handle = open(path, "rb")  # noqa: SIM115 - closed by close()
        self.pending = b""

    def relay(self, copy, *, final: bool = False) -> None:
        data = self.pending + self.handle.read()
        cut = len(data) if final else data.rfind(b"\n") + 1
        self.pending = data[cut:]
        if cut:
            copy.write(data[:cut])

    def close(self) -> None:
        self.handle.close()


def _merge_errors(parts: list[Path], errors_writer) -> None:
    """The parts' error rows, each in row order, into one report in row order."""
    handles = [open(part, encoding="utf-8", newline="") for part in parts]  # noqa: SIM115
    try:
        readers = [csv.reader(handle) for handle in handles]
        errors_writer.writerows(heapq.merge(*readers, key=lambda row: int(row[0])))
    finally:
        for handle in handles:
            handle.close()


def _call(fn, *args, **kwargs):
    return fn(*args, **kwargs)


def stage_file(
    record: ProfileImport,
    plan: RowPlan,
    name: str,
    errors_writer,
    run: jobs.JobRun | None,
    direct: DirectLoad | None = None,
    jobs_call=_call,
) -> Outcome:
    """Check and COPY the file into the staging table, then keep one row per email. One
    COPY per IMPORT_CHUNK_ROWS rows read (progress and the cancel check run between them,
    through `jobs_call`). With a `direct` load the new profiles are COPYed into the
    profile table itself (inside the import's transaction, the table locked), and only the
    rows of existing profiles into the staging table, after the file is read."""
    path = media_path(record.file_path)
    parts = 2 if path.stat().st_size >= settings.IMPORT_PARALLEL_MIN_BYTES else 1
    folder = media_path(f"{connection.schema_name}/imports/{record.pk}-work")
    shutil.rmtree(folder, ignore_errors=True)  # a run that died left it
    folder.mkdir(parents=True)
    helper = 0
    helper_lines = None
    split = halves(path) if parts == 2 else None
    delimiter = plain_delimiter(path)
    if delimiter is not None and split is None:
        parts = 1  # a plain file is read by halves; one that cannot be cut is one line
    if direct is not None:  # before the helper is forked: it routes rows by them
        repeated = _repeated_emails(path, plan.email_index, delimiter)
        direct.staged = direct.existing | repeated
        direct.new_repeated = repeated - direct.existing
    fast = None
    if delimiter is not None:
        from marketing.audience.services.imports.fast_path import FastBlocks

        fast = FastBlocks(plan, direct, delimiter)
    try:
        if parts == 2:
            (folder / "lines.copy").touch()
            helper = os.fork()
            if helper == 0:
                _helper_run(plan, path, split, folder, direct, fast)
            helper_lines = _HelperLines(folder / "lines.copy")
        own = _Part()
        stage_sql = f"COPY {name} ({', '.join(plan.stage_columns())}) FROM STDIN"
        sql = stage_sql
        if direct is not None:
            sql = f"COPY {Profile._meta.db_table} ({', '.join(direct.columns)}) FROM STDIN"
        own_errors = folder / "own-errors.csv"
        own_aside = folder / "own-aside.copy"
        with (
            open(own_errors, "w", encoding="utf-8", newline="") as errors_file,
            open(own_aside, "w", encoding="utf-8") as aside_file,
            connection.cursor() as cursor,
        ):
            sink = _CopySink()
            checked = _Checked(plan, own, sink, csv.writer(errors_file), direct, aside_file.write)
            chunks = _checking(path, 0, parts, split, fast, checked)
            while True:
                with cursor.copy(sql) as copy:
                    sink.copy = copy
                    read = next(chunks, None)
                    if helper_lines:
                        helper_lines.relay(copy)
                if read is None:
                    break
                if run:
                    # Reading half the file, the worker counts for both halves.
                    jobs_call(jobs.job_progress, run, processed=read * (2 if split else 1))
                jobs_call(check_cancel, run)
        done, error_parts, asides = [own], [own_errors], [own_aside]
        if helper:
            done.append(_helper_wait(helper, folder))
            helper = 0
            with connection.cursor() as cursor, cursor.copy(sql) as copy:
                helper_lines.relay(copy, final=True)
            error_parts.append(folder / "errors.csv")
            asides.append(folder / "aside.copy")
        if direct is not None:
            _copy_files(stage_sql, asides)
        _merge_errors(error_parts, errors_writer)
        superseded = _superseded(done)
        removed = _delete_rows(name, superseded, direct)
        return Outcome(
            total=sum(part.rows for part in done),
            invalid=sum(part.invalid for part in done),
            duplicate=len(superseded),
            loaded=sum(part.new for part in done) - removed,
        )
    finally:
        if helper_lines:
            helper_lines.close()
        if helper:  # the worker is leaving early (cancel, error): stop the helper
            os.kill(helper, signal.SIGKILL)
            os.waitpid(helper, 0)
        shutil.rmtree(folder, ignore_errors=True)


def _repeated_emails(path: Path, email_index: int, delimiter: str | None) -> set[str]:
    """The emails (by the one rule) on more than one row of the file, read before its rows
    are checked: a direct load writes a new profile straight into the table only from
    the one row of its email, and stages the rows of a repeated one (the last valid row
    wins there, as in any import). A plain file is read a block at a time (fast_path.py),
    any other as CSV."""
    if delimiter is not None:
        from marketing.audience.services.imports.fast_path import repeated_emails

        return repeated_emails(path, delimiter, email_index)
    seen: set[str] = set()
    repeated: set[str] = set()
    for _row_no, row in iter_data_rows(path):
        try:
            email = email_normalise(row[email_index] if email_index < len(row) else "")
        except InvalidEmail:
            continue
        if email in seen:
            repeated.add(email)
        else:
            seen.add(email)
    return repeated


def _copy_files(sql: str, paths: list[Path]) -> None:
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        for path in paths:
            with open(path, "rb") as handle:
                while chunk := handle.read(1024 * 1024):
                    copy.write(chunk)


def _delete_rows(name: str, rows: list[int], direct: DirectLoad | None = None) -> int:
    """Delete the superseded rows; how many were new profiles of a direct load (their id
    is the direct load's base + their row number; any other id is below that base)."""
    removed = 0
    with connection.cursor() as cursor:
        if rows:
            # `= ANY` of a large array is a hash lookup (PostgreSQL 14+).
            cursor.execute(f"DELETE FROM {name} WHERE row_no = ANY(%s)", [rows])
            # A direct load stages every row of a repeated email (_repeated_emails): the
            # profile table holds none of these rows unless that read missed one.
            if direct is not None and cursor.rowcount < len(rows):
                cursor.execute(
                    f"DELETE FROM {Profile._meta.db_table} WHERE id = ANY(%s)",
                    [[direct.base + row for row in rows]],
                )
                removed = cursor.rowcount
        # Statistics for the joins on email (and the row count): a third of a full ANALYZE.
        cursor.execute(f"ANALYZE {name} (email)")
    return removed
