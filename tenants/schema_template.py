"""A new client's schema is a clone of one migrated template schema, not a run of every
tenant migration (about 5 s and growing with every app; a clone is a fraction of it,
measured by tests/bench/bench_client_provisioning.py).

The template (`TENANT_TEMPLATE_SCHEMA`) is migrated like any client, then carries in its
schema comment the migration state it was built at: the tenant apps' migrations known on
disk. A release that adds a migration changes that state, and the first client created
after it rebuilds the template (under an exclusive advisory lock; clones hold the shared
one, so no clone reads a template being rebuilt).

django-tenants' clone (django_tenants/clone.py, pg-clone-schema) copies tables, indexes,
functions, triggers, sequences at their values and the rows the data migrations wrote
(the default groups, the default opt-out form and preferences page), and the
`django_migrations` rows with them, so the clone is recorded as migrated without a
`migrate --fake` run. Two things it does not give back as a migration would, fixed here:
unique constraints get default names (renamed to the template's, which code and later
migrations use) and functions made with `SET search_path FROM CURRENT` keep the template's
path (pointed at the clone). tests/tenants/test_schema_template.py holds a clone to a
migrated schema, object by object."""

from __future__ import annotations

import functools
import hashlib

from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.loader import MigrationLoader
from django_tenants.clone import CLONE_SCHEMA_FUNCTION
from django_tenants.utils import schema_exists

# Advisory lock keys (pg_advisory_lock's two-int form): template readers and builders, and
# the one-time install of the clone function.
_LOCK_CLASS = 7_290_029
_TEMPLATE_LOCK = 1
_FUNCTION_LOCK = 2

# Constraints of the clone that match one of the template's (same table, kind and
# definition) under another name: (table, template's name, clone's name).
_RENAMED = """
SELECT bt.relname, bc.conname, nc.conname
FROM pg_constraint bc
JOIN pg_class bt ON bt.oid = bc.conrelid
JOIN pg_namespace bn ON bn.oid = bt.relnamespace AND bn.nspname = %(template)s
JOIN pg_namespace nn ON nn.nspname = %(clone)s
JOIN pg_class nt ON nt.relnamespace = nn.oid AND nt.relname = bt.relname
JOIN pg_constraint nc ON nc.conrelid = nt.oid AND nc.contype = bc.contype
  AND pg_get_constraintdef(nc.oid) = pg_get_constraintdef(bc.oid)
WHERE nc.conname <> bc.conname
  AND NOT EXISTS (
    SELECT 1 FROM pg_constraint taken WHERE taken.conrelid = nt.oid AND taken.conname = bc.conname
  )
  AND NOT EXISTS (
    SELECT 1 FROM pg_constraint own WHERE own.conrelid = bt.oid AND own.conname = nc.conname
  )
"""


def template_schema() -> str:
    return settings.TENANT_TEMPLATE_SCHEMA


@functools.cache
def migration_state() -> str:
    """A digest of every tenant app's migrations on disk: it changes with any migration a
    release adds, removes or renames. Read once per process (migrations do not change
    while it runs)."""
    from django.apps import apps

    labels = {
        config.label for config in apps.get_app_configs() if config.name in settings.TENANT_APPS
    }
    loader = MigrationLoader(None, ignore_no_migrations=True, load=False)
    loader.load_disk()
    names = sorted(f"{app}.{name}" for app, name in loader.disk_migrations if app in labels)
    return hashlib.sha256("\n".join(names).encode()).hexdigest()[:32]


def _template_state(cursor) -> str | None:
    cursor.execute(
        "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = %s",
        [template_schema()],
    )
    row = cursor.fetchone()
    return row[0] if row else None


def template_current() -> bool:
    with connection.cursor() as cursor:
        return _template_state(cursor) == migration_state()


