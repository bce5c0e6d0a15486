"""The import itself: stream the stored file, validate rows in Python chunk by chunk, COPY
the valid ones into a TEMP staging table (psycopg 3 `cursor.copy()`), then apply the whole
file in ONE transaction with set-based statements:

- subscribers: one `INSERT ... SELECT DISTINCT ON (email) ... ON CONFLICT (email) DO UPDATE
  ... WHERE (changed)`, inserts told from updates by `xmax = 0`; group and tag links with
  `ON CONFLICT DO NOTHING`; the Contacts plan limit checked first for the new emails;
- unsubscribers: `Unsubscribe` log rows and `unsubscribed_at` / `unsubscribe_source`.

Within the file the last row of an email wins. Empty cells never blank an existing value.
A failure or a cancel before the apply changes nothing; running the same import twice
changes nothing the second time. Row errors go to a CSV under the client's prefix."""

import csv
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from json.encoder import encode_basestring_ascii
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from config.errors import ServiceError
from marketing.audience.models import (
    PROFILE_TEXT_FIELDS,
    FieldType,
    ImportKind,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Rep,
    Unsubscribe,
)
from marketing.audience.services.downloads import csv_safe, media_path
from marketing.audience.services.imports.headers import (
    CUSTOM_PREFIX,
    DO_NOT_EMAIL,
    EMAIL,
    REP_EMAIL,
    SYSTEM_BY_KEY,
)
from marketing.audience.services.imports.reading import iter_data_rows
from marketing.jobs import services as jobs
from marketing.jobs.models import BackgroundJob, JobStatus

logger = logging.getLogger(__name__)

# A fast structural check (email-validator is ~50x slower); addresses are lower-cased.
EMAIL_RE = re.compile(
    r"^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$"
)
YES = frozenset({"YES", "TRUE", "Y"})
NO = frozenset({"NO", "FALSE", "N"})
DATE_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
CUSTOM_TEXT_MAX = 1000
TEXT_COLUMNS = PROFILE_TEXT_FIELDS
CANCELLED_MESSAGE = "Cancelled: nothing was imported."


class RowError(Exception):
    pass


class ImportCancelled(Exception):
    pass


@dataclass
class Outcome:
    total: int = 0
    invalid: int = 0
    duplicate: int = 0
    inserted: int = 0
    updated: int = 0
    errors: list = field(default_factory=list)


# --- row validation ---------------------------------------------------------------------


def _text(label: str, max_length: int) -> Callable[[str], str | None]:
    def parse(value: str) -> str | None:
        value = value.strip()
        if not value:
            return None
        if value[0] == "=":
            raise RowError(f"{label}: formula values are not accepted")
        if len(value) > max_length:
            raise RowError(f"{label} is longer than {max_length} characters")
        return value

    parse.text_limit = (label, max_length)  # lets RowPlan.copy_line inline the check
    return parse


def parse_do_not_email(value: str) -> bool | None:
    upper = value.strip().upper()
    if not upper:
        return None
    if upper in YES:
        return True
    if upper in NO:
        return False
    raise RowError("Do Not Email must be YES/NO, TRUE/FALSE or Y/N")


def parse_date(label: str, value: str) -> str:
    match = DATE_RE.match(value)
    if not match:
        raise RowError(f"{label} must be a date YYYY-MM-DD")
    try:
        parsed = date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError as exc:
        raise RowError(f"{label} must be a date YYYY-MM-DD") from exc
    if not 1700 <= parsed.year <= 2260:
        raise RowError(f"{label}: the year must be between 1700 and 2260")
    return parsed.isoformat()


def parse_number(label: str, value: str) -> int | float:
    try:
        return int(value)
    except ValueError:
        pass
    try:
        number = float(value)
    except ValueError as exc:
        raise RowError(f"{label} must be a number") from exc
    if number != number or number in (float("inf"), float("-inf")):
        raise RowError(f"{label} must be a number")
    return number


