"""Open and click tracking: tokens, link rewriting, the lean WSGI handler (no database on
the hot path, no open redirect), the batch writer (every event once, in its own client's
schema, machines flagged) and a message sent through the SMTP sink whose pixel and links
produce events."""

import base64
import re
import time
from urllib.parse import urlsplit

import pytest
from django.db import connection

from marketing.rendering.catalogue import BOT_LINK_GUIDS
from marketing.rendering.services import RenderContext, template_compile
from marketing.tracking import store
from marketing.tracking.endpoints import PIXEL, _send_links, tracking_wsgi
from marketing.tracking.models import EmailEvent, EventType, FlushedBatch, SendLink
from marketing.tracking.services import _batch_write, events_flush, send_tracking_start
from marketing.tracking.tokens import (
    CLICK,
    HONEYPOT_BASE,
    OPEN,
    BadToken,
    TrackingToken,
    tracking_token,
    tracking_token_read,
)
from tests.support.tenants import in_schema
from tests.support.waiting import wait_until

BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
TRAP = f"https://trap.example.com/{BOT_LINK_GUIDS[0]}"
PAGE = (
    '<html><body><img src="https://cdn.example.com/logo.png" alt="Logo"><p>'
    '<a href="https://shop.example.com/a?x=1&amp;y=2">Shop</a>'
    "<a href='http://example.com/b'>B</a>"
    '<a href="mailto:info@example.com">Mail</a>'
    '<a href="tel:+15550100">Call</a>'
    '<a href="https://example.com/u?e=<% mailId %>">Mine</a>'
    '<a href="<% unsubscribeLink %>">Unsubscribe</a>'
    f'<a href="{TRAP}" style="display:none">.</a>'
    "</p></body></html>"
)


@pytest.fixture(autouse=True)
def _clean_redis(settings, tracking_redis_clean):
    settings.TRACKING_PUSH_BATCH = 1  # each event queued at once (the outbox's own tests below)
    _send_links.cache_clear()


def _token(**kwargs) -> TrackingToken:
    fields = dict(client_id=7, send_id=11, profile_id=13, link=2, sent_at=1_700_000_000)
    return TrackingToken(**(fields | kwargs))


# Tokens ---------------------------------------------------------------------------------


def test_a_token_round_trips_and_is_compact():
    token = _token()
    text = tracking_token(CLICK, token)
    assert len(text) == 46 and re.fullmatch(r"[A-Za-z0-9_-]+", text)
    assert tracking_token_read(CLICK, text) == token


def test_altered_forged_and_other_purpose_tokens_are_refused():
    text = tracking_token(CLICK, _token())
    raw = bytearray(base64.urlsafe_b64decode(text + "=="))
    with pytest.raises(BadToken):
        tracking_token_read(OPEN, text)  # a click token is no open token
    for position in (0, 5, 15, 21, 30):  # client, send, profile, link, MAC
        forged = bytearray(raw)
        forged[position] ^= 1
        with pytest.raises(BadToken):
            tracking_token_read(CLICK, base64.urlsafe_b64encode(forged).rstrip(b"=").decode())
    for bad in ("", "x" * 46, text[:-1], text + "A", "../../etc/passwd"):
        with pytest.raises(BadToken):
            tracking_token_read(CLICK, bad)


def test_another_clients_token_cannot_be_made_from_one_of_ours(settings):
    mine = tracking_token(CLICK, _token(client_id=7))
    raw = base64.urlsafe_b64decode(mine + "==")
    other = (8).to_bytes(4, "big") + raw[4:]  # same MAC, client 8
    with pytest.raises(BadToken):
        tracking_token_read(CLICK, base64.urlsafe_b64encode(other).rstrip(b"=").decode())
    settings.SECRET_KEY = "another deployment's key " * 3
    with pytest.raises(BadToken):
        tracking_token_read(CLICK, mine)


# Rewriting ------------------------------------------------------------------------------


def _start(tenant, send_id=501, **kwargs):
    compiled = template_compile("Hi", PAGE, "")
    tracker = send_tracking_start(
        client_id=tenant.client.pk,
        send_id=send_id,
        origin=f"https://{tenant.host}",
        links=compiled.links,
        traps=compiled.traps,
        **({"campaign_id": 42} | kwargs),
    )
    return compiled, tracker


