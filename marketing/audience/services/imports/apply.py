"""The staging table (one row per email) into the audience, inside the import's one
transaction, with set-based statements.

Subscribers: the Contacts plan limit is checked first for the new emails. Then one of two
ways, same result:

- incremental (most imports): `INSERT ... SELECT ... ON CONFLICT (email) DO UPDATE ...
  WHERE (changed)`, inserts told from updates by `xmax = 0`;
- bulk (an import that at least doubles a table, and is large): the table is locked, its
  secondary indexes dropped (profile_indexes.py: they are built again once the import has
  committed), changed profiles updated, new ones inserted. Readers of the client's
  profiles wait for the commit; when the lock cannot be had within
  IMPORT_BULK_LOCK_TIMEOUT_MS (a long export reading), the import goes row by row.

Empty cells keep an existing value unless the import says `empty_cells_clear` (then an
empty cell of a mapped column clears it); an unchanged profile is not written (so running
the same import twice changes nothing). Group and tag links: `ON CONFLICT DO NOTHING`.

Unsubscribers: `Unsubscribe` log rows and `unsubscribed_at` / `unsubscribe_source`."""

from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.utils import timezone
from psycopg.errors import LockNotAvailable

from core.profile_events import profile_events_listened
from marketing.audience.models import (
    ImportKind,
    Profile,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Unsubscribe,
)
from marketing.audience.profile_fields import Kind
from marketing.audience.services.imports.headers import importable
from marketing.audience.services.imports.rows import NUL_MARK, DirectLoad, RowPlan
from marketing.audience.services.profile_indexes import (
    profile_constraints_add,
    profile_constraints_drop,
    profile_indexes_drop,
)
from marketing.audience.services.profiles import links_changed_announce

# A standard field's value when a new profile's file leaves it empty, by its kind.
EMPTY = {Kind.TEXT: "''", Kind.REP: "NULL::bigint", Kind.BOOLEAN: "false"}


# An import's new group or tag members are announced this many at a time (each call
# enrolls them set-based; a batch bounds what one call holds).
LINKS_ANNOUNCED_PER_CALL = 5_000


def _empty_values() -> dict[str, str]:
    """Column -> the SQL of its empty value, for the importable fields but the email."""
    return {field.column: EMPTY[field.kind] for field in importable() if field.kind in EMPTY}


# What a new profile gets for a column the file does not fill (besides those fields).
NEW_PROFILE = {
    "custom": "'{}'::jsonb",
    "source": "'import'",
    "verification_status": "'Pending'",
    "soft_bounce_streak": "0",
    "is_active": "true",
    "unsubscribe_source": "''",
    "created_at": "%(now)s",
    "updated_at": "%(now)s",
}


def _mapped_values(plan: RowPlan, old: str | None) -> dict[str, str]:
    """Column -> SQL of its new value, for the columns the file fills. `s` is the staging
    row, `old` the alias of the existing profile (None: there is none)."""

    keep_old = old if not plan.empty_cells_clear else None

    def keep(column: str, default: str | None) -> str:
        parts = [f"s.{column}", *([f"{keep_old}.{column}"] if keep_old else []), default]
        return f"COALESCE({', '.join(filter(None, parts))})"

    mapped = set(plan.columns)
    values = {c: keep(c, empty) for c, empty in _empty_values().items() if c in mapped}
    if plan.custom:
        kept = f"COALESCE({old}.custom, '{{}}'::jsonb)" if old else ""
        if kept and plan.empty_cells_clear:  # the mapped custom fields start empty
            mapped_keys = ",".join(key for _index, key, _parser in plan.custom)
            kept = f"({kept} - '{{{mapped_keys}}}'::text[])"
        merged = f"{kept} || " if kept else ""
        values["custom"] = f"{merged}COALESCE(s.custom, '{{}}'::jsonb)"
    return values


def _new_profiles(plan: RowPlan, old: str | None) -> tuple[str, str]:
    """(column list, SELECT list) of the INSERT of new profiles."""
    values = {"email": "s.email", **_empty_values(), **NEW_PROFILE, **_mapped_values(plan, old)}
    return ", ".join(values), ", ".join(values.values())