def _custom(field_: ProfileField, separator: str) -> Callable[[str], object]:
    label = field_.label
    options = {option.lower(): option for option in field_.options}

    def parse(value: str):
        value = value.strip()
        if not value:
            return None
        if field_.field_type == FieldType.NUMBER:
            return parse_number(label, value)
        if field_.field_type == FieldType.DATE:
            return parse_date(label, value)
        if field_.field_type in (FieldType.RADIO, FieldType.DROPDOWN):
            if value.lower() not in options:
                raise RowError(f"{label} must be one of its options")
            return options[value.lower()]
        if field_.field_type == FieldType.CHECKBOX:
            chosen = [part.strip() for part in value.split(separator) if part.strip()]
            if any(part.lower() not in options for part in chosen):
                raise RowError(f"{label} must be a subset of its options")
            return list(dict.fromkeys(options[part.lower()] for part in chosen))
        if value[0] == "=":
            raise RowError(f"{label}: formula values are not accepted")
        if len(value) > CUSTOM_TEXT_MAX:
            raise RowError(f"{label} is longer than {CUSTOM_TEXT_MAX} characters")
        return value

    return parse


@dataclass
class RowPlan:
    """How one file row becomes one staging row: the staging columns (after row_no and
    email) and, per column, (cell index, parser)."""

    kind: str
    email_index: int
    columns: list[str]
    parsers: list[tuple[int, Callable]]
    custom: list[tuple[int, str, Callable]]

    def stage_columns(self) -> list[str]:
        return ["row_no", "email", *self.columns] + (["custom"] if self.custom else [])

    def parse(self, row_no: int, cells: list[str]) -> tuple[str, tuple]:
        """(email, staging row); raises RowError. Missing trailing cells count as empty."""
        width = len(cells)
        email = cells[self.email_index].strip().lower() if self.email_index < width else ""
        if not email:
            raise RowError("The email address is missing")
        if len(email) > 254 or not EMAIL_RE.match(email):
            raise RowError("The email address is not valid")
        values = [row_no, email]
        for index, parser in self.parsers:
            values.append(parser(cells[index]) if index < width else None)
        if self.custom:
            custom = {}
            for index, key, parser in self.custom:
                if index < width:
                    value = parser(cells[index])
                    if value is not None:
                        custom[key] = value
            values.append(json.dumps(custom) if custom else None)
        return email, tuple(values)

    def copy_line(self, row_no: int, cells: list[str]) -> str:
        """`parse` (same checks, same errors, same order) straight to one COPY text line
        (no newline): the hot path of the import, so text cells are checked inline and
        escaping is only done for the rare line that needs it. NULL is NUL_MARK here
        (see `copy_chunk`); raises RowError."""
        width = len(cells)
        email = cells[self.email_index].strip().lower() if self.email_index < width else ""
        if not email:
            raise RowError("The email address is missing")
        if len(email) > 254 or not EMAIL_RE.match(email):
            raise RowError("The email address is not valid")
        out = [str(row_no), email]
        append = out.append
        nulls = 0
        for index, limit, parser in self._fields:
            if index >= width:
                append(NUL_MARK)
                nulls += 1
            elif limit is not None:
                value = cells[index].strip()
                if not value:
                    append(NUL_MARK)
                    nulls += 1
                elif value[0] == "=":
                    raise RowError(f"{limit[0]}: formula values are not accepted")
                elif len(value) > limit[1]:
                    raise RowError(f"{limit[0]} is longer than {limit[1]} characters")
                else:
                    append(value)
            else:
                value = parser(cells[index])
                if value is None:
                    append(NUL_MARK)
                    nulls += 1
                elif value is True:
                    append("t")
                elif value is False:
                    append("f")
                else:
                    append(str(value))
        if self.custom:
            parts = []
            for index, key, parser in self.custom:
                if index < width:
                    value = parser(cells[index])
                    if value is not None:
                        parts.append(
                            f"{encode_basestring_ascii(key)}: "
                            + (
                                encode_basestring_ascii(value)
                                if isinstance(value, str)
                                else json.dumps(value)
                            )
                        )
            if parts:
                append("{" + ", ".join(parts) + "}")
            else:
                append(NUL_MARK)
                nulls += 1
        line = "\t".join(out)
        if line.count(NUL_MARK) != nulls:
            raise RowError("A cell contains a NUL character")
        if "\\" in line or "\n" in line or "\r" in line or line.count("\t") != len(out) - 1:
            line = "\t".join(value if value is NUL_MARK else _copy_escape(value) for value in out)
        return line

    @cached_property
    def _fields(self) -> list[tuple[int, tuple[str, int] | None, Callable]]:
        return [
            (index, getattr(parser, "text_limit", None), parser) for index, parser in self.parsers
        ]


