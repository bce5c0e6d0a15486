"""A client's schema is a clone of the migrated template (tenants/schema_template.py): it
must hold exactly what a schema migrated from nothing holds, object by object, under the
same names, with its sequences where the migrations left them; and the template follows
the migrations."""

import pytest
from django.core.management import call_command
from django.db import connection, transaction

from tenants import schema_template
from tenants.schema_template import schema_clone, template_ensure, template_schema
from tenants.services import client_create

CATALOG = {
    "tables": "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
    "columns": "SELECT table_name || '.' || column_name || ' ' || data_type || ' '"
    " || is_nullable || ' ' || coalesce(column_default, '')"
    " FROM information_schema.columns WHERE table_schema = %s",
    "indexes": "SELECT indexname || ' ' || replace(indexdef, schemaname || '.', '')"
    " FROM pg_indexes WHERE schemaname = %s",
    "constraints": "SELECT c.conrelid::regclass::text || ' ' || c.conname || ' '"
    " || pg_get_constraintdef(c.oid) FROM pg_constraint c"
    " JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = %s",
    "triggers": "SELECT event_object_table || '.' || trigger_name || ' ' || action_statement"
    " FROM information_schema.triggers WHERE trigger_schema = %s",
    # Whole definitions, their settings (a search_path) included.
    "functions": "SELECT pg_get_functiondef(p.oid) FROM pg_proc p"
    " JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %s",
    # Each sequence where the next row's id starts: as the migrations' rows left it.
    "sequences": "SELECT sequencename || ' ' || coalesce(last_value, 0)"
    " FROM pg_sequences WHERE schemaname = %s",
    "migrations": "SELECT app || '.' || name FROM {schema}.django_migrations",
    "default rows": "SELECT 'group ' || default_key || ' ' || name FROM {schema}.audience_group"
    " UNION ALL SELECT 'opt-out ' || name FROM {schema}.forms_optoutform WHERE is_default"
    " UNION ALL SELECT 'preferences ' || name FROM {schema}.delivery_updatepreferences"
    " WHERE is_default",
}


def _deparse_plain(definition: str) -> str:
    """An index's or constraint's definition with the casts, brackets and ARRAY spelling of
    its expressions taken out: pg_dump deparses `x = ANY ((ARRAY['a'::varchar])::text[])`
    (what a migration's CHECK or partial index reads back as) as the equal
    `x = ANY (ARRAY[('a'::varchar)::text])`; every other character is compared as is."""
    for noise in ("::character varying", "::text[]", "::text", "ARRAY", "(", ")", "[", "]"):
        definition = definition.replace(noise, "")
    return definition


def _catalog(schema: str) -> dict[str, list[str]]:
    with connection.cursor() as cursor:
        seen = {}
        for kind, sql in CATALOG.items():
            if "{schema}" in sql:
                cursor.execute(sql.replace("{schema}", f'"{schema}"'))
            else:
                cursor.execute(sql, [schema])
            seen[kind] = sorted(
                row[0].replace(f"{schema}.", "").replace(schema, "<schema>")
                for row in cursor.fetchall()
            )
        for kind in ("indexes", "constraints"):
            seen[kind] = sorted(_deparse_plain(definition) for definition in seen[kind])
        return seen


def test_a_cloned_schema_is_a_migrated_one_object_by_object(tenants, db):
    with connection.cursor() as cursor:
        cursor.execute('CREATE SCHEMA "migrated_probe"')
    call_command(
        "migrate_schemas", tenant=True, schema_name="migrated_probe", interactive=False, verbosity=0
    )
    connection.set_schema_to_public()
    client_create(name="Clone", schema_name="clone_probe", domain="clone-probe.localhost")
    connection.set_schema_to_public()
    migrated, clone = _catalog("migrated_probe"), _catalog("clone_probe")
    assert migrated["tables"] and migrated["constraints"] and migrated["functions"]
    assert migrated["default rows"] and migrated["triggers"]
    for kind in CATALOG:
        assert clone[kind] == migrated[kind], kind


def test_a_clone_runs_in_its_callers_transaction_so_a_failure_leaves_no_schema(tenants, db):
    template_ensure()
    with pytest.raises(RuntimeError), connection.cursor() as cursor, transaction.atomic():
        schema_clone("half_made")
        cursor.execute("SELECT count(*) FROM half_made.audience_group")
        assert cursor.fetchone()[0] == 4
        raise RuntimeError("killed")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = 'half_made'")
        assert cursor.fetchone() is None


def test_the_template_is_rebuilt_when_the_migrations_change(tenants, db, monkeypatch):
    monkeypatch.setattr(schema_template, "migration_state", lambda: "a-later-release")
    assert not schema_template.template_current()
    with pytest.raises(RuntimeError, match="older than the migrations"):
        schema_clone("too_early")
    template_ensure()
    assert schema_template.template_current()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = %s",
            [template_schema()],
        )
        assert cursor.fetchone()[0] == "a-later-release"
        cursor.execute(f"SELECT count(*) FROM {template_schema()}.audience_group")
        assert cursor.fetchone()[0] == 4