def _changed(columns: list[str], old: str, new: dict[str, str]) -> str:
    return (
        f"({', '.join(f'{old}.{c}' for c in columns)}) IS DISTINCT FROM "
        f"({', '.join(new[c] for c in columns)})"
    )


def apply_subscribers(
    record: ProfileImport, plan: RowPlan, stage: str, distinct: int
) -> tuple[int, int, bool]:
    """(inserted, updated, bulk). `distinct`: the staging table's row count."""
    from tenants.plan_limits import Module, plan_limit_enforce

    table = Profile._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM {stage} s WHERE EXISTS "
            f"(SELECT 1 FROM {table} p WHERE p.email = s.email)"
        )
        adding = distinct - cursor.fetchone()[0]
    if adding and getattr(connection, "tenant", None) is not None:
        plan_limit_enforce(client=connection.tenant, module=Module.CONTACTS, adding=adding)
    params = {"now": timezone.now()}
    bulk = (
        adding >= settings.IMPORT_BULK_MIN_ROWS
        and adding >= _profiles_estimate()
        and _lock_profiles()
    )
    inserted, updated = (_bulk_upsert if bulk else _upsert)(plan, stage, params)
    _link(stage, record.group_ids, ProfileGroup, "group_id")
    _link(stage, record.tag_ids, ProfileTag, "tag_id")
    return inserted, updated, bulk


def _profiles_estimate() -> float:
    """The profile count from the planner's statistics (a count where there are none)."""
    table = Profile._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = %s::regclass", [table])
        estimate = cursor.fetchone()[0]
        if estimate < 0:  # never vacuumed nor analyzed
            cursor.execute(f"SELECT count(*) FROM {table}")
            estimate = cursor.fetchone()[0]
        return estimate


def _upsert(plan: RowPlan, stage: str, params: dict) -> tuple[int, int]:
    table = Profile._meta.db_table
    columns, select = _new_profiles(plan, old="p")
    updates = list(_mapped_values(plan, old="p"))
    if updates:
        excluded = {c: f"EXCLUDED.{c}" for c in updates}
        conflict = (
            f"DO UPDATE SET {', '.join(f'{c} = EXCLUDED.{c}' for c in updates)}, "
            f"updated_at = EXCLUDED.updated_at WHERE {_changed(updates, 't', excluded)}"
        )
    else:
        conflict = "DO NOTHING"
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH up AS (
                INSERT INTO {table} AS t ({columns})
                SELECT {select} FROM {stage} s LEFT JOIN {table} p ON p.email = s.email
                ON CONFLICT (email) {conflict}
                RETURNING (t.xmax = 0) AS inserted
            )
            SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted)
            FROM up""",
            params,
        )
        return cursor.fetchone()


def _lock_profiles() -> bool:
    """Lock the profile table for a bulk apply, waiting IMPORT_BULK_LOCK_TIMEOUT_MS at the
    most: a long reader (an export) would otherwise hold the import, and every reader
    queued behind the import, for as long as it runs. False: not locked (apply row by
    row instead)."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:  # a savepoint
            cursor.execute(f"SET LOCAL lock_timeout = {int(settings.IMPORT_BULK_LOCK_TIMEOUT_MS)}")
            cursor.execute(f"LOCK TABLE {Profile._meta.db_table} IN ACCESS EXCLUSIVE MODE")
    except OperationalError as exc:
        if not isinstance(exc.__cause__, LockNotAvailable):
            raise
        return False
    with connection.cursor() as cursor:  # the lock is kept; the timeout is not
        cursor.execute("SET LOCAL lock_timeout TO DEFAULT")
    return True


def _bulk_upsert(plan: RowPlan, stage: str, params: dict) -> tuple[int, int]:
    """With the table locked: drop its secondary indexes (built again after the commit:
    see profile_indexes.py) and its unique and foreign key constraints, update the changed
    profiles, insert the new ones, add the constraints back."""
    table = Profile._meta.db_table
    updated = 0
    with connection.cursor() as cursor:
        profile_indexes_drop()
        constraints = profile_constraints_drop()
        new = _mapped_values(plan, old="t")
        if new:
            assignments = ", ".join(f"{c} = {value}" for c, value in new.items())
            cursor.execute(
                f"""UPDATE {table} t SET {assignments}, updated_at = %(now)s FROM {stage} s
                WHERE t.email = s.email AND {_changed(list(new), "t", new)}""",
                params,
            )
            updated = cursor.rowcount
        columns, select = _new_profiles(plan, old=None)
        cursor.execute(
            f"""INSERT INTO {table} ({columns}) SELECT {select} FROM {stage} s
            WHERE NOT EXISTS (SELECT 1 FROM {table} p WHERE p.email = s.email)""",
            params,
        )
        inserted = cursor.rowcount
    profile_constraints_add(constraints)
    return inserted, updated


