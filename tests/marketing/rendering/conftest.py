"""Helpers of the rendering suites: the audience suites' API callers and a local server
standing for the internet (the only tests allowed to reach 127.0.0.1)."""

import uuid
from pathlib import Path

import pytest

from tests.core.http_server import Answer, http_server
from tests.marketing.audience.conftest import (  # noqa: F401 - fixtures
    Api,
    admin_api,
    beta_api,
    in_alpha,
    nomkm_api,
    user_api,
)

FEED = (Path(__file__).parent / "data" / "feed.xml").read_bytes()


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


RSS = {"Content-Type": "application/rss+xml"}
__all__ = ["Answer", "FEED", "RSS"]
