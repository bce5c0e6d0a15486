"""Published pages on the pages host: the frozen document with its ETag, Last-Modified and
Content-Security-Policy, no cookie; an unpublished page a styled 410, an unknown one a
404, neither with a script; one client's slug never serves another's page; a publish
reaches the host through the pages token; a stored script never reaches a visitor; the
page's forms are frames of the forms' public page; the pop-up configuration; visits
counted (unique and total), machines not; the pages' script small and cacheable."""

import gzip
import json
import re
from html import unescape

from django.conf import settings

from marketing.sites.models import PageVisitDay
from marketing.sites.views import served_forget
from tests.support.forms import form_parts_in, form_published
from tests.support.http_api import http
from tests.support.sites import URL, page_published, popup_published
from tests.support.tenants import in_schema

BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"


def _config(body: bytes) -> dict:
    found = re.search(rb'<script src="../-/lp.js" data-page="([^"]*)" defer>', body)
    return json.loads(unescape(found.group(1).decode()))


def test_a_published_page_is_served_fast_and_safe(alpha, user_api):
    page = page_published(
        user_api,
        settings={
            "seoTitle": "Spring <deals>",
            "seoDescription": "Half off",
            "favicon": "https://cdn.example/icon.png",
        },
    )
    browser = http(settings.PAGES_HOST)
    browser.cookies["sessionid"] = "an-app-session"
    answer = browser.get(page["publicPath"], HTTP_USER_AGENT=BROWSER)
    assert answer.status_code == 200 and not answer.cookies
    body = answer.content
    assert b"<title>Spring &lt;deals&gt;</title>" in body
    assert b'<meta name="description" content="Half off">' in body
    assert b'<link rel="icon" href="https://cdn.example/icon.png">' in body
    assert b"<h1>Spring sale</h1>" in body and b".hero{padding:40px;color:#123}" in body
    csp = answer["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "default-src 'none'" in csp
    assert answer["Cache-Control"] == "no-cache" and answer["Last-Modified"]
    again = browser.get(page["publicPath"], HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304
    assert _config(body) == {"visit": f"_v/{page['id']}", "popups": []}
    with in_schema(alpha):
        assert not PageVisitDay.objects.exists()  # the page's GET writes nothing


def test_unpublished_unknown_and_other_clients_pages(alpha, beta, user_api):
    page = page_published(user_api)
    browser = http(settings.PAGES_HOST)
    assert user_api.post(f"{URL}/{page['id']}/unpublish", {}).status_code == 200
    served_forget()  # the test's transaction never commits the pages token
    gone = browser.get(page["publicPath"])
    assert gone.status_code == 410 and b"This page is no longer available" in gone.content
    assert b"<script" not in gone.content and gone["Cache-Control"] == "no-store"
    assert browser.post(f"/{alpha.client.schema_name}/_v/{page['id']}?u=1").status_code == 204
    with in_schema(alpha):
        assert not PageVisitDay.objects.exists()  # unpublished captures nothing
    missing = browser.get(f"/{alpha.client.schema_name}/no-such-page")
    assert missing.status_code == 404 and b"Page not found" in missing.content
    assert browser.get(f"/{beta.client.schema_name}/spring-sale").status_code == 404


def test_a_publish_reaches_the_host_when_it_commits(
    alpha, user_api, django_capture_on_commit_callbacks
):
    browser = http(settings.PAGES_HOST)
    with django_capture_on_commit_callbacks(execute=True):
        page = page_published(user_api)
    assert b"Spring sale" in browser.get(page["publicPath"]).content
    with django_capture_on_commit_callbacks(execute=True):
        user_api.patch(f"{URL}/{page['id']}", {"content": {"html": "<h1>Autumn sale</h1>"}})
    assert b"Spring sale" in browser.get(page["publicPath"]).content  # a draft is not live
    with django_capture_on_commit_callbacks(execute=True):
        user_api.post(f"{URL}/{page['id']}/publish", {})
    assert b"Autumn sale" in browser.get(page["publicPath"]).content
    with django_capture_on_commit_callbacks(execute=True):
        user_api.post(f"{URL}/{page['id']}/unpublish", {})
    assert browser.get(page["publicPath"]).status_code == 410


def test_no_stored_script_reaches_a_visitor(alpha, user_api):
    html = (
        '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(2)">'
        '<a href="javascript:alert(3)">x</a><svg onload="alert(4)"></svg>'
    )
    page = page_published(user_api, html=html, settings={"seoTitle": '"><script>alert(5)</script>'})
    body = http(settings.PAGES_HOST).get(page["publicPath"]).content
    assert body.count(b"<script") == 1  # the pages' own script, from the pages host
    for gone in (b"alert(1)", b"onerror", b"javascript:", b"onload", b"<svg"):
        assert gone not in body
    assert b"&lt;script&gt;alert(5)" in body


def test_forms_popups_and_the_redirect(alpha, user_api):
    form = form_published(user_api, form_parts_in(alpha))
    popup = popup_published(
        user_api, delaySeconds=3, scrollPercent=50, exitIntent=True, frequency=2, duration=5
    )
    html = (
        f'<a href="#mc-popup-{popup["id"]}">Offer</a>'
        f'<div class="mc-form" id="mc-form-{form["key"]}"></div>'
    )
    page = page_published(
        user_api,
        name="Landing",
        html=html,
        settings={
            "redirect": {"enabled": True, "url": "https://shop.example/x", "delaySeconds": 30}
        },
    )
    browser = http(settings.PAGES_HOST)
    body = browser.get(page["publicPath"]).content
    assert f'<iframe class="mc-form-frame" src="pf/{form["key"]}?embed=1"'.encode() in body
    assert b'<meta http-equiv="refresh" content="30;url=https://shop.example/x">' in body
    assert _config(body)["popups"] == [
        {
            "id": popup["id"],
            "path": "offer-pop-up",
            "button": True,
            "delay": 3,
            "scroll": 50,
            "exit": True,
            "frequency": 2,
            "duration": 5,
        }
    ]
    # the frame's address, relative to the page, is the form's public page
    schema = alpha.client.schema_name
    assert browser.get(f"/{schema}/pf/{form['key']}?embed=1").status_code == 200
    assert browser.get(f"/{schema}/offer-pop-up?popup=1").status_code == 200


def test_visits_unique_and_total_machines_not_counted(alpha, user_api):
    page = page_published(user_api)
    browser = http(settings.PAGES_HOST)
    visit = f"/{alpha.client.schema_name}/_v/{page['id']}"
    for query in ("?u=1", "", "?u=1"):
        assert browser.post(visit + query, HTTP_USER_AGENT=BROWSER).status_code == 204
    assert browser.post(visit + "?u=1", HTTP_USER_AGENT="curl/8.5.0").status_code == 204
    assert browser.post(visit, HTTP_USER_AGENT="Googlebot/2.1").status_code == 204
    assert browser.get(visit).status_code == 405
    with in_schema(alpha):
        day = PageVisitDay.objects.get(page_id=page["id"])
        assert (day.visits, day.unique_visits) == (3, 2)
    row = user_api.get(URL).json()["items"][0]
    assert (row["visits"], row["uniqueVisits"]) == (3, 2)


def test_the_pages_script_is_small_and_cacheable(alpha):
    browser = http(settings.PAGES_HOST)
    script = browser.get("/-/lp.js")
    assert script.status_code == 200
    assert script["Content-Type"] == "text/javascript; charset=utf-8"
    assert len(gzip.compress(script.content)) <= 4 * 1024
    assert browser.get("/-/lp.js", HTTP_IF_NONE_MATCH=script["ETag"]).status_code == 304


def test_the_wsgi_door_answers_a_page_served_just_now(alpha, user_api, monkeypatch):
    from django.core.signals import request_started
    from django.db import close_old_connections
    from django.test import RequestFactory

    from config.pages import pages_wsgi
    from marketing.sites import views

    page = page_published(user_api)
    answers = []

    def start_response(status, headers):
        answers.append((status, dict(headers)))

    def call(**extra):
        environ = RequestFactory()._base_environ(
            PATH_INFO=page["publicPath"], HTTP_HOST=settings.PAGES_HOST, **extra
        )
        return b"".join(pages_wsgi(None)(environ, start_response))

    built = []
    monkeypatch.setattr(
        views, "_build", lambda slug, real=views._build: built.append(1) or real(slug)
    )
    request_started.disconnect(close_old_connections)
    try:
        first = call()
        second = call()  # no Django: the entry is fresh
        again = call(HTTP_IF_NONE_MATCH=answers[0][1]["ETag"])
        monkeypatch.setattr(views, "FRESH_SECONDS", -1.0)
        third = call()  # stale: Django reads the token again (the entry still matches it)
    finally:
        request_started.connect(close_old_connections)
    assert first == second == third and b"Spring sale" in first and built == [1]
    assert [status for status, _ in answers] == ["200 OK", "200 OK", "304 Not Modified", "200 OK"]
    assert answers[1][1]["Content-Security-Policy"] == answers[0][1]["Content-Security-Policy"]
    assert again == b""