def _link(stage: str, ids: list[int], link_model, column: str, new_above: int | None = None):
    """Link the staged profiles (and with `new_above`, every profile of a higher id: the
    new ones of a direct load) to `ids`. The profiles newly linked are announced to the
    workflow engine (groupAdded, tagAdded) as a single add announces them, in batches of
    LINKS_ANNOUNCED_PER_CALL, inside the import's transaction; the links are only read back
    when a published trigger listens (an import nobody listens to pays nothing)."""
    if not ids:
        return
    kind = "groupAdded" if column == "group_id" else "tagAdded"
    listened = profile_events_listened(kind)
    table = Profile._meta.db_table
    staged = f"SELECT p.id FROM {stage} s JOIN {table} p ON p.email = s.email"
    if new_above is not None:
        staged += f" UNION ALL SELECT id FROM {table} WHERE id > {int(new_above)}"
    with connection.cursor() as cursor:
        cursor.execute(
            f"""INSERT INTO {link_model._meta.db_table} (profile_id, {column})
            SELECT p.id, x.id FROM ({staged}) p
            CROSS JOIN unnest(%s::bigint[]) AS x(id)
            ON CONFLICT DO NOTHING"""
            + (f" RETURNING {column}, profile_id" if listened else ""),
            [list(ids)],
        )
        linked = cursor.fetchall() if listened else []
    by_target: dict[int, list[int]] = {}
    for target, profile_id in linked:
        by_target.setdefault(target, []).append(profile_id)
    for target, profile_ids in by_target.items():
        for at in range(0, len(profile_ids), LINKS_ANNOUNCED_PER_CALL):
            links_changed_announce(kind, target, profile_ids[at : at + LINKS_ANNOUNCED_PER_CALL])


# --- the direct load ---------------------------------------------------------------------
#
# A bulk import whose file alone could double the table does not stage its new profiles:
# inside the import's one transaction, the table is locked and stripped (as the bulk apply
# does), the stored emails are read, and while the file is checked every row of a new
# email is COPYed into the profile table itself as a whole new profile (its id reserved:
# base + row number), the rows of stored emails into the staging table. Then the earlier
# rows of an email are deleted (by id), the stored profiles updated from the staging table,
# the constraints added back: PostgreSQL lands the rows once, as fast as its own COPY, while
# Python checks the next ones.


def direct_wanted(path, kind: str) -> bool:
    """Could this file double the profile table (the bulk rule, with its data lines as the
    most it can add)? XLSX files are staged."""
    if kind != ImportKind.SUBSCRIBERS or path.suffix.lower() == ".xlsx":
        return False
    lines = 0
    with open(path, "rb") as handle:
        while chunk := handle.read(1024 * 1024):
            lines += chunk.count(b"\n")
    return lines >= settings.IMPORT_BULK_MIN_ROWS and lines >= _profiles_estimate()


# A new profile's value for an empty cell, as COPY text, by the field's kind.
EMPTY_COPY = {Kind.TEXT: "", Kind.REP: NUL_MARK, Kind.BOOLEAN: "f"}


def _copy_value(sql: str, now) -> str:
    """COPY text of one of the SQL values of EMPTY and NEW_PROFILE."""
    if sql == "%(now)s":
        return now.isoformat()
    if sql.startswith("NULL"):
        return "\\N"
    sql = sql.removesuffix("::jsonb")
    if sql.startswith("'"):
        return sql[1:-1]
    return {"true": "t", "false": "f"}.get(sql, sql)


