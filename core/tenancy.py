"""Every client, for the periodic tasks and super-admin reads that visit them all."""

import logging
from collections.abc import Callable, Iterator
from typing import TypeVar

from django.db import transaction
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
