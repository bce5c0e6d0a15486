"""Fixtures of the rendering suites: a local server standing for the internet (the only
tests allowed to reach 127.0.0.1), serving the feed of tests/support/feeds.py."""

import uuid

import pytest

from tests.core.http_server import Answer, http_server
from tests.support.feeds import FEED, RSS


@pytest.fixture
def feed_server(settings):
    """A local HTTP server with the feed and friends; yields a function giving a URL of
    one of its paths (with a query of its own: feeds are cached per URL)."""
    settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = True
    routes = {}

    def url(path: str, answer: Answer) -> str:
        full = f"{path}?v={uuid.uuid4().hex}"
        routes[full] = answer
        return f"{base}{full}"

    with http_server(routes) as (base, seen):
        url.seen = seen
        yield url


__all__ = ["Answer", "FEED", "RSS"]
