"""The edge proxy's question before an on-demand certificate (Caddy's `ask`): 200 for the
pages host and verified page domains, 404 for anything else; answered only on
PAGES_TLS_ASK_HOST to a caller from PAGES_TLS_ASK_FROM, through both doors."""

from django.conf import settings
from django.core.signals import request_started
from django.db import close_old_connections
from django.test import Client as HttpClient
from django.test import RequestFactory

from config.pages import pages_wsgi
from tests.support.page_domains import URL


def _ask(domain: str, *, remote: str = "127.0.0.1", host: str = "127.0.0.1:8000"):
    return HttpClient(HTTP_HOST=host, REMOTE_ADDR=remote).get("/tls-ask", {"domain": domain})


def test_only_verified_page_domains_and_the_pages_host_get_a_yes(
    alpha, admin_api, page_domain, dns_server
):
    assert _ask("pages.shop.test").status_code == 200
    assert _ask("PAGES.shop.test.").status_code == 200
    assert _ask(settings.PAGES_HOST).status_code == 200
    answer = _ask("pages.shop.test")
    assert answer["Cache-Control"] == "no-store" and not answer.cookies
    admin_api.post(URL, {"name": "pending.shop.test"})
    for refused in ("pending.shop.test", "unknown.test", alpha.host, "localhost", ""):
        assert _ask(refused).status_code == 404, refused
    assert HttpClient(HTTP_HOST="127.0.0.1").get("/tls-ask").status_code == 404


def test_nobody_else_can_ask(alpha, page_domain):
    # From another address, or on another host, the path is nothing of ours (the app's 404).
    assert _ask("pages.shop.test", remote="203.0.113.9").status_code == 404
    for host in ("pages.shop.test", settings.PAGES_HOST, "unknown.test"):
        assert _ask("pages.shop.test", host=host).status_code == 404, host
    app_page = _ask("pages.shop.test", host=alpha.host)  # the app's own page (its SPA)
    assert app_page.content  # the ask's answers have no body


def test_the_wsgi_door_answers_it(alpha, page_domain, settings):
    settings.PAGES_TLS_ASK_HOST = "pages-ask.internal"
    behind = []

    def app(environ, start_response):
        behind.append(environ["PATH_INFO"])
        start_response("404 Not Found", [])
        return [b""]

    wrapped = pages_wsgi(app)

    def status(domain: str, remote: str = "127.0.0.1") -> str:
        environ = RequestFactory()._base_environ(
            PATH_INFO="/tls-ask",
            QUERY_STRING=f"domain={domain}",
            HTTP_HOST="pages-ask.internal",
            REMOTE_ADDR=remote,
        )
        answers = []
        request_started.disconnect(close_old_connections)
        try:
            b"".join(wrapped(environ, lambda s, headers: answers.append(s)))
        finally:
            request_started.connect(close_old_connections)
        return answers[0]

    assert status("pages.shop.test") == "200 OK"
    assert status("unknown.test") == "404 Not Found"
    assert behind == []
    assert status("pages.shop.test", remote="::1") == "200 OK"
    status("pages.shop.test", remote="198.51.100.7")
    assert behind == ["/tls-ask"]  # not ours to answer: the app's own 404
