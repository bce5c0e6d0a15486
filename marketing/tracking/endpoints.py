"""The open pixel (`/t/o/<token>`) and the click redirect (`/t/c/<token>`), answered ahead
of Django (config/wsgi.py wraps the Django app with `tracking_wsgi`), after
config/recipient_links.py has refused a token of any client but the host's own (a 404, no
event): the token names the client. No database read on the way: the HMAC check, the
link's URL (kept per process, read once per send from the Redis cache filled when the
send started; the database only on a cache miss), the machine judgement (machines.py),
and the event into the process's outbox (outbox.py), which queues events in Redis in
batches for the batch writer (services.events_flush). The Django views (views.py) call the
same `answer`, so the development and live-test servers serve the same paths.

A token that does not verify gets the pixel all the same (no event) or a 404 for a click,
never a redirect. A click goes only to the URL recorded for that send and link."""

from __future__ import annotations

import logging
import time
from functools import lru_cache

import redis
from django.conf import settings

from core.http import client_address
from marketing.tracking import machines, store
from marketing.tracking.outbox import OUTBOX
from marketing.tracking.tokens import CLICK, OPEN, BadToken, tracking_token_read

logger = logging.getLogger(__name__)

# A 1x1 transparent GIF (43 bytes).
PIXEL = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00"
    b"\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)
OPEN_PREFIX, CLICK_PREFIX = "/t/o/", "/t/c/"
_NO_CACHE = [
    ("Cache-Control", "no-store, no-cache, must-revalidate, max-age=0"),
    ("Pragma", "no-cache"),
    ("Expires", "0"),
]
_PIXEL_HEADERS = [
    ("Content-Type", "image/gif"),
    ("Content-Length", str(len(PIXEL))),
    *_NO_CACHE,
]
_NOT_FOUND = b"This link is not valid."
_NOT_FOUND_HEADERS = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Content-Length", str(len(_NOT_FOUND))),
    *_NO_CACHE,
]


class _Meta:
    """What core.http.client_address reads of a request."""

    __slots__ = ("META",)

    def __init__(self, environ):
        self.META = environ


@lru_cache(maxsize=1024)
def _send_links(client_id: int, send_id: int) -> dict[int, str]:
    """A send's recorded links (index -> URL), kept by this process: they never change once
    the send has started, so each process reads them from Redis once per send (LookupError,
    not kept, when Redis has none)."""
    cached = store.connection().hgetall(store.links_key(client_id, send_id))
    if not cached:
        raise LookupError
    return {int(index): url.decode() for index, url in cached.items()}


def _link_url(token) -> str | None:
    try:
        return _send_links(token.client_id, token.send_id).get(token.link)
    except LookupError:
        return _url_from_database(token)
    except redis.RedisError:
        logger.exception("tracking: the link cache is unreachable")
        return _url_from_database(token)


def answer(
    kind: str, token_text: str, environ: dict, *, record: bool = True
) -> tuple[str, list[tuple[str, str]], bytes]:
    """(status line, headers, body) for `/t/<kind>/<token>`; kind "o" or "c"."""
    agent = environ.get("HTTP_USER_AGENT", "")
    now = time.time()
    if kind == "o":
        try:
            token = tracking_token_read(OPEN, token_text)
        except BadToken:
            return "200 OK", _PIXEL_HEADERS, PIXEL
        if record:
            address = client_address(_Meta(environ))
            machine = machines.machine_open(agent, address)
            OUTBOX.add(store.entry(store.Event("o", *token[:4], int(now * 1000), machine)))
        return "200 OK", _PIXEL_HEADERS, PIXEL
    try:
        token = tracking_token_read(CLICK, token_text)
    except BadToken:
        return "404 Not Found", _NOT_FOUND_HEADERS, _NOT_FOUND
    if record:
        address = client_address(_Meta(environ))
        machine = machines.machine_click(
            agent, address, now - token.sent_at, token.honeypot, _too_soon()
        )
        OUTBOX.add(store.entry(store.Event("c", *token[:4], int(now * 1000), machine)))
    url = _link_url(token)
    if not url:
        return "404 Not Found", _NOT_FOUND_HEADERS, _NOT_FOUND
    return "302 Found", [("Location", url), ("Content-Length", "0"), *_NO_CACHE], b""


def _too_soon() -> float:
    return settings.TRACKING_CLICK_TOO_SOON_SECONDS


def _url_from_database(token) -> str | None:
    from marketing.tracking.services import link_url_recorded  # the rare miss only

    return link_url_recorded(token.client_id, token.send_id, token.link)


def tracking_wsgi(django_app):
    """`django_app` with /t/o/ and /t/c/ answered before it (behind config/recipient_links)."""

    def application(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.startswith(OPEN_PREFIX):
            kind = "o"
        elif path.startswith(CLICK_PREFIX):
            kind = "c"
        else:
            return django_app(environ, start_response)
        record = environ.get("REQUEST_METHOD", "GET") in ("GET", "POST")
        status, headers, body = answer(kind, path[5:], environ, record=record)
        start_response(status, headers)
        return [body] if environ.get("REQUEST_METHOD") != "HEAD" else [b""]

    return application
