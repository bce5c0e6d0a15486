"""The pages host (config/pages.py) and what it serves for forms: a lean stack that sets
no cookie and answers only the public pages (the app, the API and the operators' admin
are a 404 there, both through the middleware door and the WSGI door); the app's hosts
send the old form addresses there (308, a POST kept); the scripts (form.js, embed.js)
small and cacheable; the proof of work (ALTCHA) refused when missing, forged, of another
form, malformed or spent; /embeddedTrackingCode's snippets (members only, another
client's form not found); the pop-up settings of spec 9 checked on save."""

import base64
import gzip
import json
import re

import pytest
from django.conf import settings
from django.core.signals import request_started
from django.db import close_old_connections
from django.test import RequestFactory

from config.pages import pages_wsgi
from marketing.forms.models import FormSubmission
from tests.support.forms import URL, form_body, form_page_fields, form_parts_in, form_published
from tests.support.http_api import foreign, http
from tests.support.tenants import in_schema


@pytest.fixture
def published(alpha, admin_api):
    parts = form_parts_in(alpha)
    return parts, form_published(admin_api, parts)


def _fields(html: str, **changes) -> dict:
    data = {
        **form_page_fields(html),
        "email": "ann@mail.example",
        "firstName": "Ann",
        "groups": [],
    }
    data.update(changes)
    return data


def test_the_app_host_sends_form_addresses_to_the_pages_host(alpha, published):
    _, form = published
    browser = http(alpha.host)
    for method in ("get", "post"):
        moved = getattr(browser, method)(f"/pf/{form['key']}?utm_source=ad")
        assert moved.status_code == 308
        assert moved["Location"] == f"{form['publicUrl']}?utm_source=ad"
        assert "Set-Cookie" not in moved
    confirm = browser.get("/pf/confirm/abc")
    assert confirm["Location"] == (
        f"https://{settings.PAGES_HOST}/{alpha.client.schema_name}/pf/confirm/abc"
    )


def test_the_pages_host_serves_pages_only_and_sets_no_cookie(alpha, published):
    _, form = published
    browser = http(settings.PAGES_HOST)
    browser.cookies["sessionid"] = "an-app-session"  # were one sent, nothing reads it
    page = browser.get(form["publicPath"])
    assert page.status_code == 200 and not page.cookies
    assert "Cookie" not in page.get("Vary", "")
    schema = alpha.client.schema_name
    for path in ("/", "/api/auth/status", f"/{schema}/api/mm/forms", f"/{schema}/",
                 "/django-admin/", f"/{schema}/profilemanagement", "/public/pf/x"):  # fmt: skip
        refused = browser.get(path)
        assert refused.status_code == 404, path
        assert refused["Content-Type"].startswith("text/plain") or b"<script" not in (
            refused.content
        )


def test_the_wsgi_door_gives_the_pages_host_its_own_stack(alpha, published):
    _, form = published
    behind = []

    def app(environ, start_response):
        behind.append(environ["HTTP_HOST"])
        start_response("204 No Content", [])
        return [b""]

    application = pages_wsgi(app)
    answers = []

    def start_response(status, headers):
        answers.append((status, dict(headers)))

    environ = RequestFactory()._base_environ(
        PATH_INFO=form["publicPath"], HTTP_HOST=f"{settings.PAGES_HOST}:443"
    )
    # As Django's test client does: the test's transaction must outlive the request.
    request_started.disconnect(close_old_connections)
    try:
        body = b"".join(application(environ, start_response))
    finally:
        request_started.connect(close_old_connections)
    assert answers[0][0] == "200 OK" and b'data-altcha="' in body
    assert "Set-Cookie" not in answers[0][1]
    environ = RequestFactory()._base_environ(PATH_INFO="/", HTTP_HOST=alpha.host)
    application(environ, start_response)
    assert behind == [alpha.host]


def test_the_scripts_are_small_cacheable_and_loadable_anywhere(alpha):
    browser = http(settings.PAGES_HOST)
    for name in ("embed.js", "form.js"):
        script = browser.get(f"/-/{name}")
        assert script.status_code == 200, name
        assert script["Content-Type"] == "text/javascript; charset=utf-8"
        assert script["Cross-Origin-Resource-Policy"] == "cross-origin"
        assert script["Cache-Control"] == "public, max-age=300"
        assert len(gzip.compress(script.content)) <= 15 * 1024
        again = browser.get(f"/-/{name}", HTTP_IF_NONE_MATCH=script["ETag"])
        assert again.status_code == 304
    assert browser.get("/-/other.js").status_code == 404
    assert browser.get("/-/../settings.py").status_code == 404


