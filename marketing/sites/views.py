"""The public side of landing pages, on the pages host (config/pages.py: a separate,
cookieless origin, a lean stack, the client named by the path's first segment; the paths
below are after it). Plain views that read no session.

- GET /<slug>            a published page: the document frozen at publish
                         (document.py), held per process and handed over as bytes, with
                         its ETag and Last-Modified (a 304 when the browser has it); an
                         unpublished page is a styled 410 and an unknown one a 404, and
                         neither captures anything;
- POST /_v/<page id>     the page's visit, sent by its script once it has shown (a
                         machine's is not counted);
- GET /-/lp.js           the pages' script (pop-ups, form frames, the visit).

The per-process copy is keyed by the client's pages token (core/versions.py), which every
publish, unpublish, roll back, slug change or delete replaces when it commits."""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.db import connection
from django.http import HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.utils.http import http_date
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from core.versions import versions_read
from marketing.sites import messages
from marketing.sites.models import PageStatus
from marketing.sites.selectors import page_published_by_slug, pages_live
from marketing.sites.services.pages import PAGES_TOKEN
from marketing.sites.services.visits import visit_record
from marketing.tracking.selectors import machine_visit

SCRIPT = Path(__file__).parent / "static" / "sites" / "lp.js"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' https:;"
    " media-src 'self' https:; font-src 'self' https:; frame-src 'self'; connect-src 'self';"
    " form-action 'self'; base-uri 'none'; frame-ancestors 'self'"
)
_ENTRIES_MAX = 2000


@dataclass(frozen=True)
class Served:
    status: int
    body: bytes
    etag: str
    modified: str


# (schema, slug) -> (the pages token it was built under, when that token was last read,
# the answer)
_served: dict[tuple[str, str], tuple[str, float, Served]] = {}
# How long the WSGI door (`page_answer_wsgi`) trusts an entry before Django reads the token
# again: a publish reaches every process within this.
FRESH_SECONDS = 1.0
_SLUG = re.compile(r"[a-z0-9-]{1,100}")


def served_forget() -> None:
    """Drop this process's copies (tests: their rolled-back writes never commit a token)."""
    _served.clear()


def _message(title: str, text: str, status: int) -> Served:
    body = render_to_string("sites/message.html", {"title": title, "text": text}).encode()
    return Served(status, body, "", "")


def _build(slug: str) -> Served:
    page = page_published_by_slug(slug)
    if page is None:
        return _message(messages.MISSING_TITLE, messages.MISSING_TEXT, 404)
    if page.status != PageStatus.PUBLISHED:
        return _message(messages.GONE_TITLE, messages.GONE_TEXT, 410)
    body = page.published_version.rendered.encode()
    etag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
    return Served(200, body, etag, http_date(page.published_at.timestamp()))


def _lookup(slug: str) -> Served:
    key = (connection.schema_name, slug.lower())
    (token,) = versions_read([PAGES_TOKEN])
    held = _served.get(key)
    if held is not None and held[0] == token:
        _served[key] = (token, time.monotonic(), held[2])
        return held[2]
    served = _build(key[1])
    if len(_served) >= _ENTRIES_MAX:
        _served.clear()
    _served[key] = (token, time.monotonic(), served)
    return served


def _headers(served: Served) -> list[tuple[str, str]]:
    headers = [("Content-Type", "text/html; charset=utf-8")]
    if served.status == 200:
        headers += [
            ("ETag", served.etag),
            ("Last-Modified", served.modified),
            ("Cache-Control", "no-cache"),
        ]
    else:
        headers.append(("Cache-Control", "no-store"))
    return headers + [
        ("Content-Security-Policy", CSP),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("X-Content-Type-Options", "nosniff"),
    ]


def _not_modified(served: Served, if_none_match: str | None) -> bool:
    return served.status == 200 and if_none_match == served.etag


@require_http_methods(["GET", "HEAD"])
def public_page(request, slug: str):
    served = _lookup(slug)
    if _not_modified(served, request.META.get("HTTP_IF_NONE_MATCH")):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(served.body, status=served.status)
    for name, value in _headers(served):
        response[name] = value
    return response


_REASONS = {200: "200 OK", 304: "304 Not Modified", 404: "404 Not Found", 410: "410 Gone"}


def page_answer_wsgi(environ, start_response):
    """The pages host's WSGI door for a page a process served within FRESH_SECONDS: the
    same answer as `public_page`, without Django (config/pages.py `pages_wsgi`); None for
    anything else, which then takes the Django path."""
    method = environ.get("REQUEST_METHOD")
    if method not in ("GET", "HEAD"):
        return None
    schema, _, slug = environ.get("PATH_INFO", "").lstrip("/").partition("/")
    if not _SLUG.fullmatch(slug):
        return None
    held = _served.get((schema, slug))
    if held is None or time.monotonic() - held[1] > FRESH_SECONDS:
        return None
    served = held[2]
    headers = _headers(served)
    if _not_modified(served, environ.get("HTTP_IF_NONE_MATCH")):
        start_response(_REASONS[304], headers[1:])
        return [b""]
    body = b"" if method == "HEAD" else served.body
    start_response(_REASONS[served.status], [*headers, ("Content-Length", str(len(served.body)))])
    return [body]


@csrf_exempt  # no cookie is read; a forged visit counts one visit
@require_http_methods(["POST"])
def public_visit(request, page_id: int):
    agent = request.META.get("HTTP_USER_AGENT", "")
    live = pages_live().filter(pk=page_id, status=PageStatus.PUBLISHED).exists()
    if live and not machine_visit(agent):
        visit_record(
            page_id=page_id,
            unique=request.GET.get("u") == "1",
            time_zone=request.tenant.time_zone,
        )
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response


@cache
def _script() -> tuple[bytes, str]:
    body = SCRIPT.read_bytes()
    return body, '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@require_http_methods(["GET", "HEAD"])
def page_script(request):
    body, etag = _script()
    if request.META.get("HTTP_IF_NONE_MATCH") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=300"
    response["X-Content-Type-Options"] = "nosniff"
    return response
