"""GET /api/getRSSXML (spec 7) against a real local server: the spec's answer shape, bad
URLs, refusals of private addresses, feeds too large or not feeds, an XML bomb, and roles."""

import time

import pytest

from marketing.rendering import messages
from marketing.rendering.feeds import feed_parse
from tests.core.http_server import Answer
from tests.support.feeds import FEED, RSS
from tests.support.http_api import foreign, http

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE rss [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title>
<item><title>&lol9;</title><description>&lol9;</description></item></channel></rss>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>&xxe;</title></channel></rss>"""


def _error(response):
    return response.json()["message"]


def test_a_feed_is_answered_in_the_spec_shape(admin_api, feed_server):
    url = feed_server("/feed.xml", Answer(200, FEED, RSS))
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == 1
    channel = body["date"]["data"]["channel"]
    assert channel["title"] == "Springfield Gazette & Review"
    assert channel["link"] == "https://gazette.example.com/"
    assert channel["description"] == "Local news from Springfield"
    assert [item["title"] for item in channel["item"]] == [
        "Council approves new library",
        "Farmers market moves indoors",
        "High school wins regional final",
    ]
    first = channel["item"][0]
    assert first["link"] == "https://gazette.example.com/2026/11/library"
    assert first["guid"] == "gazette-2026-11-library"
    assert first["pubDate"] == "Mon, 23 Nov 2026 07:30:00 GMT"
    assert first["enclosure"] == "https://gazette.example.com/lib.jpg"
    assert "Pat Reyes" in first["author"]
    assert "<script" not in first["description"] and "onerror" not in first["description"]
    assert "<strong>7-2</strong>" in first["description"]
    assert channel["item"][1]["author"] == "Sam Ortiz"


def test_a_member_without_admin_rights_may_read_a_feed(user_api, feed_server):
    url = feed_server("/feed.xml", Answer(200, FEED, RSS))
    assert user_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 200


def test_the_feed_is_cached_briefly(admin_api, feed_server):
    url = feed_server("/feed.xml", Answer(200, FEED, RSS))
    assert admin_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 200
    assert admin_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 200
    assert len(feed_server.seen) == 1


def test_the_cache_is_per_client(admin_api, beta_api, feed_server):
    url = feed_server("/feed.xml", Answer(200, FEED, RSS))
    assert admin_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 200
    assert beta_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 200
    assert len(feed_server.seen) == 2


@pytest.mark.parametrize(
    "url",
    ["", "   ", "not a url", "ftp://feeds.example.com/rss", "javascript:alert(1)", "x" * 3000],
)
def test_bad_urls_are_a_clear_400(admin_api, url):
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_URL_INVALID
    assert response.json()["errors"] == {"rssFeedUrl": [messages.RSS_URL_INVALID]}


def test_a_missing_url_is_a_400(admin_api):
    assert admin_api.get("/api/getRSSXML").status_code == 400


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/feed",
        "http://localhost/feed",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.1.2.3/rss",
        "http://[::1]/rss",
        "http://[::ffff:127.0.0.1]/rss",
    ],
)
def test_private_addresses_are_refused(admin_api, url):
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_URL_REFUSED


def test_an_unreachable_feed_is_a_400(admin_api, settings):
    settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = True
    response = admin_api.get("/api/getRSSXML", rssFeedUrl="http://127.0.0.1:9/feed")
    assert response.status_code == 400
    assert _error(response) == messages.RSS_UNREACHABLE


def test_an_error_status_is_a_400(admin_api, feed_server):
    url = feed_server("/gone", Answer(404, b"nope"))
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_HTTP_ERROR.format(status=404)


@pytest.mark.parametrize(
    "body",
    [b"<html><body><p>Just a page</p></body></html>", b"", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64],
)
def test_something_else_than_a_feed_is_a_400(admin_api, feed_server, body):
    url = feed_server("/page", Answer(200, body, {"Content-Type": "text/html"}))
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_NOT_A_FEED


def test_a_feed_larger_than_the_limit_is_refused(admin_api, feed_server):
    huge = FEED.replace(b"</channel>", b"<!--" + b"x" * (6 * 1024 * 1024) + b"--></channel>")
    url = feed_server("/huge.xml", Answer(200, huge, RSS))
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_TOO_LARGE.format(mb=5)


@pytest.mark.parametrize("bomb", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_an_xml_bomb_or_external_entity_is_refused_quickly(admin_api, feed_server, bomb):
    url = feed_server("/bomb.xml", Answer(200, bomb, RSS))
    started = time.monotonic()
    response = admin_api.get("/api/getRSSXML", rssFeedUrl=url)
    assert response.status_code == 400
    assert _error(response) == messages.RSS_NOT_A_FEED
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "bomb",
    [
        BILLION_LAUGHS,
        BILLION_LAUGHS.decode().encode("utf-16"),
        BILLION_LAUGHS.replace(b"<!ENTITY", b"<!entity"),
    ],
)
def test_feed_parse_refuses_entity_declarations_in_any_encoding(bomb):
    with pytest.raises(Exception) as refused:
        feed_parse(bomb)
    assert refused.value.message == messages.RSS_NOT_A_FEED


def test_roles_and_clients(nomkm_api, beta_api, alpha):
    url = "https://feeds.example.com/rss"
    assert nomkm_api.get("/api/getRSSXML", rssFeedUrl=url).status_code == 403
    assert foreign(beta_api, alpha).get("/api/getRSSXML", rssFeedUrl=url).status_code == 403
    assert http(alpha.host).get("/api/getRSSXML", {"rssFeedUrl": url}).status_code == 401