def _render(compiled, tracker, profile_id, sent_at=None):
    from marketing.rendering.services import LinkTracking

    message = tracker.for_message(profile_id, sent_at)
    context = RenderContext(
        {"mailId": "ann@mail.example", "unsubscribeLink": "https://alpha.localhost/u/TOKEN"},
        tracking=LinkTracking(href=message.href),
    )
    return message.pixel_add(compiled.render(context).html)


def test_web_links_and_the_honeypot_are_recorded_once_and_rewritten(in_alpha):
    compiled, tracker = _start(in_alpha)
    _start(in_alpha)  # a second run of the same send records nothing new
    links = {row.index: row for row in SendLink.objects.filter(send_id=501)}
    assert {i: (r.url, r.honeypot) for i, r in links.items()} == {
        0: ("https://shop.example.com/a?x=1&y=2", False),
        1: ("http://example.com/b", False),
        HONEYPOT_BASE: (TRAP, True),
    }
    html = _render(compiled, tracker, profile_id=77)
    hrefs = re.findall(r"""href=["']([^"']+)""", html)
    origin = f"https://{in_alpha.host}/t/c/"
    clicks = [tracking_token_read(CLICK, h.removeprefix(origin)) for h in hrefs if origin in h]
    assert [(c.client_id, c.send_id, c.profile_id, c.link) for c in clicks] == [
        (in_alpha.client.pk, 501, 77, 0),
        (in_alpha.client.pk, 501, 77, 1),
        (in_alpha.client.pk, 501, 77, HONEYPOT_BASE),
    ]
    # Left as written: mailto, tel, a personalised link, the unsubscribe link.
    assert "mailto:info@example.com" in hrefs and "tel:+15550100" in hrefs
    assert "https://example.com/u?e=ann@mail.example" in hrefs
    assert "https://alpha.localhost/u/TOKEN" in hrefs
    assert "shop.example.com" not in html and TRAP not in html
    [pixel] = re.findall(r'</p><img src="([^"]+)"[^>]*></body>', html)
    opened = tracking_token_read(OPEN, pixel.removeprefix(f"https://{in_alpha.host}/t/o/"))
    assert (opened.client_id, opened.send_id, opened.profile_id) == (in_alpha.client.pk, 501, 77)
    assert abs(opened.sent_at - time.time()) < 5


def test_a_message_without_an_image_gets_no_pixel(in_alpha):
    """SpamAssassin's HTML_IMAGE_ONLY_* rules: the pixel would be the only image."""
    compiled, tracker = _start(in_alpha)
    message = tracker.for_message(77)
    assert message.pixel_add("<html><body><p>Hi</p></body></html>") == (
        "<html><body><p>Hi</p></body></html>"
    )
    assert "/t/o/" in message.pixel_add('<html><body><IMG src="x.png"></body></html>')


def test_the_pixel_goes_before_the_last_body_end(in_alpha):
    compiled, tracker = _start(in_alpha)
    message = tracker.for_message(77)

    def placed(html: str) -> str:
        return re.sub(r'<img src="[^"]+/t/o/[^"]+"[^>]*>', "[PIXEL]", message.pixel_add(html))

    img = '<img src="x.png">'
    assert (
        placed(f"<p>{img}</body><p>after</p></BODY >")
        == f"<p>{img}</body><p>after</p>[PIXEL]</BODY >"
    )
    assert placed(f"<p>{img}</body\n>") == f"<p>{img}[PIXEL]</body\n>"
    assert placed(f"<p>{img}</bodyx>") == f"<p>{img}</bodyx>[PIXEL]"  # no body end: at the end
    # Lowered, "İ" is two characters: the pixel still lands where the body ends.
    assert placed(f"<p>İİ{img}İ</body>İ") == f"<p>İİ{img}İ[PIXEL]</body>İ"


# The WSGI handler -----------------------------------------------------------------------


def _call(app, path, *, agent=BROWSER, address="203.0.113.9", method="GET", query=""):
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_USER_AGENT": agent,
        "REMOTE_ADDR": address,
        "HTTP_HOST": "anything.example",
    }
    answered = {}

    def start_response(status, headers):
        answered["status"], answered["headers"] = status, dict(headers)

    body = b"".join(app(environ, start_response))
    return answered["status"], answered["headers"], body


