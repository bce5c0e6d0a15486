"""Unsubscribing from a message: RFC 8058 one-click POST, the GET that changes nothing,
the opt-out page's calls, and tokens that work only on their own client's host."""

import re

from django.utils import timezone

from core.audit.models import AuditLog
from marketing.audience.models import Profile, Unsubscribe
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.tokens import UNSUBSCRIBE, recipient_token
from marketing.tracking.models import EmailEvent, EventType
from tests.support.http_api import http
from tests.support.tenants import in_schema


def _sent_link(alpha, sink) -> tuple[int, str]:
    """Send one campaign message to a new profile; its List-Unsubscribe https link."""
    with in_schema(alpha):
        profile = Profile.objects.create(email="ann@mail.example", first_name="Ann")
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=42,
            subject="Sale",
            html="<p>Hi</p>",
            text="Hi",
            from_name="Shop",
            from_address="news@shop.example",
        )
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
        send_batch_run(send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    header = received.message["List-Unsubscribe"]
    assert received.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [url] = re.findall(r"<(https://[^>]+)>", header)
    return profile.pk, url


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def _unsubscribed(tenant, profile_id) -> bool:
    with in_schema(tenant):
        return Profile.objects.get(pk=profile_id).unsubscribed_at is not None


def test_one_click_post_unsubscribes_once(alpha, sink):
    profile_id, url = _sent_link(alpha, sink)
    assert url.startswith(f"https://{alpha.host}/u/")
    browser = http(alpha.host)
    body = "List-Unsubscribe=One-Click"
    for _ in range(2):  # a mail client may retry; the second changes nothing
        response = browser.post(_path(url), body, content_type="application/x-www-form-urlencoded")
        assert response.status_code == 200, response.content
        assert "Set-Cookie" not in response.headers
    assert _unsubscribed(alpha, profile_id)
    with in_schema(alpha):
        assert Unsubscribe.objects.filter(profile_id=profile_id, source="oneClick").count() == 1
        [event] = EmailEvent.objects.filter(event_type=EventType.UNSUBSCRIBED)
        assert (event.profile_id, event.campaign_id) == (profile_id, 42)
        row = AuditLog.objects.get(event_type="profile.unsubscribed")
        assert row.path == "recipient" and row.actor_email == "a***@mail.example"


def test_a_get_of_the_link_changes_nothing_and_opens_the_page(alpha, sink):
    profile_id, url = _sent_link(alpha, sink)
    response = http(alpha.host).get(_path(url))
    assert response.status_code == 302
    token = _path(url).removeprefix("/u/")
    assert response["Location"] == f"/external/useroptoutform?token={token}"
    assert not _unsubscribed(alpha, profile_id)


def test_the_opt_out_page_shows_whom_and_confirms(alpha, sink):
    profile_id, url = _sent_link(alpha, sink)
    token = _path(url).removeprefix("/u/")
    browser = http(alpha.host)
    shown = browser.get("/api/external/optOut", {"token": token})
    assert shown.status_code == 200
    answer = shown.json()
    preferences_token = answer.pop("preferencesToken")
    assert answer == {
        "emailHint": "a***@mail.example",
        "unsubscribed": False,
        "clientName": alpha.client.name,
    }
    assert not _unsubscribed(alpha, profile_id)
    # The page links the same message's update-preferences page, which opens with its token.
    preferences = browser.get("/api/external/preferences", {"token": preferences_token})
    assert preferences.status_code == 200, preferences.content
    confirmed = browser.post(
        "/api/external/optOut", {"token": token}, content_type="application/json"
    )
    assert confirmed.status_code == 200 and confirmed.json()["unsubscribed"] is True
    assert _unsubscribed(alpha, profile_id)
    with in_schema(alpha):
        assert Unsubscribe.objects.get(profile_id=profile_id).source == "optOutPage"


def test_tokens_of_another_client_or_altered_are_refused(alpha, beta, sink):
    profile_id, url = _sent_link(alpha, sink)
    token = _path(url).removeprefix("/u/")
    on_beta = http(beta.host)
    refused = on_beta.post(
        _path(url), "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert refused.status_code == 404  # the link is alpha's: nothing of it on beta's host
    assert on_beta.get("/api/external/optOut", {"token": token}).status_code == 400
    altered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    answer = http(alpha.host).post(
        "/api/external/optOut", {"token": altered}, content_type="application/json"
    )
    assert answer.status_code == 400
    assert "not valid" in answer.json()["message"]
    assert http(alpha.host).get("/api/external/optOut", {"token": "x"}).status_code == 400
    assert http(alpha.host).post(
        "/api/external/optOut", "{", content_type="application/json"
    ).status_code in (400, 422)
    assert not _unsubscribed(alpha, profile_id)


def test_a_token_for_a_deleted_profile_is_refused(alpha):
    with in_schema(alpha):
        profile = Profile.objects.create(email="gone@mail.example", deleted_at=timezone.now())
        token = recipient_token(UNSUBSCRIBE, schema="alpha", profile_id=profile.pk, send_id=1)
    assert http(alpha.host).get("/api/external/optOut", {"token": token}).status_code == 400