NUL_MARK = "\x00"  # never in a stored file (the upload refuses NUL bytes) nor in PostgreSQL


def _copy_escape(value: str) -> str:
    return (
        value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    )


def copy_chunk(lines: list[str]) -> str:
    """COPY text for lines from `RowPlan.copy_line`: NUL_MARK cells become \\N."""
    return ("\n".join(lines) + "\n").replace(NUL_MARK, "\\N")


def row_plan(record: ProfileImport) -> RowPlan:
    mapping = {int(index): key for index, key in record.mapping.items()}
    email_index = next(index for index, key in mapping.items() if key == EMAIL)
    if record.kind == ImportKind.UNSUBSCRIBERS:
        return RowPlan(record.kind, email_index, [], [], [])
    customs = {f.key: f for f in ProfileField.objects.all()}
    reps = dict(Rep.objects.values_list("email", "id"))
    columns: list[str] = []
    parsers: list[tuple[int, Callable]] = []
    custom: list[tuple[int, str, Callable]] = []
    for index, key in sorted(mapping.items()):
        if key == EMAIL:
            continue
        if key.startswith(CUSTOM_PREFIX):
            field_ = customs.get(key.removeprefix(CUSTOM_PREFIX))
            if field_ is not None:
                custom.append((index, field_.key, _custom(field_, record.checkbox_separator)))
            continue
        system = SYSTEM_BY_KEY[key]
        columns.append(system.column)
        if key == DO_NOT_EMAIL:
            parsers.append((index, parse_do_not_email))
        elif key == REP_EMAIL:

            def parse_rep(value: str, reps=reps):
                value = value.strip().lower()
                if not value:
                    return None
                if value not in reps:
                    raise RowError("The rep email is not a known rep")
                return reps[value]

            parsers.append((index, parse_rep))
        else:
            parsers.append((index, _text(system.label, system.max_length)))
    return RowPlan(record.kind, email_index, columns, parsers, custom)


# --- staging ----------------------------------------------------------------------------

STAGE_DDL = """
CREATE TEMP TABLE {name} (
    row_no integer, email text, first_name text, last_name text, phone text, company text,
    title text, rep_id bigint, address1 text, address2 text, city text, state text,
    country text, county text, zip_code text, do_not_email boolean, custom jsonb
)"""


def _stage_name(record: ProfileImport) -> str:
    return f"import_stage_{record.pk}"


# Lines per COPY write: the server stores each piece while Python parses the next.
COPY_WRITE_LINES = 2000


def _check_cancel(job_id: int | None) -> None:
    if job_id and jobs.job_cancel_requested(job_id):
        raise ImportCancelled


def stage_file(
    record: ProfileImport, plan: RowPlan, name: str, errors_writer, job_id: int | None
) -> Outcome:
    """Parse and COPY the file into the staging table. One COPY per IMPORT_CHUNK_ROWS rows
    (progress and the cancel check run between them, the connection being free then),
    written in small pieces so PostgreSQL works while Python parses."""
    outcome = Outcome()
    sql = f"COPY {name} ({', '.join(plan.stage_columns())}) FROM STDIN"
    chunk_rows = settings.IMPORT_CHUNK_ROWS
    copy_line = plan.copy_line
    rows = iter_data_rows(media_path(record.file_path))
    with connection.cursor() as cursor:
        more = True
        while more:
            more = False
            with cursor.copy(sql) as copy:
                lines: list[str] = []
                for row_no, cells in rows:
                    outcome.total += 1
                    try:
                        lines.append(copy_line(row_no, cells))
                    except RowError as exc:
                        outcome.invalid += 1
                        email = cells[plan.email_index] if plan.email_index < len(cells) else ""
                        errors_writer.writerow([row_no, csv_safe(email[:254]), str(exc)])
                    if len(lines) >= COPY_WRITE_LINES:
                        copy.write(copy_chunk(lines))
                        lines = []
                    if outcome.total % chunk_rows == 0:
                        more = True
                        break
                if lines:
                    copy.write(copy_chunk(lines))
            if more:
                if job_id:
                    jobs.job_progress(job_id, processed=outcome.total)
                _check_cancel(job_id)
    return outcome


