"""Links minted for a client answer only on that client's hosts (config/recipient_links.py):
open, click, view in browser, unsubscribe and preferences links of alpha get a plain 404
with no redirect on beta's host and on the public host, and queue nothing; a tracking
domain serves those links and nothing of the app."""

import time

import pytest
from django.conf import settings as django_settings

from config.recipient_links import recipient_links_wsgi
from marketing.delivery.tokens import PREFERENCES, UNSUBSCRIBE, WEB_VIEW, recipient_token
from marketing.rendering.services import template_compile
from marketing.tracking import store
from marketing.tracking.endpoints import PIXEL, _send_links, tracking_wsgi
from marketing.tracking.services import send_tracking_start
from marketing.tracking.tokens import CLICK, OPEN, TrackingToken, tracking_token
from tenants.models import Client, Domain
from tests.support.http_api import http
from tests.support.tenants import in_schema

PUBLIC_HOST = django_settings.BASE_DOMAIN
PAGE = '<html><body><img src="https://cdn.example.com/a.png"><a href="https://shop.example.com/">Shop</a></body></html>'
BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


@pytest.fixture(autouse=True)
def _clean(settings, tracking_redis_clean):
    settings.TRACKING_PUSH_BATCH = 1
    _send_links.cache_clear()


def _recorded_send(tenant, send_id=601) -> None:
    compiled = template_compile("Hi", PAGE, "")
    with in_schema(tenant):
        send_tracking_start(
            client_id=tenant.client.pk,
            send_id=send_id,
            origin=f"https://{tenant.host}",
            links=compiled.links,
            campaign_id=42,
        )


def _tracking(purpose: bytes, client_id: int, send_id=601, link=0) -> str:
    sent = int(time.time()) - 3600
    return tracking_token(purpose, TrackingToken(client_id, send_id, 77, link, sent))


def _teapot(environ, start_response):
    start_response("418 I'm a teapot", [])
    return [b"django"]


LEAN = recipient_links_wsgi(tracking_wsgi(_teapot))  # what config/wsgi.py serves


def _lean(host: str, path: str, method="GET") -> tuple[str, dict, bytes]:
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "HTTP_HOST": host,
        "HTTP_USER_AGENT": BROWSER,
        "REMOTE_ADDR": "203.0.113.9",
    }
    answered = {}

    def start_response(status, headers):
        answered["status"], answered["headers"] = status, dict(headers)

    body = b"".join(LEAN(environ, start_response))
    return answered["status"], answered["headers"], body


def test_a_click_token_answers_only_on_its_own_clients_hosts(alpha, beta):
    _recorded_send(alpha)
    click = f"/t/c/{_tracking(CLICK, alpha.client.pk)}"
    for host in (beta.host, PUBLIC_HOST, f"{beta.host}:8000", "unknown.example"):
        status, headers, body = _lean(host, click)
        assert (status, body) == ("404 Not Found", b"Not found."), host
        assert "Location" not in headers
        response = http(host).get(click)  # the same rule when Django serves the path
        assert response.status_code == 404 and not response.has_header("Location"), host
    assert store.queue_length() == 0  # nothing queued for a refused link
    # A forged token naming alpha passes the host check; the endpoint's MAC check stops it.
    forged = click[:-4] + ("AAAA" if not click.endswith("AAAA") else "BBBB")
    status, headers, _ = _lean(alpha.host, forged)
    assert status == "404 Not Found" and "Location" not in headers
    assert store.queue_length() == 0
    status, headers, _ = _lean(alpha.host.upper() + ":443", click)
    assert (status, headers["Location"]) == ("302 Found", "https://shop.example.com/")
    assert http(alpha.host).get(click)["Location"] == "https://shop.example.com/"
    assert store.queue_length() == 2


def test_the_rule_reads_no_database_once_a_host_is_known(alpha, django_assert_num_queries):
    _recorded_send(alpha)
    click = f"/t/c/{_tracking(CLICK, alpha.client.pk)}"
    assert _lean(alpha.host, click)[0] == "302 Found"  # reads alpha's host once
    assert _lean(PUBLIC_HOST, click)[0] == "404 Not Found"
    with django_assert_num_queries(0):
        assert _lean(alpha.host, click)[0] == "302 Found"
        assert _lean(alpha.host, f"/t/o/{_tracking(OPEN, alpha.client.pk)}")[2] == PIXEL
        assert _lean(PUBLIC_HOST, click)[0] == "404 Not Found"


def test_an_open_pixel_answers_only_on_its_own_clients_hosts(alpha, beta):
    _recorded_send(alpha)
    pixel = f"/t/o/{_tracking(OPEN, alpha.client.pk)}"
    for host in (beta.host, PUBLIC_HOST):
        status, _headers, body = _lean(host, pixel)
        assert (status, body) == ("404 Not Found", b"Not found."), host
        assert http(host).get(pixel).status_code == 404
    assert store.queue_length() == 0
    assert _lean(alpha.host, pixel)[2] == PIXEL
    assert store.queue_length() == 1


