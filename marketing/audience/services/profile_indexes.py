"""The profile table's secondary indexes (Profile.Meta.indexes): dropped by a bulk import
inside its transaction, built again once it has committed.

PostgreSQL builds an index from sorted rows many times faster than it keeps one up to
date row by row, and builds a GIN index on one core: so the GIN indexes are built on a
second connection while this one builds the btrees. An index that is missing (a worker
that died between the commit and the build) is built by the next import."""

from concurrent.futures import ThreadPoolExecutor

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
    """Build the missing ones; their names. Inside an outer transaction (tests) all are
    built on this connection: a second one would wait for this one's locks."""
    missing = profile_indexes_missing()
    gin = [index for index in missing if isinstance(index, GinIndex)]
    btree = [index for index in missing if not isinstance(index, GinIndex)]
    if connection.in_atomic_block or not gin or not btree:
        _build(missing)
    else:
        with ThreadPoolExecutor(max_workers=1) as pool:
            other = pool.submit(_build_on_own_connection, connection.tenant, gin)
            _build(btree)
            other.result()
    return [index.name for index in missing]


def _build(indexes: list[Index]) -> None:
    if not indexes:
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL maintenance_work_mem = '{BUILD_MEMORY}'")
            # PostgreSQL builds no index on a table with deferred checks still pending:
            # none after the import's commit, but an outer transaction (tests) has them.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with connection.schema_editor(atomic=False) as editor:
            for index in indexes:
                editor.add_index(Profile, index)


def _build_on_own_connection(tenant, indexes: list[Index]) -> None:
    # A thread has a Django connection of its own: set to the client's schema, closed after.
    try:
        connection.set_tenant(tenant)
        _build(indexes)
    finally:
        connection.close()