def _django_app(environ, start_response):
    start_response("418 I'm a teapot", [])
    return [b"django"]


APP = tracking_wsgi(_django_app)


def _urls(tenant, tracker, profile_id, *, sent_at):
    message = tracker.for_message(profile_id, sent_at)
    pixel = message._token(OPEN, 0)
    return f"/t/o/{pixel}", {i: f"/t/c/{message._token(CLICK, i)}" for i in tracker.indexes}


def test_the_pixel_and_redirect_answer_without_the_database(in_alpha, django_assert_num_queries):
    compiled, tracker = _start(in_alpha)
    opened, clicks = _urls(in_alpha, tracker, 77, sent_at=int(time.time()) - 3600)
    with django_assert_num_queries(0):
        status, headers, body = _call(APP, opened)
        assert status == "200 OK" and body == PIXEL and len(body) == 43
        assert headers["Content-Type"] == "image/gif"
        assert "no-store" in headers["Cache-Control"] and headers["Pragma"] == "no-cache"
        status, headers, body = _call(APP, clicks[0], query="url=https://evil.example/")
        assert status == "302 Found"
        assert headers["Location"] == "https://shop.example.com/a?x=1&y=2"
        assert _call(APP, clicks[1])[1]["Location"] == "http://example.com/b"
    assert store.queue_length() == 3
    assert _call(APP, "/api/anything")[0].startswith("418")  # the rest is Django's


def test_forged_tokens_get_the_pixel_or_a_404_and_no_event(in_alpha):
    _compiled, tracker = _start(in_alpha)
    opened, clicks = _urls(in_alpha, tracker, 77, sent_at=int(time.time()))
    forged_click = clicks[0][:-3] + ("AAA" if not clicks[0].endswith("AAA") else "BBB")
    status, headers, body = _call(APP, forged_click)
    assert status == "404 Not Found" and "Location" not in headers
    status, headers, body = _call(APP, "/t/c/https://evil.example")
    assert status == "404 Not Found" and "Location" not in headers
    status, headers, body = _call(APP, opened[:-2] + "zz")
    assert status == "200 OK" and body == PIXEL
    # A link index the send never recorded: no destination to give.
    message = tracker.for_message(77, int(time.time()))
    status, headers, _ = _call(APP, f"/t/c/{message._token(CLICK, 9)}")
    assert status == "404 Not Found" and "Location" not in headers
    assert store.queue_length() == 1  # only the good-token click to nowhere, dropped later
    assert events_flush(seconds=5) == 0


def test_a_cache_miss_reads_the_recorded_link_once(in_alpha):
    _compiled, tracker = _start(in_alpha)
    _opened, clicks = _urls(in_alpha, tracker, 77, sent_at=int(time.time()) - 60)
    store.connection().delete(store.links_key(in_alpha.client.pk, 501))
    status, headers, _ = _call(APP, clicks[1])
    assert (status, headers["Location"]) == ("302 Found", "http://example.com/b")
    cached = store.connection().hgetall(store.links_key(in_alpha.client.pk, 501))
    assert cached[b"1"] == b"http://example.com/b"  # refilled


def test_each_process_reads_a_sends_links_once(in_alpha, django_assert_num_queries):
    _compiled, tracker = _start(in_alpha)
    _opened, clicks = _urls(in_alpha, tracker, 77, sent_at=int(time.time()) - 60)
    assert _call(APP, clicks[0])[1]["Location"] == "https://shop.example.com/a?x=1&y=2"
    store.connection().delete(store.links_key(in_alpha.client.pk, 501))
    with django_assert_num_queries(0):  # kept by the process: neither Redis nor the database
        assert _call(APP, clicks[1])[1]["Location"] == "http://example.com/b"
        message = tracker.for_message(77, int(time.time()))
        assert _call(APP, f"/t/c/{message._token(CLICK, 9)}")[0] == "404 Not Found"