def test_a_token_of_the_platforms_own_tenant_is_refused_without_queueing(alpha):
    public = Client.objects.get(schema_name="public")
    for path in (f"/t/c/{_tracking(CLICK, public.pk)}", f"/t/o/{_tracking(OPEN, public.pk)}"):
        assert _lean(PUBLIC_HOST, path)[0] == "404 Not Found"
        assert _lean(alpha.host, path)[0] == "404 Not Found"
    assert store.queue_length() == 0


def test_unsubscribe_preferences_and_web_view_links_answer_only_on_their_own_host(alpha, beta):
    def token(action):
        return recipient_token(action, schema="alpha", profile_id=5, send_id=9)

    unsubscribe, preferences, web_view = token(UNSUBSCRIBE), token(PREFERENCES), token(WEB_VIEW)
    paths = [
        f"/u/{unsubscribe}",
        f"/v/{web_view}",
        f"/external/useroptoutform?token={unsubscribe}",
        f"/external/managepreferences?token={preferences}",
    ]
    for host in (beta.host, PUBLIC_HOST):
        browser = http(host)
        for path in paths:
            response = browser.get(path)
            assert response.status_code == 404, (host, path)
            assert not response.has_header("Location") and response.content == b"Not found."
        one_click = browser.post(
            f"/u/{unsubscribe}", "List-Unsubscribe=One-Click", content_type="text/plain"
        )
        assert one_click.status_code == 404
        assert _lean(host, f"/u/{unsubscribe}", method="POST")[0] == "404 Not Found"
    # On alpha's own host the same links reach their pages.
    on_alpha = http(alpha.host)
    assert on_alpha.get(paths[0])["Location"] == f"/external/useroptoutform?token={unsubscribe}"
    for path in paths[2:]:
        assert on_alpha.get(path).status_code != 404, path
    # A token of another action is no link of this kind.
    assert on_alpha.get(f"/u/{web_view}").status_code == 404


def test_a_tracking_domain_serves_the_links_in_mail_and_nothing_else(alpha, beta):
    from tenants.services import client_host_add

    assert client_host_add(client=alpha.client, host="click.shop.test")
    assert Domain.objects.get(domain="click.shop.test").recipient_only
    _recorded_send(alpha)
    click = f"/t/c/{_tracking(CLICK, alpha.client.pk)}"
    assert _lean("click.shop.test", click)[1]["Location"] == "https://shop.example.com/"
    assert http("click.shop.test").get(click)["Location"] == "https://shop.example.com/"
    unsubscribe = recipient_token(UNSUBSCRIBE, schema="alpha", profile_id=5, send_id=9)
    browser = http("click.shop.test")
    assert browser.get(f"/u/{unsubscribe}").status_code == 302
    assert browser.get(f"/external/useroptoutform?token={unsubscribe}").status_code != 404
    assert browser.get("/api/external/optOut", {"token": unsubscribe}).status_code == 400
    for path in ("/", "/campaigns", "/api/getStatus", "/api/auth/login", "/django-admin/"):
        response = browser.get(path)
        assert response.status_code == 404 and response.content == b"Not found.", path
        assert _lean("click.shop.test", path)[0] == "404 Not Found", path
    sign_in = {"email": "x@y.example", "password": "z"}
    login = browser.post("/api/auth/login", sign_in, content_type="application/json")
    assert login.status_code == 404
    # Beta's click on alpha's tracking domain is beta's business elsewhere.
    _recorded_send(beta)
    assert _lean("click.shop.test", f"/t/c/{_tracking(CLICK, beta.client.pk)}")[0] == (
        "404 Not Found"
    )
    # Alpha's own host still serves the app.
    assert _lean(alpha.host, "/campaigns")[0].startswith("418")


def test_a_known_host_keeps_its_answer_while_the_database_is_away(alpha, monkeypatch):
    from django.db import OperationalError

    import tenants.hosts as hosts

    assert hosts.host_client(alpha.host).client_id == alpha.client.pk
    kept = hosts._kept[alpha.host]
    hosts._kept[alpha.host] = (0.0, kept[1])  # its time is up

    def away(host):
        raise OperationalError("the database is away")

    monkeypatch.setattr(hosts, "_host_client_read", away)
    assert hosts.host_client(alpha.host).client_id == alpha.client.pk
    with pytest.raises(OperationalError):  # a host never read cannot be answered
        hosts.host_client(beta_host := "beta.localhost")
    assert beta_host not in hosts._kept
