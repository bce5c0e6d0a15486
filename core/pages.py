"""Addresses on the pages host (settings.PAGES_HOST): the separate, cookieless origin where
public pages a client publishes (forms today, landing pages next) are served
(config/pages.py). A page's address names its client by schema: /<schema>/<path>."""

from __future__ import annotations

from django.conf import settings


def pages_origin() -> str:
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{settings.PAGES_HOST}{port}"


def pages_path(schema: str, path: str) -> str:
    """`path` (starting with '/') of client `schema`, on the pages host."""
    return f"/{schema}{path}"


def pages_url(schema: str, path: str) -> str:
    return pages_origin() + pages_path(schema, path)