def test_the_django_view_serves_the_same_paths(alpha):
    from tests.support.http_api import http

    with in_schema(alpha):
        _compiled, tracker = _start(alpha)
    opened, clicks = _urls(alpha, tracker, 77, sent_at=int(time.time()) - 60)
    browser = http(alpha.host)
    response = browser.get(opened)
    assert response.status_code == 200 and response.content == PIXEL
    response = browser.get(clicks[0])
    assert response.status_code == 302
    assert response["Location"] == "https://shop.example.com/a?x=1&y=2"
    assert browser.get(clicks[0][:-4] + "AAAA").status_code == 404
    assert store.queue_length() == 2


def test_the_outbox_queues_events_in_batches_and_never_holds_one_long(in_alpha, settings):
    from marketing.tracking.outbox import Outbox

    settings.TRACKING_PUSH_BATCH, settings.TRACKING_PUSH_SECONDS = 3, 0.2
    outbox = Outbox()
    entry = store.entry(store.Event("o", in_alpha.client.pk, 501, 1, 0, 1, False))
    outbox.add(entry)
    outbox.add(entry)
    assert store.queue_length() == 0 and outbox.waiting() == 2
    outbox.add(entry)  # the batch is full: one RPUSH of three
    assert store.queue_length() == 3 and outbox.waiting() == 0
    outbox.add(entry)
    wait_until(  # the outbox's thread pushes it within its interval
        lambda: store.queue_length() >= 4, timeout=5, message="the waiting event is pushed"
    )
    outbox.add(entry)
    outbox.flush()  # what the process does when it exits
    assert store.queue_length() == 5 and outbox.waiting() == 0


# The batch writer -----------------------------------------------------------------------


def _events(tenant):
    with in_schema(tenant):
        return list(
            EmailEvent.objects.order_by("id").values_list(
                "profile_id", "campaign_id", "event_type", "link_id", "machine"
            )
        )


def test_every_request_is_stored_once_in_its_clients_schema_with_machines_flagged(alpha, beta):
    with in_schema(alpha):
        _c, alpha_tracker = _start(alpha, campaign_id=42)
        alpha_links = dict(SendLink.objects.values_list("index", "id"))
    with in_schema(beta):
        _c, beta_tracker = _start(beta, campaign_id=43)  # the same send id in beta
    long_ago = int(time.time()) - 3600
    a_open, a_clicks = _urls(alpha, alpha_tracker, 1, sent_at=long_ago)
    requests = [
        (a_open, BROWSER, "203.0.113.9"),  # human open
        (a_open, "Mozilla/5.0 (via ggpht.com GoogleImageProxy)", "66.249.84.1"),  # Gmail
        (a_open, "Mozilla/5.0", "17.58.101.4"),  # Apple MPP
        (a_clicks[0], BROWSER, "203.0.113.9"),  # human click
        (a_clicks[1], "Mozilla/5.0 (compatible; Barracuda Sentinel)", "203.0.113.9"),
        (a_clicks[HONEYPOT_BASE], BROWSER, "203.0.113.9"),  # hidden link
    ]
    _fresh_open, fresh_clicks = _urls(alpha, alpha_tracker, 2, sent_at=int(time.time()))
    requests.append((fresh_clicks[0], BROWSER, "203.0.113.9"))  # seconds after sending
    b_open, b_clicks = _urls(beta, beta_tracker, 1, sent_at=long_ago)
    requests += [(b_open, BROWSER, "198.51.100.7"), (b_clicks[1], BROWSER, "198.51.100.7")]
    for path, agent, address in requests:
        assert _call(APP, path, agent=agent, address=address)[0] in ("200 OK", "302 Found")

    assert events_flush(seconds=10) == len(requests)
    assert store.queue_length() == 0 and store.batches_pending() == []
    opened, clicked = int(EventType.OPENED), int(EventType.CLICKED)
    assert _events(alpha) == [
        (1, 42, opened, None, False),
        (1, 42, opened, None, True),
        (1, 42, opened, None, True),
        (1, 42, clicked, alpha_links[0], False),
        (1, 42, clicked, alpha_links[1], True),
        (1, 42, clicked, alpha_links[HONEYPOT_BASE], True),
        (2, 42, clicked, alpha_links[0], True),
    ]
    beta_events = _events(beta)
    assert [(p, c, t, m) for p, c, t, _l, m in beta_events] == [
        (1, 43, opened, False),
        (1, 43, clicked, False),
    ]
    with in_schema(alpha):
        [event] = EmailEvent.objects.filter(link_id=alpha_links[0], profile_id=1)
        assert bytes(event.url_hash) == bytes(SendLink.objects.get(index=0).url_hash)


