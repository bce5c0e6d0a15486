"""Previews: a template rendered for a profile (or sample values), the signed preview link
and its public page."""

import time

import pytest
from django.core import signing

from marketing.content.services import previews
from tests.support.audience import make_profile
from tests.support.content import make_foreign_template, make_template
from tests.support.http_api import http

INVALID = "Invalid URL, unable to display the email"


@pytest.fixture
def template(alpha):
    return make_template(
        alpha,
        "Hello",
        subject="Hi <% firstName || friend %>",
        html="<p>Dear <% firstName || friend %> <% lastName %></p>",
        text="Dear <% firstName || friend %>",
    )


def test_preview_for_a_profile_and_with_sample_values(alpha, admin_api, user_api, template):
    profile = make_profile(alpha, "ann@x.example", first_name="Ann", last_name="<b>Lee</b>")
    rendered = admin_api.get(f"/api/mm/templates/{template}/preview", profileId=profile)
    assert rendered.status_code == 200, rendered.content
    body = rendered.json()
    assert body["subject"] == "Hi Ann"
    assert body["html"] == "<p>Dear Ann &lt;b&gt;Lee&lt;/b&gt;</p>"
    assert body["text"] == "Dear Ann"
    sample = user_api.get(f"/api/mm/templates/{template}/preview").json()
    assert "<%" not in sample["html"] and sample["subject"].startswith("Hi ")


def test_preview_refusals(alpha, beta, admin_api, nomkm_api, template):
    assert admin_api.get(f"/api/mm/templates/{template}/preview", profileId="x").status_code == 400
    missing = admin_api.get(f"/api/mm/templates/{template}/preview", profileId=999999)
    assert missing.status_code == 404
    their_profile = make_profile(beta, "bob@x.example", first_name="Bob")
    theirs = admin_api.get(f"/api/mm/templates/{template}/preview", profileId=their_profile)
    assert theirs.status_code == 404
    their_template = make_foreign_template(beta, absent_from=alpha)
    assert admin_api.get(f"/api/mm/templates/{their_template}/preview").status_code == 404
    assert nomkm_api.get(f"/api/mm/templates/{template}/preview").status_code == 403
    assert http(alpha.host).get(f"/api/mm/templates/{template}/preview").status_code == 401


def test_preview_link_opens_without_signing_in(alpha, beta, admin_api, nomkm_api, template):
    made = admin_api.post(f"/api/mm/templates/{template}/previewLink")
    assert made.status_code == 200
    url = made.json()["url"]
    assert url.startswith("/external/previewTemplate?token=")
    token = url.split("token=", 1)[1]
    page = http(alpha.host).get("/api/external/previewTemplate", {"token": token})
    assert page.status_code == 200, page.content
    assert page.json()["name"] == "Hello" and "<%" not in page.json()["html"]
    assert set(page.json()) == {"name", "subject", "html", "text"}
    # another client's host does not open it
    elsewhere = http(beta.host).get("/api/external/previewTemplate", {"token": token})
    assert elsewhere.status_code == 400 and elsewhere.json()["message"] == INVALID
    assert nomkm_api.post(f"/api/mm/templates/{template}/previewLink").status_code == 403
    their_template = make_foreign_template(beta, absent_from=alpha)
    assert admin_api.post(f"/api/mm/templates/{their_template}/previewLink").status_code == 404


def test_bad_expired_or_dead_tokens(alpha, admin_api, template):
    browser = http(alpha.host)
    token = (
        admin_api.post(f"/api/mm/templates/{template}/previewLink").json()["url"].split("=", 1)[1]
    )
    for bad in ("", "nonsense", token[:-2] + "xx", "a" * 3000):
        answer = browser.get("/api/external/previewTemplate", {"token": bad})
        assert answer.status_code == 400, bad
        assert answer.json()["message"] == INVALID
    assert (
        browser.get("/api/external/previewTemplate", {"token": "nonsense"}).json()["message"]
        == INVALID
    )
    # signed under another salt (another feature's token) is refused
    other = signing.dumps({"s": "alpha", "t": template}, salt="something.else")
    assert browser.get("/api/external/previewTemplate", {"token": other}).status_code == 400

    # signed eight days ago: past the seven days a link lives
    class EightDaysAgo(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - 8 * 86400)

    old = EightDaysAgo(salt=previews._SALT).sign_object({"s": "alpha", "t": template})
    expired = browser.get("/api/external/previewTemplate", {"token": old})
    assert expired.status_code == 400 and expired.json()["message"] == INVALID
    fresh = signing.TimestampSigner(salt=previews._SALT).sign_object({"s": "alpha", "t": template})
    assert browser.get("/api/external/previewTemplate", {"token": fresh}).status_code == 200
    # the template deleted
    admin_api.delete(f"/api/mm/templates/{template}")
    gone = browser.get("/api/external/previewTemplate", {"token": token})
    assert gone.status_code == 400 and gone.json()["message"] == INVALID
