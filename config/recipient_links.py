"""Links minted for a client answer only on that client's hosts (ARCHITECTURE.md, "the
untrusted-content rule"). The one place that rule is enforced.

The links in a message: the open pixel (/t/o/<token>), the click redirect (/t/c/<token>),
the one-click unsubscribe (/u/<token>), the copy in the browser (/v/<token>), and the
opt-out and preferences pages (/external/useroptoutform?token=...,
/external/managepreferences?token=...). Every token names its client: a tracking token
carries the client's id, a recipient token is signed over the client's schema. A link is
answered only on a host of that client (its own host names and its verified tracking
domain, tenants/hosts.py); on another client's host, the public host or an unknown host it
gets a plain 404: no redirect, no page, no event queued. So a token of a deleted client or
of the platform's own tenant never reaches the tracking queue.

A client's tracking domain (Domain.recipient_only) serves only those links and what the
two pages need (their two API calls, the built app's files); the app, the API and sign-in
answer 404 there.

Two doors, one rule: `recipient_links_wsgi` in front of everything in production (the open
pixel and click redirect are answered ahead of Django, config/wsgi.py), and
`RecipientLinksMiddleware` for servers that run Django alone (development, live tests); the
middleware leaves alone a request the wrapper judged already."""

from __future__ import annotations

from urllib.parse import parse_qs

from django.http import HttpResponseNotFound

from marketing.delivery.tokens import (
    PREFERENCES,
    UNSUBSCRIBE,
    WEB_VIEW,
    BadToken,
    recipient_token_read,
)
from marketing.tracking.tokens import tracking_token_client
from tenants.hosts import ClientHost, host_client, host_name

_JUDGED = "mailcraft.recipient_links_judged"
NOT_FOUND = b"Not found."
_TRACKING = ("/t/o/", "/t/c/")
_IN_PATH = {"/u/": UNSUBSCRIBE, "/v/": WEB_VIEW}
_PAGES = {"/external/useroptoutform": UNSUBSCRIBE, "/external/managepreferences": PREFERENCES}
# What else a tracking domain serves: the pages' own calls and files.
_RECIPIENT_EXTRAS = (
    "/external/thankyoupage",
    "/api/external/optOut",
    "/api/external/preferences",
    "/assets/",
    "/favicon",
)


def _tracking_token_ours(client: ClientHost | None, token: str) -> bool:
    """The endpoint checks the token's MAC; here only whom it names (tracking_token_client):
    one HMAC per request, not two."""
    if client is None:
        return False
    named = tracking_token_client(token)
    return named is None or named == client.client_id  # not a token: the endpoint says so


def _recipient_token_ours(client: ClientHost | None, action: str, token: str) -> bool:
    if client is None:
        return False
    try:
        recipient_token_read(action, token, schema=client.schema_name)
    except BadToken:
        return False
    return True


def link_refused(host_header: str, path: str, query: str) -> bool:
    """Whether a request must get the plain 404 (module docstring)."""
    client = host_client(host_name(host_header))
    if path.startswith(_TRACKING):
        return not _tracking_token_ours(client, path[5:])
    for prefix, action in _IN_PATH.items():
        if path.startswith(prefix):
            return not _recipient_token_ours(client, action, path[len(prefix) :])
    action = _PAGES.get(path.rstrip("/"))
    if action is not None:
        tokens = parse_qs(query).get("token")
        return bool(tokens) and not _recipient_token_ours(client, action, tokens[0])
    if client is not None and client.recipient_only:
        return not path.startswith(_RECIPIENT_EXTRAS)
    return False


def recipient_links_wsgi(app):
    """`app` behind the rule."""

    def application(environ, start_response):
        host, path = environ.get("HTTP_HOST", ""), environ.get("PATH_INFO", "")
        if link_refused(host, path, environ.get("QUERY_STRING", "")):
            start_response(
                "404 Not Found",
                [
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Content-Length", str(len(NOT_FOUND))),
                    ("Cache-Control", "no-store"),
                ],
            )
            return [NOT_FOUND]
        environ[_JUDGED] = True
        return app(environ, start_response)

    return application


class RecipientLinksMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        if not meta.get(_JUDGED) and link_refused(
            meta.get("HTTP_HOST", ""), request.path_info, meta.get("QUERY_STRING", "")
        ):
            response = HttpResponseNotFound(NOT_FOUND, content_type="text/plain; charset=utf-8")
            response["Cache-Control"] = "no-store"
            return response
        return self.get_response(request)