def test_a_test_sends_events_are_not_recorded(in_alpha):
    _c, tracker = _start(in_alpha, send_id=502, campaign_id=None, record_events=False)
    opened, _clicks = _urls(in_alpha, tracker, 1, sent_at=int(time.time()) - 60)
    _call(APP, opened)
    assert events_flush(seconds=5) == 0 and store.queue_length() == 0


def test_a_writer_that_dies_after_writing_does_not_write_twice(alpha, monkeypatch):
    with in_schema(alpha):
        _c, tracker = _start(alpha)
    opened, clicks = _urls(alpha, tracker, 1, sent_at=int(time.time()) - 3600)
    for path in (opened, clicks[0], clicks[1]):
        _call(APP, path)
    batch = store.batch_take(100)
    assert store.queue_length() == 0 and store.batches_pending() == [batch]

    def die(batch):
        raise RuntimeError("killed between the commit and the confirmation")

    monkeypatch.setattr(store, "batch_done", die)
    with pytest.raises(RuntimeError):
        _batch_write(batch)
    monkeypatch.undo()
    assert len(_events(alpha)) == 3  # committed, but the batch is still pending
    _call(APP, opened)  # and one more event arrives meanwhile
    assert events_flush(seconds=5) == 1  # the pending batch writes nothing again
    assert len(_events(alpha)) == 4 and store.batches_pending() == []
    with in_schema(alpha):
        assert FlushedBatch.objects.filter(batch=batch).exists()


def test_a_writer_that_dies_before_writing_loses_nothing(alpha):
    with in_schema(alpha):
        _c, tracker = _start(alpha)
    opened, _clicks = _urls(alpha, tracker, 1, sent_at=int(time.time()) - 3600)
    _call(APP, opened)
    _call(APP, opened)
    store.batch_take(100)  # taken, then the writer died
    assert store.queue_length() == 0
    assert events_flush(seconds=5) == 2
    assert len(_events(alpha)) == 2


# End to end -----------------------------------------------------------------------------


@pytest.fixture
def sink(settings):
    from tests.support.smtp_sink import SmtpSink

    with SmtpSink() as running:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = running.host, running.port
        yield running


