"""The shopper's signed self-service link (from the receipt): their subscriptions and
invoices; cancelling their own subscription; a forged, foreign or altered link opens
nothing. And spec 4 and 9's displays: 'Until Cancelled', the weekend rule, USD with
thousands separators."""

import datetime as dt
import re

from billing.models import Subscription
from marketing.commerce.selectors import end_date_display, money, next_weekday
from marketing.delivery.models import Send
from tests.support.commerce import URL, form_body
from tests.support.commerce_shopper import buy, shopper
from tests.support.tenants import in_schema


def test_displays():
    assert money(123456789) == "$1,234,567.89"
    assert money(5) == "$0.05"
    assert end_date_display(None) == "Until Cancelled"
    assert end_date_display(dt.datetime(1970, 1, 1, tzinfo=dt.UTC)) == "Until Cancelled"
    saturday = dt.date(2026, 11, 28)
    assert next_weekday(saturday) == dt.date(2026, 11, 30)
    assert next_weekday(dt.date(2026, 11, 29)) == dt.date(2026, 11, 30)
    assert next_weekday(dt.date(2026, 11, 27)) == dt.date(2026, 11, 27)
    assert end_date_display(saturday, shift_weekend=True) == "Nov 30, 2026"
    assert end_date_display(saturday) == "Nov 28, 2026"


def test_the_portal_link_shows_and_cancels_the_shoppers_own(alpha, shop, user_api):
    form = user_api.post(URL, form_body(shop)).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    data = {"email": "eve@shop.example", "firstName": "Eve", "lastName": "Ma", "quantity": "1"}
    buy(shopper(), path, {**data, "planId": str(shop.monthly.pk)})
    with in_schema(alpha):
        text = Send.objects.get().text
        subscription = Subscription.objects.get()
    link = re.search(r"https?://[^/]+(/\S+/co/portal/\S+)", text).group(1)
    page = shopper().get(link)
    html = page.content.decode()
    assert page.status_code == 200
    assert "eve@shop.example" in html and "Weekly paper: Monthly" in html
    assert "$24.99" in html  # the first invoice: the plan and its setup fee
    assert shopper().get(link + "x").status_code == 404
    assert shopper().get(link.replace("/alpha/", "/beta/")).status_code == 404
    assert shopper().post(f"{link}/cancel/999999").status_code == 200  # not theirs: refused
    with in_schema(alpha):
        assert Subscription.objects.get().status == "active"
    done = shopper().post(f"{link}/cancel/{subscription.pk}")
    assert "Your subscription is cancelled." in done.content.decode()
    with in_schema(alpha):
        assert Subscription.objects.get().status == "canceled"
