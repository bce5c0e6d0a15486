"""Every client, for the periodic tasks and super-admin reads that visit them all; and the
one place a database connection's schema is chosen (`connection_own`,
`client_schema_follow`)."""

import logging
from collections.abc import Callable, Iterator
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

logger = logging.getLogger(__name__)
T = TypeVar("T")


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


def clients_each_isolated(work: Callable[[object], T], *, task: str) -> dict[str, T]:
    """`work(client)` for each client, in its schema and a transaction of its own; a client
    whose work raises (a schema that lags a migration, a row it cannot read) is logged and
    left for the next run while every other client's work goes on: one client's bad input
    never stops the periodic work of everyone after it. {schema: result} of those done."""
    done: dict[str, T] = {}
    for client in clients_each():
        try:
            with transaction.atomic():
                done[client.schema_name] = work(client)
        except Exception:  # noqa: BLE001 - whatever one client raises, the others go on
            logger.exception("%s: client %s failed; the others go on", task, client.schema_name)
    return done


# --- Where a connection's schema is chosen ---------------------------------------------
#
# One place for every database connection of the app: django-tenants' backend
# (`DatabaseWrapper.set_tenant`, then `SET search_path` to the client's schema and public on
# each new cursor). Django's own connection gets its client from the request's host
# (TenantMainMiddleware), a task's `_schema_name` header (tenant_schemas_celery) or
# `clients_each`; a connection of the process's own (the delivery pipeline's: its locks
# and its writes) is made here, by the same backend from the same settings, and follows
# the client of Django's connection through `client_schema_follow`. Nothing else in the
# app writes a search_path.


def connection_own(alias: str, *, application_name: str) -> BaseDatabaseWrapper:
    """A database connection of the process's own beside Django's (not in `connections`,
    so request and task clean-ups leave it open), made by Django's backend from the default
    database's settings and named `application_name` in pg_stat_activity. It has no schema
    until `client_schema_follow`."""
    django_own = connections[DEFAULT_DB_ALIAS]
    settings_dict = dict(django_own.settings_dict)
    options = dict(settings_dict.get("OPTIONS") or {})
    options["application_name"] = application_name
    settings_dict["OPTIONS"] = options
    return type(django_own)(settings_dict, alias=alias)


def client_schema_follow(own: BaseDatabaseWrapper):
    """`own` set to the client of Django's connection (the one the host, the task's header
    or `clients_each` chose), its search_path written by django-tenants as for Django's;
    returns its psycopg connection, ready in that schema."""
    own.set_tenant(connection.tenant, include_public=connection.include_public_schema)
    with own.cursor():  # django-tenants issues SET search_path on a new cursor
        pass
    return own.connection