def test_a_sent_messages_pixel_and_links_produce_events(alpha, sink, settings):
    from marketing.audience.models import Profile
    from marketing.delivery.models import Send, SendKind
    from marketing.delivery.services.batch_sending import send_batch_run
    from marketing.delivery.services.ledger import send_freeze
    from tests.support.http_api import http

    settings.TRACKING_CLICK_TOO_SOON_SECONDS = 0  # a person clicking at once, for the test
    with in_schema(alpha):
        profile = Profile.objects.create(email="ann@mail.example", first_name="Ann")
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=42,
            subject="Sale",
            html=PAGE,
            text="Hi",
            from_name="Shop",
            from_address="news@shop.example",
        )
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
        send_batch_run(send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    html = next(
        part.get_content()
        for part in received.message.walk()
        if part.get_content_type() == "text/html"
    )
    [pixel] = re.findall(r'<img src="([^"]+/t/o/[^"]+)"', html)
    clicks = re.findall(r"""href=["']([^"']+/t/c/[^"']+)""", html)
    assert len(clicks) == 3  # two links and the honeypot
    assert all(urlsplit(u).netloc == alpha.host for u in [pixel, *clicks])
    browser = http(alpha.host)
    assert browser.get(urlsplit(pixel).path, HTTP_USER_AGENT=BROWSER).content == PIXEL
    destinations = [
        browser.get(urlsplit(url).path, HTTP_USER_AGENT=BROWSER)["Location"] for url in clicks
    ]
    assert destinations == ["https://shop.example.com/a?x=1&y=2", "http://example.com/b", TRAP]
    assert events_flush(seconds=10) == 4
    with in_schema(alpha):
        rows = list(
            EmailEvent.objects.filter(event_type__in=[EventType.OPENED, EventType.CLICKED])
            .order_by("id")
            .values_list("profile_id", "campaign_id", "event_type", "machine")
        )
    opened, clicked = int(EventType.OPENED), int(EventType.CLICKED)
    assert rows == [
        (profile.pk, 42, opened, False),
        (profile.pk, 42, clicked, False),
        (profile.pk, 42, clicked, False),
        (profile.pk, 42, clicked, True),  # the honeypot
    ]
    assert connection.schema_name == "public"


# A click counts as an open ----------------------------------------------------------------


def _opens(tenant):
    with in_schema(tenant):
        return list(
            EmailEvent.objects.filter(event_type=EventType.OPENED)
            .order_by("id")
            .values_list("profile_id", "machine", "inferred")
        )


def test_a_human_click_without_an_open_records_one_inferred_open(alpha):
    from marketing.tracking.selectors import campaign_human_reach

    with in_schema(alpha):
        _c, tracker = _start(alpha, campaign_id=42)
    long_ago = int(time.time()) - 3600
    _open1, clicks1 = _urls(alpha, tracker, 1, sent_at=long_ago)  # images blocked
    open2, clicks2 = _urls(alpha, tracker, 2, sent_at=long_ago)  # pixel shown
    open3, clicks3 = _urls(alpha, tracker, 3, sent_at=long_ago)  # only Apple's proxy
    for path, agent, address in [
        (clicks1[0], BROWSER, "203.0.113.9"),
        (clicks1[1], BROWSER, "203.0.113.9"),  # a second click: still one open
        (open2, BROWSER, "203.0.113.9"),
        (clicks2[0], BROWSER, "203.0.113.9"),
        (open3, "Mozilla/5.0", "17.58.101.4"),
        (clicks3[0], BROWSER, "203.0.113.9"),
    ]:
        _call(APP, path, agent=agent, address=address)
    assert events_flush(seconds=10) == 6 + 2
    assert sorted(_opens(alpha)) == [
        (1, False, True),
        (2, False, False),
        (3, False, True),
        (3, True, False),
    ]
    # Later clicks and a late pixel of the same messages infer nothing more.
    _call(APP, clicks1[0])
    _call(APP, clicks3[1])
    assert events_flush(seconds=10) == 2
    assert len(_opens(alpha)) == 4
    with in_schema(alpha):
        assert campaign_human_reach([42]) == {42: {"opened": 3, "clicked": 3}}
        [inferred] = EmailEvent.objects.filter(profile_id=1, inferred=True)
        [first_click] = EmailEvent.objects.filter(profile_id=1, event_type=EventType.CLICKED)[:1]
        assert inferred.occurred_at == first_click.occurred_at and inferred.link_id is None


def test_machine_clicks_never_infer_an_open(alpha):
    with in_schema(alpha):
        _c, tracker = _start(alpha)
    _open, clicks = _urls(alpha, tracker, 1, sent_at=int(time.time()) - 3600)
    _fresh_open, fresh = _urls(alpha, tracker, 2, sent_at=int(time.time()))
    _call(APP, clicks[1], agent="Mozilla/5.0 (compatible; Barracuda Sentinel)")
    _call(APP, clicks[HONEYPOT_BASE])  # the hidden link
    _call(APP, fresh[0])  # seconds after sending: a scanner
    _call(APP, clicks[0], agent="")  # no user agent
    assert events_flush(seconds=10) == 4
    assert _opens(alpha) == []


def test_first_clicks_in_two_batches_infer_one_open(alpha):
    """The later batch written first; the message's open is inferred once all the same."""
    with in_schema(alpha):
        _c, tracker = _start(alpha)
    _open, clicks = _urls(alpha, tracker, 1, sent_at=int(time.time()) - 3600)
    _call(APP, clicks[0])
    first = store.batch_take(100)
    _call(APP, clicks[1])
    second = store.batch_take(100)
    assert _batch_write(second) == 2 and _batch_write(first) == 1
    assert _opens(alpha) == [(1, False, True)]


def test_a_test_sends_clicks_infer_nothing(in_alpha):
    _c, tracker = _start(in_alpha, send_id=502, campaign_id=None, record_events=False)
    _open, clicks = _urls(in_alpha, tracker, 1, sent_at=int(time.time()) - 60)
    _call(APP, clicks[0])
    assert events_flush(seconds=5) == 0
    assert _opens(in_alpha) == []
