"""Rotating SECRET_KEY (the new key in SECRET_KEY, the old one in SECRET_KEY_FALLBACKS)
keeps mail already delivered working: its unsubscribe, preferences and view-in-browser
links still open and act, and a bounce to its return path still suppresses. Once the old
key is dropped from the fallbacks, they no longer hold."""

import re
from pathlib import Path

import pytest
from django.test import override_settings

from marketing.audience.models import Profile
from marketing.delivery.inbound import inbound_record
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind, Suppression
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.web_view import view_line_add
from marketing.delivery.tokens import (
    UNSUBSCRIBE,
    BadToken,
    recipient_token,
    recipient_token_read,
    verp_token,
    verp_token_holds,
)
from tests.support.http_api import http
from tests.support.tenants import in_schema

OLD = "old-key-" + "o" * 50
NEW = "new-key-" + "n" * 50
NOTICES = Path(__file__).parent / "notices"
HTML = (
    '<p>Hi</p><a href="<% updatePreferencesLink %>">Preferences</a>'
    '<a href="<% unsubscribeLink %>">Unsubscribe</a>'
)


def _delivered(alpha, sink):
    """One campaign message to Ann, sent under OLD: (profile id, the received message)."""
    with override_settings(SECRET_KEY=OLD, SECRET_KEY_FALLBACKS=[]), in_schema(alpha):
        profile = Profile.objects.create(email="ann@mail.example", first_name="Ann")
        html, text = view_line_add(HTML, "Hi")
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=42,
            subject="Sale",
            html=html,
            text=text,
            from_name="Shop",
            from_address="news@shop.example",
            view_in_browser=True,
        )
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
        send_batch_run(send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    return profile.pk, received


def _path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def _links(received, host: str) -> dict[str, str]:
    html = received.message.get_body(("html",)).get_content()
    [unsubscribe] = re.findall(r"<(https://[^>]+)>", received.message["List-Unsubscribe"])
    [preferences] = re.findall(rf'href="(https://{re.escape(host)}/external/[^"]+)"', html)
    [view] = re.findall(rf'href="(https://{re.escape(host)}/v/[\w.-]+)"', html)
    return {"unsubscribe": unsubscribe, "preferences": preferences, "view": view}


def test_links_of_mail_sent_before_a_rotation_still_work(alpha, sink):
    profile_id, received = _delivered(alpha, sink)
    links = _links(received, alpha.host)
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[OLD]):
        browser = http(alpha.host)
        assert browser.get(_path(links["view"])).status_code == 200
        token = links["preferences"].split("token=", 1)[1]
        shown = browser.get("/api/external/preferences", {"token": token})
        assert shown.status_code == 200, shown.content
        clicked = browser.post(
            _path(links["unsubscribe"]),
            "List-Unsubscribe=One-Click",
            content_type="application/x-www-form-urlencoded",
        )
        assert clicked.status_code == 200, clicked.content
    with in_schema(alpha):
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is not None


def test_links_no_longer_hold_once_the_old_key_is_dropped(alpha, sink):
    profile_id, received = _delivered(alpha, sink)
    links = _links(received, alpha.host)
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[]):
        browser = http(alpha.host)
        assert browser.get(_path(links["view"])).status_code == 404
        clicked = browser.post(
            _path(links["unsubscribe"]),
            "List-Unsubscribe=One-Click",
            content_type="application/x-www-form-urlencoded",
        )
        # A token no key reads names no client: the links rule's plain 404
        # (config/recipient_links.py), before the unsubscribe view is reached.
        assert (clicked.status_code, clicked.content) == (404, b"Not found.")
    with in_schema(alpha):
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is None


def test_a_bounce_to_a_return_path_from_before_the_rotation_still_suppresses(alpha, sink):
    _, received = _delivered(alpha, sink)
    return_path = received.mail_from
    match = re.fullmatch(r"bounces\+alpha\.(\d+)\.([0-9a-f]{12})@.+", return_path)
    delivery_id, token = int(match[1]), match[2]
    raw = (NOTICES / "postfix_hard.eml").read_bytes()
    raw = raw.replace(b"gone@mail.example", b"ann@mail.example")
    raw = raw.replace(b"{d}", str(delivery_id).encode()).replace(b"{t}", token.encode())
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[OLD]):
        assert inbound_record([return_path], raw) == 1
    with in_schema(alpha):
        assert Suppression.objects.get(email="ann@mail.example").reason == "hardBounce"
        assert Delivery.objects.get(pk=delivery_id).state == DeliveryState.FAILED


def test_tokens_are_made_under_the_new_key_and_read_under_either():
    with override_settings(SECRET_KEY=OLD, SECRET_KEY_FALLBACKS=[]):
        old_token = recipient_token(UNSUBSCRIBE, schema="alpha", profile_id=3, send_id=9)
        old_verp = verp_token("alpha", 12)
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[OLD]):
        new_token = recipient_token(UNSUBSCRIBE, schema="alpha", profile_id=3, send_id=9)
        assert new_token != old_token and verp_token("alpha", 12) != old_verp
        for token in (old_token, new_token):
            assert recipient_token_read(UNSUBSCRIBE, token, schema="alpha") == (3, 9)
        assert verp_token_holds("alpha", 12, old_verp)
        assert not verp_token_holds("alpha", 13, old_verp)
        assert not verp_token_holds("beta", 12, old_verp)
        for bad in ("", "zz", old_verp[:-1], old_verp + "00"):
            assert not verp_token_holds("alpha", 12, bad)
    with override_settings(SECRET_KEY=NEW, SECRET_KEY_FALLBACKS=[]):
        with pytest.raises(BadToken):
            recipient_token_read(UNSUBSCRIBE, old_token, schema="alpha")
        assert not verp_token_holds("alpha", 12, old_verp)
