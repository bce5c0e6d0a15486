"""A verified page domain is answered only by the pages URL conf, as its client: /<path>
there is /<schema>/<path> on the pages host (the form pages /pf/<key> today). Never an app
route, the API, a cookie or sign-in; never another client's page; an unknown, pending or
removed domain gets the plain 404. Both doors: the middleware and the WSGI wrapper."""

import pytest
from django.conf import settings
from django.core.signals import request_started
from django.db import close_old_connections
from django.test import RequestFactory

from config.pages import pages_wsgi
from tenants.hosts import hosts_forget, page_host_client
from tests.support.forms import form_parts_in, form_published
from tests.support.http_api import http
from tests.support.page_domains import URL, domain_verified


@pytest.fixture
def forms(alpha, beta, admin_api, beta_api):
    """A published form in alpha and one in beta."""
    return form_published(admin_api, form_parts_in(alpha)), form_published(
        beta_api, form_parts_in(beta)
    )


def test_the_domain_serves_its_clients_pages_as_the_pages_host_does(alpha, forms, page_domain):
    mine, _ = forms
    on_pages_host = http(settings.PAGES_HOST).get(mine["publicPath"])
    assert on_pages_host.status_code == 200
    browser = http("pages.shop.test")
    browser.cookies["sessionid"] = "an-app-session"
    page = browser.get(f"/pf/{mine['key']}")
    assert page.status_code == 200, page.content
    assert b"<form" in page.content and mine["key"].encode() in page.content
    assert not page.cookies and "Cookie" not in page.get("Vary", "")
    assert http("PAGES.shop.test:443").get(f"/pf/{mine['key']}").status_code == 200
    # The page's own script is served there too.
    assert http("pages.shop.test").get("/-/form.js").status_code == 200


def test_the_domain_needs_no_allowed_hosts_entry(alpha, forms, page_domain, settings):
    """PageHost is its allow-list: production's ALLOWED_HOSTS (never '*') need not name it."""
    mine, _ = forms
    settings.ALLOWED_HOSTS = [".localhost"]
    assert http("pages.shop.test").get(f"/pf/{mine['key']}").status_code == 200
    assert http("pages.shop.test").get("/").status_code == 404


def test_nothing_of_the_app_answers_on_the_domain(alpha, forms, page_domain):
    mine, _ = forms
    browser = http("pages.shop.test")
    schema = alpha.client.schema_name
    paths = ("/", "/api/auth/status", "/api/mm/forms", "/api/auth/login", "/django-admin/",
             "/profilemanagement", f"/{schema}/pf/{mine['key']}", "/t/o/x", "/u/x")  # fmt: skip
    for path in paths:
        refused = browser.get(path)
        assert refused.status_code == 404, path
        assert not refused.cookies, path
    login = browser.post(
        "/api/auth/login",
        {"email": alpha.admin.email, "password": "x"},
        content_type="application/json",
    )
    assert login.status_code == 404 and not login.cookies


def test_a_path_on_one_clients_domain_never_serves_another_clients_page(
    alpha, beta, forms, page_domain, beta_api, dns_server, django_capture_on_commit_callbacks
):
    mine, theirs = forms
    with django_capture_on_commit_callbacks(execute=True):
        domain_verified(beta_api, dns_server, "pages.beta.test")
    assert http("pages.shop.test").get(f"/pf/{theirs['key']}").status_code == 404
    assert http("pages.beta.test").get(f"/pf/{mine['key']}").status_code == 404
    assert http("pages.beta.test").get(f"/pf/{theirs['key']}").status_code == 200
    # Nor does a schema segment reach another client from a page domain.
    beta_schema = beta.client.schema_name
    assert http("pages.shop.test").get(f"/{beta_schema}/pf/{theirs['key']}").status_code == 404


def test_unknown_pending_and_removed_domains_get_the_plain_404(
    alpha, admin_api, forms, page_domain, django_capture_on_commit_callbacks
):
    mine, _ = forms
    path = f"/pf/{mine['key']}"
    assert http("unknown.shop.test").get(path).status_code == 404
    pending = admin_api.post(URL, {"name": "later.shop.test"})
    assert pending.status_code == 201
    assert http("later.shop.test").get(path).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        assert admin_api.delete(f"{URL}/{page_domain['id']}").status_code == 204
    assert page_host_client("pages.shop.test") is None
    gone = http("pages.shop.test").get(path)
    assert gone.status_code == 404 and not gone.cookies


def test_the_host_lookup_is_kept_by_the_process(alpha, page_domain, django_assert_num_queries):
    hosts_forget()
    assert page_host_client("pages.shop.test") == alpha.client
    assert page_host_client("unknown.shop.test") is None
    with django_assert_num_queries(0):  # each host read once, an unknown one too
        for _ in range(100):
            assert page_host_client("pages.shop.test") == alpha.client
            assert page_host_client("unknown.shop.test") is None


def test_the_wsgi_door_gives_the_domain_the_pages_stack(alpha, forms, page_domain):
    mine, _ = forms
    behind = []

    def app(environ, start_response):
        behind.append(environ["HTTP_HOST"])
        start_response("200 OK", [])
        return [b"app"]

    wrapped = pages_wsgi(app)
    statuses = []

    def call(path: str, host: str) -> bytes:
        environ = RequestFactory()._base_environ(PATH_INFO=path, HTTP_HOST=host)
        # As Django's test client does: the test's transaction must outlive the request.
        request_started.disconnect(close_old_connections)
        try:
            return b"".join(wrapped(environ, lambda status, headers: statuses.append(status)))
        finally:
            request_started.connect(close_old_connections)

    body = call(f"/pf/{mine['key']}", "pages.shop.test")
    assert statuses == ["200 OK"] and b"<form" in body
    assert behind == []
    statuses.clear()
    call("/api/auth/status", "pages.shop.test")
    assert statuses[0].startswith("404") and behind == []
    assert call("/", "unknown.shop.test") == b"app"


def test_a_landing_page_on_the_domain_never_another_clients(
    alpha, beta, admin_api, beta_api, page_domain
):
    """The domain serves its client's landing page at /<slug>; /<schema>/<slug> of another
    client there is a 404, even just after the pages host served that page (the pages
    host's WSGI door keeps it by /<schema>/<slug>)."""
    from marketing.sites.views import served_forget
    from tests.support.sites import page_published

    page_published(admin_api, html="<h1>Alpha spring</h1>", slug="spring")
    theirs = page_published(beta_api, html="<h1>Beta spring</h1>", slug="spring")
    served_forget()
    answers = []

    def call(host: str, path: str) -> bytes:
        environ = RequestFactory()._base_environ(PATH_INFO=path, HTTP_HOST=host)
        return b"".join(pages_wsgi(None)(environ, lambda status, _: answers.append(status)))

    request_started.disconnect(close_old_connections)
    try:
        assert b"Beta spring" in call(settings.PAGES_HOST, theirs["publicPath"])
        assert b"Beta spring" in call(settings.PAGES_HOST, theirs["publicPath"])  # kept
        leaked = call("pages.shop.test", theirs["publicPath"])
        own = call("pages.shop.test", "/spring")
    finally:
        request_started.connect(close_old_connections)
    assert answers[2].startswith("404") and b"Beta" not in leaked
    assert answers[3] == "200 OK" and b"Alpha spring" in own
