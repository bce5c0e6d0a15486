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
posted from a page built before the move, keep working; a 308 keeps the POST).

A client's verified page domain (marketing/page_hosting; tenants.PageHost) is served the
same way, its client implied by the host: /<path> there is /<schema>/<path> on the pages
host. Unknown hosts, and page domains not (or no longer) verified, go on to the app's
stack, where they are the plain 404 of an unknown host.

The edge proxy asks before it gets a certificate for a host (Caddy's on-demand TLS `ask`,
deploy/Caddyfile): GET /tls-ask?domain=<host> on PAGES_TLS_ASK_HOST, from an address in
PAGES_TLS_ASK_FROM, answers 200 for the pages host and verified page domains, 404 for
anything else (`tls_ask`). Anywhere else that path is nothing of ours."""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qs

from django.conf import settings
from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.http import HttpResponse, HttpResponseNotFound, HttpResponseRedirect
from django.utils.module_loading import import_string

from core.pages import pages_url
from tenants.hosts import host_name, page_host_client, schema_client

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


def pages_served(host_header: str) -> bool:
    """The pages host, or a verified page domain: the pages' lean stack answers."""
    host = host_name(host_header)
    return host == settings.PAGES_HOST or page_host_client(host) is not None


TLS_ASK_PATH = "/tls-ask"


def tls_ask(host_header: str, remote_addr: str, path: str, query: str) -> int | None:
    """The edge proxy's question (module docstring): 200 or 404, or None when this request
    is not that question (another host, path or caller), for the app to answer as usual."""
    if (
        path != TLS_ASK_PATH
        or host_name(host_header) != settings.PAGES_TLS_ASK_HOST
        or remote_addr not in settings.PAGES_TLS_ASK_FROM
    ):
        return None
    asked = host_name(parse_qs(query).get("domain", [""])[0])
    if asked and (asked == settings.PAGES_HOST or page_host_client(asked) is not None):
        return 200
    return 404


def _tls_answer(status: int) -> HttpResponse:
    response = HttpResponse(b"", status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


def _not_found() -> HttpResponseNotFound:
    response = HttpResponseNotFound(NOT_FOUND, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


def _client_use(client) -> None:
    # The same client as this connection's last request (schema_client and page_host_client
    # keep the same object): its search_path is set already, no SET again.
    if connection.tenant is not client:
        connection.set_tenant(client)


class PagesClientMiddleware:
    """The client of a pages-host request, from the path's first segment (the segment taken
    off `path_info`), or of a page domain's, from its host: the connection set to its
    schema, and the pages' URLs."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        segment, _, rest = request.path_info.lstrip("/").partition("/")
        request.urlconf = "config.urls_pages"
        host = host_name(request.META.get("HTTP_HOST", ""))
        if host != settings.PAGES_HOST:  # a page domain (pages_served): its client, whole path
            client = page_host_client(host)
            if client is None:  # removed since the request was routed here
                connection.set_schema_to_public()
                return _not_found()
            _client_use(client)
            request.tenant = client
            return self.get_response(request)
        client = schema_client(segment) if segment and segment != ASSETS else None
        if client is None:
            connection.set_schema_to_public()
            if segment != ASSETS:
                return _not_found()
            request.path_info = "/-/" + rest
            return self.get_response(request)
        _client_use(client)
        request.tenant = client
        request.path_info = "/" + rest
        return self.get_response(request)


def pages_wsgi(app):
    """`app` for every host but the pages host, which gets the lean handler."""

    def application(environ, start_response):
        host = environ.get("HTTP_HOST", "")
        asked = tls_ask(
            host,
            environ.get("REMOTE_ADDR", ""),
            environ.get("PATH_INFO", ""),
            environ.get("QUERY_STRING", ""),
        )
        if asked is not None:
            start_response(
                "200 OK" if asked == 200 else "404 Not Found",
                [("Content-Length", "0"), ("Cache-Control", "no-store")],
            )
            return [b""]
        if pages_served(host):
            # A landing page served just now, keyed by /<schema>/<slug>: only on the pages
            # host, where the path names the client (on a page domain it names a slug).
            if host_name(host) == settings.PAGES_HOST:
                from marketing.sites.views import page_answer_wsgi  # once the apps are loaded

                fast = page_answer_wsgi(environ, start_response)
                if fast is not None:
                    return fast
            return _handler()(environ, start_response)
        return app(environ, start_response)

    return application


class PagesHostMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        asked = tls_ask(
            meta.get("HTTP_HOST", ""),
            meta.get("REMOTE_ADDR", ""),
            request.path_info,
            meta.get("QUERY_STRING", ""),
        )
        if asked is not None:
            return _tls_answer(asked)
        if pages_served(meta.get("HTTP_HOST", "")):
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
