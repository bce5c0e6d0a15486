"""Which live client a host name serves, for the links in mail (config/recipient_links.py).

The open pixel and the click redirect answer ahead of Django and read no database on the
hot path, so the answer is kept by each process for HOSTS_CACHE_SECONDS (a host added or
removed here is seen at once by this process, within that time by the others). The public
host and unknown hosts serve no client: a link's token never answers there."""

from __future__ import annotations

import logging
import threading
import time
from typing import NamedTuple

from django.db import DatabaseError
from django_tenants.utils import get_public_schema_name, schema_context

logger = logging.getLogger(__name__)
HOSTS_CACHE_SECONDS = 60
_KEPT_MOST = 10_000  # hosts kept per process; the table is emptied when it is full


class ClientHost(NamedTuple):
    client_id: int
    schema_name: str
    recipient_only: bool  # a tracking domain: only the links in mail answer there


_kept: dict[str, tuple[float, ClientHost | None]] = {}
_clients: dict[str, tuple[float, object]] = {}  # schema -> tenants.Client or None
_page_hosts: dict[str, tuple[float, object]] = {}  # page domain -> tenants.Client or None
_lock = threading.Lock()


def host_name(header: str) -> str:
    """The host of a Host header: lower case, without port or trailing dot."""
    header = header.strip().lower()
    if header.startswith("["):
        return header.partition("]")[0] + "]"
    return header.partition(":")[0].rstrip(".")


def host_client(host: str) -> ClientHost | None:
    """The live client `host` (a host_name) belongs to, or None (unknown, the public host)."""
    now = time.monotonic()
    kept = _kept.get(host)
    if kept is not None and kept[0] > now:
        return kept[1]
    try:
        found = _host_client_read(host)
    except DatabaseError:
        if kept is None:
            raise
        logger.exception("hosts: %s read again failed; its last answer kept", host)
        found = kept[1]  # the database is away: links keep answering as they did
    with _lock:
        if len(_kept) >= _KEPT_MOST:
            _kept.clear()
        _kept[host] = (now + HOSTS_CACHE_SECONDS, found)
    return found


def hosts_forget() -> None:
    """Read every host again (this process) at its next request."""
    with _lock:
        _kept.clear()
        _clients.clear()
        _page_hosts.clear()


def _host_client_read(host: str) -> ClientHost | None:
    from tenants.models import Domain

    public = get_public_schema_name()
    with schema_context(public):
        row = (
            Domain.objects.filter(domain=host)
            .exclude(tenant__schema_name=public)
            .values_list("tenant_id", "tenant__schema_name", "recipient_only")
            .first()
        )
    return ClientHost(*row) if row else None


def schema_client(schema: str):
    """The client (a tenants.Client) whose schema is `schema`, or None (the public schema,
    no such client); kept by each process for HOSTS_CACHE_SECONDS, as host names are. The
    pages host finds a page's client this way (config/pages.py)."""
    now = time.monotonic()
    kept = _clients.get(schema)
    if kept is not None and kept[0] > now:
        return kept[1]
    from tenants.models import Client

    public = get_public_schema_name()
    with schema_context(public):
        found = Client.objects.exclude(schema_name=public).filter(schema_name=schema).first()
    with _lock:
        if len(_clients) >= _KEPT_MOST:
            _clients.clear()
        _clients[schema] = (now + HOSTS_CACHE_SECONDS, found)
    return found


def page_host_client(host: str):
    """The client (a tenants.Client) whose verified page domain `host` (a host_name) is, or
    None; kept by each process for HOSTS_CACHE_SECONDS, unknown hosts too, so a flood of
    requests for strange hosts reads the database once a minute per host. A domain verified
    or removed here is seen at once by this process (hosts_forget), by the others within
    that time."""
    now = time.monotonic()
    kept = _page_hosts.get(host)
    if kept is not None and kept[0] > now:
        return kept[1]
    from tenants.models import PageHost

    with schema_context(get_public_schema_name()):
        row = PageHost.objects.filter(host=host).select_related("client").first()
    found = row.client if row else None
    with _lock:
        if len(_page_hosts) >= _KEPT_MOST:
            _page_hosts.clear()
        _page_hosts[host] = (now + HOSTS_CACHE_SECONDS, found)
    return found
