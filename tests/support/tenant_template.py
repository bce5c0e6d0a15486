"""The test clients' schemas are clones of one migrated template, as production's are
(tenants/schema_template.py): the template is built once per test database (inside the
database template, tests/support/database_template.py) and every client_create clones it.
tests/tenants/test_schema_template.py holds a clone to a migrated schema, object by
object."""

from tenants.schema_template import template_ensure, template_schema

TEMPLATE = template_schema()


def tenant_template_use() -> None:
    """Build the template schema when it is missing or older than the migrations."""
    template_ensure()