# --- apply ------------------------------------------------------------------------------


def _apply_subscribers(record: ProfileImport, plan: RowPlan, name: str) -> tuple[int, int]:
    from tenants.plan_limits import Module, plan_limit_enforce

    table = Profile._meta.db_table
    now = timezone.now()
    mapped = set(plan.columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(DISTINCT s.email) FROM {name} s WHERE NOT EXISTS "
            f"(SELECT 1 FROM {table} p WHERE p.email = s.email)"
        )
        adding = cursor.fetchone()[0]
    if adding and getattr(connection, "tenant", None) is not None:
        plan_limit_enforce(client=connection.tenant, module=Module.CONTACTS, adding=adding)

    insert_columns = ["email"]
    select: list[str] = ["s.email"]
    updates: list[str] = []
    for column in TEXT_COLUMNS:
        insert_columns.append(column)
        if column in mapped:
            select.append(f"COALESCE(s.{column}, p.{column}, '')")
            updates.append(column)
        else:
            select.append("''")
    insert_columns.append("rep_id")
    if "rep_id" in mapped:
        select.append("COALESCE(s.rep_id, p.rep_id)")
        updates.append("rep_id")
    else:
        select.append("NULL::bigint")
    insert_columns.append("do_not_email")
    if "do_not_email" in mapped:
        select.append("COALESCE(s.do_not_email, p.do_not_email, false)")
        updates.append("do_not_email")
    else:
        select.append("false")
    insert_columns.append("custom")
    if plan.custom:
        select.append("COALESCE(p.custom, '{}'::jsonb) || COALESCE(s.custom, '{}'::jsonb)")
        updates.append("custom")
    else:
        select.append("'{}'::jsonb")
    insert_columns += [
        "source",
        "verification_status",
        "soft_bounce_streak",
        "is_active",
        "unsubscribe_source",
        "created_at",
        "updated_at",
    ]
    select += ["'import'", "'Pending'", "0", "true", "''", "%(now)s", "%(now)s"]
    if updates:
        changed = (
            f"WHERE ({', '.join(f't.{c}' for c in updates)}) IS DISTINCT FROM "
            f"({', '.join(f'EXCLUDED.{c}' for c in updates)})"
        )
        conflict = (
            f"DO UPDATE SET {', '.join(f'{c} = EXCLUDED.{c}' for c in updates)}, "
            f"updated_at = EXCLUDED.updated_at {changed}"
        )
    else:
        conflict = "DO NOTHING"
    sql = f"""
        WITH s AS (
            SELECT DISTINCT ON (email) * FROM {name} ORDER BY email, row_no DESC
        ), up AS (
            INSERT INTO {table} AS t ({", ".join(insert_columns)})
            SELECT {", ".join(select)}
            FROM s LEFT JOIN {table} p ON p.email = s.email
            ON CONFLICT (email) {conflict}
            RETURNING (t.xmax = 0) AS inserted
        )
        SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) FROM up
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, {"now": now})
        inserted, updated = cursor.fetchone()
        for link_model, column, ids in (
            (ProfileGroup, "group_id", record.group_ids),
            (ProfileTag, "tag_id", record.tag_ids),
        ):
            if ids:
                cursor.execute(
                    f"""INSERT INTO {link_model._meta.db_table} (profile_id, {column})
                    SELECT p.id, x.id FROM (SELECT DISTINCT email FROM {name}) s
                    JOIN {table} p ON p.email = s.email
                    CROSS JOIN unnest(%s::bigint[]) AS x(id)
                    ON CONFLICT DO NOTHING""",
                    [list(ids)],
                )
    return inserted, updated


def _apply_unsubscribers(name: str) -> tuple[int, int]:
    """(Unsubscribe rows written, profiles newly unsubscribed)."""
    table = Profile._meta.db_table
    log = Unsubscribe._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH s AS (SELECT DISTINCT email FROM {name}),
            logged AS (
                INSERT INTO {log} (email, profile_id, source, reason, created_at)
                SELECT s.email, p.id, 'import', '', %(now)s
                FROM s LEFT JOIN {table} p ON p.email = s.email
                WHERE (p.id IS NOT NULL AND p.unsubscribed_at IS NULL)
                   OR (p.id IS NULL AND NOT EXISTS (SELECT 1 FROM {log} u WHERE u.email = s.email))
                RETURNING 1
            ), marked AS (
                UPDATE {table} p
                SET unsubscribed_at = %(now)s, unsubscribe_source = 'import', updated_at = %(now)s
                FROM s WHERE p.email = s.email AND p.unsubscribed_at IS NULL
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM logged), (SELECT count(*) FROM marked)
            """,
            {"now": timezone.now()},
        )
        return cursor.fetchone()


