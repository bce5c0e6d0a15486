"""The two test clients (alpha and beta) as the tests see them, made through the real
services, and running ORM calls in a client's schema."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection

from tenants.models import Client, Plan, Role, User
from tenants.services import client_create, member_add

PASSWORD = "correct-horse-battery"


@dataclass
class Tenant:
    client: Client
    host: str
    admin: User
    user: User
    no_mkm: User


def tenant_make(schema: str, plan: Plan) -> Tenant:
    host = f"{schema}.localhost"
    client = client_create(
        name=schema.title(),
        schema_name=schema,
        domain=host,
        plan=plan,
        parent_origins=[f"https://suite-{schema}.example"],
        website_ids=[7, 8],
    )
    admin = member_add(
        client=client, email=f"admin@{schema}.example", role=Role.ADMIN, password=PASSWORD
    ).user
    user = member_add(
        client=client, email=f"user@{schema}.example", role=Role.USER, password=PASSWORD
    ).user
    no_mkm = member_add(
        client=client,
        email=f"nomkm@{schema}.example",
        role=Role.USER,
        password=PASSWORD,
        has_mkm_access=False,
    ).user
    return Tenant(client, host, admin, user, no_mkm)


@contextmanager
def in_schema(tenant: Tenant):
    """Run ORM calls in `tenant`'s schema, then go back to public."""
    connection.set_tenant(tenant.client)
    try:
        yield
    finally:
        connection.set_schema_to_public()
