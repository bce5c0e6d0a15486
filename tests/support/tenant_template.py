"""One migrated tenant schema per test database, cloned for every client the tests make.

Each client's schema would otherwise run every tenant migration (about a minute on a busy
2-core machine, and the suites make a dozen clients per test database). django-tenants
clones a template instead when TENANT_BASE_SCHEMA names one and
TENANT_CREATION_FAKES_MIGRATIONS is on: tables, indexes, functions, triggers and the rows
the data migrations wrote are copied, and the migrations are recorded as applied. Its clone
gives unique constraints default names, so they are renamed back to the template's (the
names the migrations gave, which code and later migrations use), and keeps the template's
search_path in functions made with `SET search_path FROM CURRENT`, which is pointed at the
clone.
tests/tenants/test_tenant_template.py holds a clone to the template, object by object.
Tests only: production clients still run their migrations."""

from __future__ import annotations

import functools

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django_tenants import models as tenant_models
from django_tenants.utils import schema_exists

TEMPLATE = "tenant_template"

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


def _names_of_the_template(clone_schema):
    @functools.wraps(clone_schema)
    def clone(self, base_schema_name, new_schema_name, *args, **kwargs):
        result = clone_schema(self, base_schema_name, new_schema_name, *args, **kwargs)
        with connection.cursor() as cursor:
            cursor.execute(_RENAMED, {"template": base_schema_name, "clone": new_schema_name})
            for table, name, cloned in cursor.fetchall():
                cursor.execute(
                    f'ALTER TABLE "{new_schema_name}"."{table}" RENAME CONSTRAINT "{cloned}"'
                    f' TO "{name}"'
                )
            _search_paths_own(cursor, base_schema_name, new_schema_name)
        return result

    clone.names_of_the_template = True
    return clone


def tenant_template_use() -> None:
    """Migrate the template schema (once per test database) and have client_create clone it
    from now on in this process."""
    if not schema_exists(TEMPLATE):
        with connection.cursor() as cursor:
            cursor.execute(f'CREATE SCHEMA "{TEMPLATE}"')
        call_command(
            "migrate_schemas", tenant=True, schema_name=TEMPLATE, interactive=False, verbosity=0
        )
        connection.set_schema_to_public()
    cloner = tenant_models.CloneSchema
    if not getattr(cloner.clone_schema, "names_of_the_template", False):
        cloner.clone_schema = _names_of_the_template(cloner.clone_schema)
    settings.TENANT_BASE_SCHEMA = TEMPLATE
    settings.TENANT_CREATION_FAKES_MIGRATIONS = True
