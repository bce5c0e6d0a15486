"""reCAPTCHA as the client's choice (client settings, spec 5.10) instead of ALTCHA: the
page carries Google's widget with the client's site key (its CSP lets Google's script and
frame in, nothing else), no proof-of-work challenge; the submit verifies the visitor's
answer with the client's secret at FORM_RECAPTCHA_VERIFY_URL, here a local stand-in
speaking siteverify's wire format (form-encoded POST of secret, response, remoteip; JSON
with `success`). Refused: no answer, a refused answer, an endpoint that is down or answers
nonsense (it fails closed)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest
from django.conf import settings as django_settings

from core.sealing import seal
from marketing.forms.models import FormSubmission
from tenants.models import Client
from tests.support.forms import form_parts_in, form_published
from tests.support.http_api import http
from tests.support.tenants import in_schema

SECRET = "the-client-secret"
GOOD = "03AGdBq2-good-answer"
REFUSAL = "Please wait a moment while we check you are not a robot, then submit again."


class _SiteVerify:
    """Google's siteverify, as far as its wire format goes."""

    def __init__(self) -> None:
        self.asked: list[dict] = []
        self.broken = False
        asked = self.asked
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                fields = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                asked.append(fields)
                if server.broken:
                    body = b"<html>oops</html>"
                else:
                    ok = fields.get("secret") == SECRET and fields.get("response") == GOOD
                    verdict = {"success": True, "challenge_ts": "2026-11-28T16:00:00Z",
                               "hostname": django_settings.PAGES_HOST} if ok else {
                        "success": False, "error-codes": ["invalid-input-response"]}  # fmt: skip
                    body = json.dumps(verdict).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/recaptcha/api/siteverify"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def siteverify(settings):
    stand_in = _SiteVerify()
    settings.FORM_RECAPTCHA_VERIFY_URL = stand_in.url
    yield stand_in
    stand_in.server.shutdown()
    stand_in.server.server_close()


@pytest.fixture
def published(alpha, admin_api):
    Client.objects.filter(pk=alpha.client.pk).update(
        captcha="recaptcha", recaptcha_site_key="site-key-9", recaptcha_secret=seal(SECRET)
    )
    parts = form_parts_in(alpha)
    return form_published(admin_api, parts)


def _fields(html: str, **changes) -> dict:
    import re

    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    data = {"token": token, "email": "rita@mail.example", "firstName": "Rita"}
    data.update(changes)
    return data


def test_the_page_carries_googles_widget_and_no_challenge(alpha, published, siteverify):
    page = http(django_settings.PAGES_HOST).get(published["publicPath"])
    html = page.content.decode()
    assert '<div class="g-recaptcha mc-row" data-sitekey="site-key-9"></div>' in html
    assert "data-altcha" not in html
    assert '<script src="https://www.google.com/recaptcha/api.js" async defer>' in html
    policy = page["Content-Security-Policy"]
    google = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"
    assert f"script-src 'self' {google};" in policy and policy.endswith(f"frame-src {google}")
    assert "form-action 'self';" in policy


def test_the_answer_is_verified_with_the_clients_secret(alpha, published, siteverify):
    browser = http(django_settings.PAGES_HOST)

    def post(**changes):
        html = browser.get(published["publicPath"]).content.decode()
        answer = browser.post(published["publicPath"], _fields(html, **changes))
        return answer.status_code, answer.content.decode()

    status, body = post()  # no answer: Google is not even asked
    assert status == 400 and REFUSAL in body and siteverify.asked == []
    status, body = post(**{"g-recaptcha-response": "a-wrong-answer"})
    assert status == 400 and REFUSAL in body
    assert siteverify.asked[-1]["secret"] == SECRET
    assert siteverify.asked[-1]["response"] == "a-wrong-answer"
    siteverify.broken = True
    assert post(**{"g-recaptcha-response": GOOD})[0] == 400  # nonsense back: refused
    siteverify.broken = False
    status, _ = post(**{"g-recaptcha-response": GOOD})
    assert status == 303
    assert siteverify.asked[-1]["remoteip"]
    with in_schema(alpha):
        assert list(FormSubmission.objects.values_list("email", flat=True)) == ["rita@mail.example"]


def test_an_unreachable_verify_endpoint_refuses(alpha, published, settings):
    settings.FORM_RECAPTCHA_VERIFY_URL = "http://127.0.0.1:9/siteverify"  # nothing listens
    browser = http(django_settings.PAGES_HOST)
    html = browser.get(published["publicPath"]).content.decode()
    answer = browser.post(published["publicPath"], _fields(html, **{"g-recaptcha-response": GOOD}))
    assert answer.status_code == 400 and REFUSAL in answer.content.decode()
    with in_schema(alpha):
        assert not FormSubmission.objects.exists()