def template_build() -> None:
    """(Re)build the template: migrate a fresh schema under a name of its own, run the
    workspace defaults in it, then swap it in for the template in one transaction under the
    exclusive lock (clones hold the shared one, so none reads a template being swapped)
    and record the migration state it was built at. Two processes may build at once; the
    second to finish drops its copy."""
    import os

    from tenants.workspace_defaults import workspace_defaults_apply

    template = template_schema()
    building = f"{template}_building_{os.getpid()}"
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        cursor.execute(f'DROP SCHEMA IF EXISTS "{building}" CASCADE')
        cursor.execute(f'CREATE SCHEMA "{building}"')
    call_command(
        "migrate_schemas", tenant=True, schema_name=building, interactive=False, verbosity=0
    )
    connection.set_schema(building, include_public=True)
    workspace_defaults_apply()
    connection.set_schema_to_public()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, _TEMPLATE_LOCK])
        if _template_state(cursor) == migration_state():
            cursor.execute(f'DROP SCHEMA "{building}" CASCADE')
            return
        cursor.execute(f'DROP SCHEMA IF EXISTS "{template}" CASCADE')
        cursor.execute(f'ALTER SCHEMA "{building}" RENAME TO "{template}"')
        _search_paths_own(cursor, building, template)
        cursor.execute(f'COMMENT ON SCHEMA "{template}" IS %s', [migration_state()])


def template_ensure() -> None:
    if not template_current():
        template_build()


def _clone_function_install(cursor) -> None:
    """django-tenants reinstalls its clone function (dropping its types CASCADE) before
    every clone, which breaks a clone running at the same moment in another session:
    install it once, under a lock."""
    cursor.execute(
        "SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
        " WHERE n.nspname = 'public' AND p.proname = 'clone_schema'"
    )
    if cursor.fetchone():
        return
    cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, _FUNCTION_LOCK])
    cursor.execute(
        "SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
        " WHERE n.nspname = 'public' AND p.proname = 'clone_schema'"
    )
    if not cursor.fetchone():
        db_user = settings.DATABASES["default"].get("USER") or "postgres"
        cursor.execute(CLONE_SCHEMA_FUNCTION.format(db_user=db_user))


def _search_paths_own(cursor, template: str, clone: str) -> None:
    """Functions made with `SET search_path FROM CURRENT` keep the template's path in the
    clone: point them at the clone's own schema, as a migration of the clone would have."""
    cursor.execute(
        "SELECT p.oid::regprocedure::text, setting FROM pg_proc p"
        " JOIN pg_namespace n ON n.oid = p.pronamespace,"
        " unnest(p.proconfig) AS setting"
        " WHERE n.nspname = %s AND setting LIKE 'search_path=%%'",
        [clone],
    )
    for function, setting in cursor.fetchall():
        schemas = [part.strip().strip('"') for part in setting.split("=", 1)[1].split(",")]
        path = ", ".join(f'"{clone if name == template else name}"' for name in schemas)
        cursor.execute(f"ALTER FUNCTION {function} SET search_path TO {path}")


def schema_clone(schema_name: str) -> None:
    """Create `schema_name` as a copy of the template. One transaction (the caller's, when
    it has one): a clone interrupted anywhere leaves no schema behind. Call
    template_ensure() first, outside any transaction (a migration may refuse to run in
    one)."""
    template = template_schema()
    connection.set_schema_to_public()
    with transaction.atomic(), connection.cursor() as cursor:
        _clone_function_install(cursor)
        cursor.execute("SELECT pg_advisory_xact_lock_shared(%s, %s)", [_LOCK_CLASS, _TEMPLATE_LOCK])
        if _template_state(cursor) != migration_state():
            raise RuntimeError("the template schema is missing or older than the migrations")
        if schema_exists(schema_name, case_sensitive=False):
            raise ValueError(f"schema {schema_name} already exists")
        cursor.execute("SELECT public.clone_schema(%s, %s, 'DATA')", [template, schema_name])
        cursor.execute(_RENAMED, {"template": template, "clone": schema_name})
        for table, name, cloned in cursor.fetchall():
            cursor.execute(
                f'ALTER TABLE "{schema_name}"."{table}" RENAME CONSTRAINT "{cloned}" TO "{name}"'
            )
        _search_paths_own(cursor, template, schema_name)
