"""Every client, for the periodic tasks and super-admin reads that visit them all."""

from collections.abc import Iterator

from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context


def clients_each() -> Iterator:
    """Each client (by name), with the connection in its schema while the caller works on
    it; back to the schema it was in afterwards."""
    clients = (
        get_tenant_model()
        .objects.exclude(schema_name=get_public_schema_name())
        .order_by("name", "pk")
    )
    for client in clients:
        with schema_context(client.schema_name):
            yield client
