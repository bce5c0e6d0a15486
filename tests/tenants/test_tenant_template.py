"""The test clients' schemas are clones of one migrated template (tests/support/
tenant_template.py): a clone must hold exactly what a migrated schema holds, object by
object and under the same names, or the tests would run on another schema than
production's."""

from django.db import connection

from tenants.services import client_create
from tests.support.tenant_template import TEMPLATE

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
    "sequences": "SELECT sequence_name FROM information_schema.sequences"
    " WHERE sequence_schema = %s",
}


def _catalog(schema: str) -> dict[str, list[str]]:
    with connection.cursor() as cursor:
        seen = {}
        for kind, sql in CATALOG.items():
            cursor.execute(sql, [schema])
            seen[kind] = sorted(
                row[0].replace(f"{schema}.", "").replace(schema, "<schema>")
                for row in cursor.fetchall()
            )
        return seen


def test_a_cloned_clients_schema_is_the_migrated_template_object_by_object(tenants, db):
    client_create(name="Clone", schema_name="clone_probe", domain="clone-probe.localhost")
    connection.set_schema_to_public()
    template, clone = _catalog(TEMPLATE), _catalog("clone_probe")
    assert template["tables"] and template["constraints"]
    for kind in CATALOG:
        assert clone[kind] == template[kind], kind
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM clone_probe.django_migrations")
        applied = cursor.fetchone()[0]
        cursor.execute(f"SELECT count(*) FROM {TEMPLATE}.django_migrations")
        assert applied == cursor.fetchone()[0] > 0
        # The rows the data migrations wrote (the default groups) came along.
        cursor.execute("SELECT count(*) FROM clone_probe.audience_group")
        assert cursor.fetchone()[0] > 0