def test_the_proof_of_work_is_required_and_spent_once(alpha, beta, admin_api, published):
    parts, form = published
    other = form_published(admin_api, parts, name="Another form")
    browser = http(settings.PAGES_HOST)
    refusal = "Please wait a moment while we check you are not a robot, then submit again."

    def post(data):
        answer = browser.post(form["publicPath"], data)
        return answer.status_code, answer.content.decode()

    html = browser.get(form["publicPath"]).content.decode()
    good = _fields(html)
    status, body = post({**good, "altcha": ""})
    assert status == 400 and refusal in body
    for bad in ("%%%", base64.b64encode(b"[1]").decode(), base64.b64encode(b"{}").decode()):
        status, body = post({**good, "altcha": bad})
        assert status == 400 and refusal in body, bad
    payload = json.loads(base64.b64decode(good["altcha"]))
    forged = {**payload, "number": payload["number"] + 1}
    status, _ = post({**good, "altcha": base64.b64encode(json.dumps(forged).encode()).decode()})
    assert status == 400
    another = _fields(browser.get(other["publicPath"]).content.decode())
    assert post({**good, "altcha": another["altcha"]})[0] == 400  # another form's challenge
    assert post(good)[0] == 303
    assert post(good)[0] == 400  # spent
    with in_schema(alpha):
        assert FormSubmission.objects.count() == 1


def test_embed_code_for_a_form(alpha, beta, user_api, nomkm_api, beta_api, published):
    _, form = published
    answer = user_api.get(f"{URL}/{form['id']}/embed")
    assert answer.status_code == 200, answer.content
    code = answer.json()
    origin = f"https://{settings.PAGES_HOST}"
    assert (code["formId"], code["published"], code["popup"]) == (form["id"], True, False)
    assert code["publicUrl"] == form["publicUrl"] and code["pagesOrigin"] == origin
    assert code["height"] > 300
    assert code["scriptSnippet"] == (
        f'<script src="{origin}/-/embed.js" data-form="{form["publicPath"]}" '
        f'data-height="{code["height"]}" data-title="Join our &lt;newsletter&gt;"></script>'
    )
    assert code["iframeSnippet"].startswith(f'<iframe src="{form["publicUrl"]}?embed=1" ')
    assert f'height="{code["height"]}"' in code["iframeSnippet"]
    assert "<newsletter>" not in code["iframeSnippet"]
    assert user_api.get(f"{URL}/999999/embed").status_code == 404
    assert user_api.get(f"{URL}/not-a-number/embed").status_code in (404, 422)
    assert nomkm_api.get(f"{URL}/{form['id']}/embed").status_code == 403
    assert foreign(beta_api, alpha).get(f"{URL}/{form['id']}/embed").status_code == 403
    assert beta_api.get(f"{URL}/{form['id']}/embed").status_code == 404


def test_popup_settings_take_the_specs_choices(alpha, user_api):
    parts = form_parts_in(alpha)
    created = user_api.post(URL, form_body(parts, formType="embeddedForm")).json()
    url = f"{URL}/{created['id']}"
    definition = created["definition"]

    def save(popup):
        return user_api.patch(url, {"definition": {**definition, "popup": popup}})

    for frequency in (1, 2, 3, 4, 5, 10):
        assert save({"enabled": True, "frequency": frequency}).status_code == 200
    for duration in (1, 2, 5, 10, 20, 30, 60):
        assert save({"enabled": True, "duration": duration}).status_code == 200
    for popup, where in (
        ({"frequency": 6}, "definition.popup.frequency"),
        ({"duration": 3}, "definition.popup.duration"),
        ({"delaySeconds": -1}, "definition.popup.delaySeconds"),
        ({"scrollPercent": 101}, "definition.popup.scrollPercent"),
        ({"frequency": "1"}, "definition.popup.frequency"),
    ):
        refused = save(popup)
        assert refused.status_code == 400, popup
        assert any(key.startswith(where) for key in refused.json()["errors"]), refused.json()
    none = save({"enabled": True, "delaySeconds": None, "exitIntent": False})
    assert none.status_code == 400
    assert "A pop-up needs one trigger: a delay, a scroll depth or exit intent." in json.dumps(
        none.json()
    )
    saved = save({"enabled": True, "delaySeconds": None, "scrollPercent": 50, "frequency": 2,
                  "duration": 30, "exitIntent": True})  # fmt: skip
    assert saved.status_code == 200
    assert saved.json()["definition"]["popup"] == {
        "enabled": True, "frequency": 2, "duration": 30, "delaySeconds": None,
        "scrollPercent": 50, "exitIntent": True,
    }  # fmt: skip
    published = user_api.post(f"{url}/publish", {}).json()
    code = user_api.get(f"{url}/embed").json()
    assert code["popup"] is True and code["scriptSnippet"].endswith(" data-popup></script>")
    page = http(settings.PAGES_HOST).get(published["publicPath"]).content.decode()
    popup = json.loads(re.search(r'data-popup="([^"]+)"', page).group(1).replace("&quot;", '"'))
    assert popup["scrollPercent"] == 50 and popup["exitIntent"] is True
