"""Reads of page hosting: the client's page domains, its storage choice, and the storage
its published pages are written to (client_page_storage, for marketing/sites)."""

from __future__ import annotations

import os

from django.conf import settings
from django.core.files.storage import FileSystemStorage, Storage
from django.db import connection
from django.utils.module_loading import import_string

from core.errors import NotFound
from marketing.page_hosting import messages
from marketing.page_hosting.models import PageDomain, PageStorage, PageStorageKind

# The settings.STORAGES alias of each kind.
STORAGE_ALIASES = {PageStorageKind.LOCAL: "pages", PageStorageKind.S3: "pages_s3"}


def page_domain_list() -> list[PageDomain]:
    return list(PageDomain.objects.all())


def page_domain_get(*, domain_id: int) -> PageDomain:
    domain = PageDomain.objects.filter(pk=domain_id).first()
    if domain is None:
        raise NotFound(messages.PAGE_DOMAIN_NOT_FOUND)
    return domain


def page_storage_choice() -> PageStorage | None:
    """The client's choice, or None (not chosen: local disk)."""
    return PageStorage.objects.first()


def page_storage_kinds() -> list[str]:
    """The kinds this deployment offers (S3 only when configured)."""
    return [kind for kind, alias in STORAGE_ALIASES.items() if alias in settings.STORAGES]


def client_page_storage() -> Storage:
    """The storage of the client the connection is on, for its published pages and their
    assets: its chosen kind (local disk by default), every path under its schema name, so
    no client's name can reach another's files."""
    choice = page_storage_choice()
    config = settings.STORAGES[STORAGE_ALIASES[choice.kind if choice else PageStorageKind.LOCAL]]
    backend = import_string(config["BACKEND"])
    options = dict(config.get("OPTIONS", {}))
    schema = connection.schema_name
    if issubclass(backend, FileSystemStorage):
        options["location"] = os.path.join(options["location"], schema)
    else:
        options["location"] = "/".join(part for part in (options.get("location"), schema) if part)
    return backend(**options)