# --- the whole run ----------------------------------------------------------------------


def errors_relative_path(record: ProfileImport) -> str:
    return f"{connection.schema_name}/imports/{record.pk}-errors.csv"


def import_run(import_id: int) -> Outcome | None:
    """Run one import (the task calls this). Returns None when there is nothing to do
    (finished, cancelled or unknown)."""
    record = ProfileImport.objects.filter(pk=import_id).first()
    if record is None or not record.mapping:
        return None
    job_id = record.job_id
    if job_id and jobs.job_claim(job_id) is None:
        return None
    name = _stage_name(record)
    errors_rel = errors_relative_path(record)
    errors_file = media_path(errors_rel)
    errors_file.parent.mkdir(parents=True, exist_ok=True)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(STAGE_DDL.format(name=name))
    try:
        plan = row_plan(record)
        with open(errors_file, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["row", "email", "reason"])
            outcome = stage_file(record, plan, name, writer, job_id)
        _check_cancel(job_id)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) - count(DISTINCT email) FROM {name}")
            outcome.duplicate = cursor.fetchone()[0]
            cursor.execute(f"ANALYZE {name}")
        with transaction.atomic():
            if job_id:
                job = BackgroundJob.objects.select_for_update().get(pk=job_id)
                if job.cancel_requested:
                    raise ImportCancelled
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL work_mem = '128MB'")
                cursor.execute("SET LOCAL synchronous_commit = off")
            if record.kind == ImportKind.UNSUBSCRIBERS:
                outcome.inserted, outcome.updated = _apply_unsubscribers(name)
            else:
                outcome.inserted, outcome.updated = _apply_subscribers(record, plan, name)
            has_errors = outcome.invalid > 0
            ProfileImport.objects.filter(pk=record.pk).update(
                rows_total=outcome.total,
                rows_inserted=outcome.inserted,
                rows_updated=outcome.updated,
                rows_invalid=outcome.invalid,
                rows_duplicate=outcome.duplicate,
                errors_path=errors_rel if has_errors else "",
            )
            if job_id:
                jobs.job_finish(
                    job_id,
                    message=summary(record.kind, outcome),
                    succeeded=outcome.total - outcome.invalid,
                    failed=outcome.invalid,
                    processed=outcome.total,
                    result={
                        "importId": record.pk,
                        "inserted": outcome.inserted,
                        "updated": outcome.updated,
                        "invalid": outcome.invalid,
                        "duplicate": outcome.duplicate,
                    },
                )
        if not has_errors:
            errors_file.unlink(missing_ok=True)
        return outcome
    except ImportCancelled:
        errors_file.unlink(missing_ok=True)
        if job_id:
            jobs.job_finish(job_id, status=JobStatus.CANCELLED, message=CANCELLED_MESSAGE)
        return None
    except ServiceError as exc:
        if job_id:
            jobs.job_fail(job_id, exc.message)
        raise
    except Exception:
        logger.exception("import %s failed", import_id)
        if job_id:
            jobs.job_fail(job_id, "Something went wrong. Nothing was imported.")
        raise
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {name}")


def summary(kind: str, outcome: Outcome) -> str:
    if kind == ImportKind.UNSUBSCRIBERS:
        head = f"{outcome.updated} profiles unsubscribed, {outcome.inserted} opt-outs logged"
    else:
        head = f"{outcome.inserted} added, {outcome.updated} updated"
    return f"{head}, {outcome.invalid} invalid rows, {outcome.duplicate} duplicates."


def file_rows_path(record: ProfileImport) -> Path:
    return media_path(record.file_path)
