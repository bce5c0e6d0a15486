"""The profile table's secondary indexes (Profile.Meta.indexes): dropped by a bulk import
inside its transaction, built again once it has committed. Its unique and foreign key
constraints: dropped and added back inside that transaction.

PostgreSQL builds an index from sorted rows many times faster than it keeps one up to
date row by row, and builds a GIN index on one core: so two connections build them, each
taking the next one as it is done, the slowest first. An index that is missing (a worker
that died between the commit and the build) is built by the next import."""

from concurrent.futures import ThreadPoolExecutor
from queue import Empty, SimpleQueue

from django.contrib.postgres.indexes import GinIndex
from django.db import connection, transaction
from django.db.models import Index

from marketing.audience.models import Profile

BUILD_MEMORY = "512MB"  # maintenance_work_mem of each build


def profile_indexes_drop() -> None:
    """Drop them all; inside the import's transaction, the table locked."""
    with connection.schema_editor(atomic=False) as editor:
        for index in Profile._meta.indexes:
            editor.remove_index(Profile, index)


def profile_constraints_drop() -> list[tuple[str, str]]:
    """Drop the profile table's unique and foreign key constraints; (name, definition) of
    each, for `profile_constraints_add`. Inside a bulk import's transaction, the table
    locked: a unique index built from sorted rows, and a foreign key checked by one join,
    cost a fraction of keeping them row by row (the primary key stays: other tables'
    foreign keys point at it)."""
    with connection.cursor() as cursor:
        # Checks of the rows written before (an outer transaction in tests): an ALTER
        # TABLE cannot run with deferred ones pending.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid = %s::regclass AND contype IN ('u', 'f') ORDER BY conname",
            [Profile._meta.db_table],
        )
        constraints = cursor.fetchall()
        if constraints:
            drops = ", ".join(f"DROP CONSTRAINT {_quoted(name)}" for name, _ in constraints)
            cursor.execute(f"ALTER TABLE {Profile._meta.db_table} {drops}")
    return constraints


def profile_constraints_add(constraints: list[tuple[str, str]]) -> None:
    """Add back what `profile_constraints_drop` dropped, in the same transaction (a row
    that breaks one fails the import, which then changes nothing)."""
    if not constraints:
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL maintenance_work_mem = '{BUILD_MEMORY}'")
        adds = ", ".join(
            f"ADD CONSTRAINT {_quoted(name)} {definition}" for name, definition in constraints
        )
        cursor.execute(f"ALTER TABLE {Profile._meta.db_table} {adds}")


def _quoted(name: str) -> str:
    return connection.ops.quote_name(name)


def profile_indexes_missing() -> list[Index]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relkind = 'i' "
            "AND relnamespace = current_schema()::regnamespace AND relname = ANY(%s)",
            [[index.name for index in Profile._meta.indexes]],
        )
        present = {name for (name,) in cursor.fetchall()}
    return [index for index in Profile._meta.indexes if index.name not in present]


def profile_indexes_build() -> list[str]:
    """Build the missing ones; their names. Two connections take them one at a time, the
    slowest first (`_slowest_first`), so that neither waits while the other builds. Inside
    an outer transaction (tests) all are built on this connection: a second one would
    wait for this one's locks."""
    missing = profile_indexes_missing()
    queue = SimpleQueue()
    for index in _slowest_first(missing):
        queue.put(index)
    if connection.in_atomic_block or len(missing) < 2:
        _build(queue)
    else:
        with ThreadPoolExecutor(max_workers=1) as pool:
            other = pool.submit(_build_on_own_connection, connection.tenant, queue)
            _build(queue)
            other.result()
    return [index.name for index in missing]


def _slowest_first(indexes: list[Index]) -> list[Index]:
    """GIN indexes (the trigram one the slowest: one core, every trigram of every email),
    then btrees on expressions, then plain btrees, each kind in Meta order."""

    def cost(index: Index) -> int:
        if isinstance(index, GinIndex):
            return 3 if "gin_trgm_ops" in index.opclasses else 2
        return 1 if index.expressions else 0

    return sorted(indexes, key=cost, reverse=True)


def _build(queue: SimpleQueue) -> None:
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL maintenance_work_mem = '{BUILD_MEMORY}'")
            # PostgreSQL builds no index on a table with deferred checks still pending:
            # none after the import's commit, but an outer transaction (tests) has them.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with connection.schema_editor(atomic=False) as editor:
            while True:
                try:
                    index = queue.get_nowait()
                except Empty:
                    break
                editor.add_index(Profile, index)


def _build_on_own_connection(tenant, queue: SimpleQueue) -> None:
    # A thread has a Django connection of its own: set to the client's schema, closed after.
    try:
        connection.set_tenant(tenant)
        _build(queue)
    finally:
        connection.close()
