"""The shopper's browser for the checkout tests: the page's token, then start, Stripe.js's
card confirmation (played here against localstripe, as localstripe-v3.js does it) and pay."""

from __future__ import annotations

import json
import re
import urllib.request

from django.conf import settings

from tests.support.http_api import http

CARD_OK, CARD_DECLINED_ON_ATTACH, CARD_DECLINED_ON_CHARGE = (
    "4242424242424242",
    "4000000000000002",
    "4000000000000341",
)


def shopper():
    return http(settings.PAGES_HOST)


def page_token(browser, path: str) -> str:
    page = browser.get(path)
    assert page.status_code == 200, page.content
    return re.search(r'data-token="([^"]+)"', page.content.decode()).group(1)


def post_json(browser, path: str, body: dict):
    return browser.post(path, json.dumps(body), content_type="application/json")


def card_confirm(client_secret: str, number: str) -> dict:
    """What Stripe.js's confirmCardSetup sends (localstripe-v3.js)."""
    seti = client_secret.split("_secret_")[0]
    body = {
        "key": "pk_test_localstripe",
        "client_secret": client_secret,
        "payment_method_data": {
            "type": "card",
            "card": {"number": number, "exp_month": "12", "exp_year": "2040", "cvc": "123"},
        },
    }
    request = urllib.request.Request(
        f"{settings.LOCALSTRIPE_URL}/v1/setup_intents/{seti}/confirm",
        data=json.dumps(body).encode(),
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 - local server
            return json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return json.loads(refused.read())


def buy(browser, path: str, data: dict, *, card: str = CARD_OK, token: str | None = None):
    """(pay answer, token): the whole purchase as the page's script makes it."""
    token = token or page_token(browser, path)
    started = post_json(browser, f"{path}/start", {"token": token, "data": data})
    assert started.status_code == 200, started.content
    confirmed = card_confirm(started.json()["clientSecret"], card)
    if confirmed.get("error"):
        return confirmed, token
    return post_json(browser, f"{path}/pay", {"token": token}), token
