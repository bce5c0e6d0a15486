"""The pages host (settings.PAGES_HOST): a separate origin for the public pages a client
publishes (ARCHITECTURE.md, "the untrusted-content rule"). Its pages hold what a marketer
or a visitor wrote, so they are never served where the app's cookies go: the app's
cookies are host-only and this host is not the app's.

On the pages host a request passes a lean stack (settings.PAGES_MIDDLEWARE: no session,
no CSRF cookie, no sign-in, no tenant-by-host), its client named by the path's first
segment (/<schema>/pf/<key>), and only config/urls_pages.py answers: the app, the API and
sign-in are a plain 404 there. Files that belong to no client (the embed script, the form
page's script) live under /-/.

Two doors, as for the links in mail (config/recipient_links.py): `pages_wsgi` in front of
Django in production (config/wsgi.py), and `PagesHostMiddleware`, first in MIDDLEWARE, for
servers that run Django alone (development, live tests, the test client). The app's hosts
no longer serve the form pages: `pages_moved` answers their old addresses with a 308 to
the same page on the pages host (a link in a confirmation email already sent, a form
posted from a page built before the move, keep working; a 308 keeps the POST)."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.http import HttpResponseNotFound, HttpResponseRedirect
from django.utils.module_loading import import_string

from core.pages import pages_url
from tenants.hosts import host_name, schema_client

NOT_FOUND = b"Not found."
ASSETS = "-"  # /-/<file>: no schema name starts with '-'


class PagesHandler(WSGIHandler):
    """Django's handler with settings.PAGES_MIDDLEWARE in place of MIDDLEWARE."""

    def load_middleware(self, is_async=False):
        handler = convert_exception_to_response(self._get_response)
        for path in reversed(settings.PAGES_MIDDLEWARE):
            handler = convert_exception_to_response(import_string(path)(handler))
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        self._middleware_chain = handler


@cache
def _handler() -> PagesHandler:
    return PagesHandler()


def on_pages_host(host_header: str) -> bool:
    return host_name(host_header) == settings.PAGES_HOST


def _not_found() -> HttpResponseNotFound:
    response = HttpResponseNotFound(NOT_FOUND, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


class PagesClientMiddleware:
    """The client of a pages-host request, from the path's first segment: the connection
    set to its schema, the segment taken off `path_info`, and the pages' URLs."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        segment, _, rest = request.path_info.lstrip("/").partition("/")
        request.urlconf = "config.urls_pages"
        connection.set_schema_to_public()
        if segment == ASSETS:
            request.path_info = "/-/" + rest
            return self.get_response(request)
        client = schema_client(segment) if segment else None
        if client is None:
            return _not_found()
        connection.set_tenant(client)
        request.tenant = client
        request.path_info = "/" + rest
        return self.get_response(request)


def pages_wsgi(app):
    """`app` for every host but the pages host, which gets the lean handler."""

    def application(environ, start_response):
        if on_pages_host(environ.get("HTTP_HOST", "")):
            from marketing.sites.views import page_answer_wsgi  # once the apps are loaded

            fast = page_answer_wsgi(environ, start_response)  # a landing page served just now
            return fast if fast is not None else _handler()(environ, start_response)
        return app(environ, start_response)

    return application


class PagesHostMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if on_pages_host(request.META.get("HTTP_HOST", "")):
            return _handler().get_response(request)
        return self.get_response(request)


def pages_moved(request, path: str):
    """An app host's old form address: the same page on the pages host (308)."""
    target = pages_url(connection.schema_name, "/" + path)
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    response = HttpResponseRedirect(target)
    response.status_code = 308
    response["Cache-Control"] = "no-store"
    return response