def direct_begin(plan: RowPlan) -> DirectLoad | None:
    """Inside the import's transaction: lock the profile table (None when it cannot be had:
    the import is staged and applied as usual), drop its secondary indexes and its unique
    and foreign key constraints, read the stored emails, reserve the ids."""
    if not _lock_profiles():
        return None
    table = Profile._meta.db_table
    profile_indexes_drop()
    constraints = profile_constraints_drop()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT email FROM {table}")
        existing = {email for (email,) in cursor.fetchall()}
        cursor.execute(f"SELECT nextval(pg_get_serial_sequence('{table}', 'id'))")
        base = cursor.fetchone()[0]
    kinds = {field.column: field.kind for field in importable()}
    fields = plan.fields_with_empties([EMPTY_COPY[kinds[column]] for column in plan.columns])
    now = timezone.now()
    unmapped = {c: sql for c, sql in _empty_values().items() if c not in set(plan.columns)}
    rest = {**unmapped, **NEW_PROFILE}
    if plan.custom:
        del rest["custom"]
    columns = ["id", "email", *plan.columns, *(["custom"] if plan.custom else []), *rest]
    return DirectLoad(
        existing=existing,
        base=base,
        fields=fields,
        custom_empty="{}",
        suffix="".join("\t" + _copy_value(sql, now) for sql in rest.values()),
        columns=columns,
        constraints=constraints,
    )


def apply_direct(
    record: ProfileImport, plan: RowPlan, stage: str, direct: DirectLoad, added: int
) -> tuple[int, int]:
    """After a direct load (`added` new profiles written): the id sequence moved past the
    reserved ids, the new profiles of repeated emails inserted from the staging table, the
    plan limit, the stored profiles updated from it, the constraints added back, the
    links. (inserted, updated)."""
    from tenants.plan_limits import Module, plan_limit_enforce

    table = Profile._meta.db_table
    updated = 0
    new = _mapped_values(plan, old="t")
    params = {"now": timezone.now(), "base": direct.base}
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" greatest(%s, (SELECT max(id) FROM {table})))",
            [direct.base],
        )
        if direct.new_repeated:
            columns, select = _new_profiles(plan, old=None)
            cursor.execute(
                f"""INSERT INTO {table} ({columns}) SELECT {select} FROM {stage} s
                WHERE s.email = ANY(%(emails)s)""",
                {**params, "emails": list(direct.new_repeated)},
            )
            added += cursor.rowcount
        if added and getattr(connection, "tenant", None) is not None:
            plan_limit_enforce(client=connection.tenant, module=Module.CONTACTS, adding=added)
        if new:
            assignments = ", ".join(f"{c} = {value}" for c, value in new.items())
            cursor.execute(
                f"""UPDATE {table} t SET {assignments}, updated_at = %(now)s FROM {stage} s
                WHERE t.email = s.email AND t.id < %(base)s
                AND {_changed(list(new), "t", new)}""",
                params,
            )
            updated = cursor.rowcount
    profile_constraints_add(direct.constraints)
    _link(stage, record.group_ids, ProfileGroup, "group_id", new_above=direct.base)
    _link(stage, record.tag_ids, ProfileTag, "tag_id", new_above=direct.base)
    return added, updated


def apply_unsubscribers(stage: str) -> tuple[int, int]:
    """(Unsubscribe rows written, profiles newly unsubscribed)."""
    table = Profile._meta.db_table
    log = Unsubscribe._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH logged AS (
                INSERT INTO {log} (email, profile_id, source, reason, created_at)
                SELECT s.email, p.id, 'import', '', %(now)s
                FROM {stage} s LEFT JOIN {table} p ON p.email = s.email
                WHERE (p.id IS NOT NULL AND p.unsubscribed_at IS NULL)
                   OR (p.id IS NULL AND NOT EXISTS (SELECT 1 FROM {log} u WHERE u.email = s.email))
                RETURNING 1
            ), marked AS (
                UPDATE {table} p
                SET unsubscribed_at = %(now)s, unsubscribe_source = 'import', updated_at = %(now)s
                FROM {stage} s WHERE p.email = s.email AND p.unsubscribed_at IS NULL
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM logged), (SELECT count(*) FROM marked)
            """,
            {"now": timezone.now()},
        )
        return cursor.fetchone()
