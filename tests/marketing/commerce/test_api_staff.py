"""The catalogue and the staff lists: products and plans made in Stripe (ids kept; cents,
USD only; the plan rules with their messages), admins only for writes; the subscription
and order lists with spec 9's money display and spec 4's 'Until Cancelled'; cancel and
refund (admins only; refused twice or past what was paid); another client's not found."""

import pytest
from django.db import connection

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Plan
from tests.support.commerce import URL, form_body
from tests.support.commerce_shopper import buy, shopper
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

PRODUCTS, PLANS = "/api/mm/commerce/products", "/api/mm/commerce/plans"
SUBSCRIPTIONS, ORDERS = "/api/mm/commerce/subscriptions", "/api/mm/commerce/orders"
SHOPPER = {"email": "cy@shop.example", "firstName": "Cy", "lastName": "Ng"}


def test_catalogue_made_in_stripe(alpha, shop, admin_api, user_api):
    product = admin_api.post(PRODUCTS, {"name": "Magazine"})
    assert product.status_code == 201, product.content
    body = {
        "productId": product.json()["id"],
        "name": "Weekly",
        "amount": 123456,
        "interval": "week",
        "trialDays": 7,
    }  # noqa: E501
    plan = admin_api.post(PLANS, body)
    assert plan.status_code == 201, plan.content
    assert plan.json()["amountDisplay"] == "$1,234.56"
    assert plan.json()["billingCycle"] == "every week"
    with in_schema(alpha):
        made = Plan.objects.get(pk=plan.json()["id"])
    stripe_plan = sa._client(sa.keys_for()).plans.retrieve(made.stripe_plan_id)  # noqa: SLF001
    assert (stripe_plan.amount, stripe_plan.interval) == (123456, "week")
    listed = user_api.get(PRODUCTS).json()["items"]
    assert [p["name"] for p in listed] == ["Magazine", "Weekly paper"]
    assert user_api.post(PRODUCTS, {"name": "Mine"}).status_code == 403
    assert user_api.post(PLANS, body).status_code == 403


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        (
            {"amount": 49},
            {"amount": ["The price is a whole number of cents, from 50 to 99,999,999."]},
        ),  # noqa: E501
        ({"currency": "eur"}, {"currency": ["Prices are in USD."]}),
        (
            {"intervalCount": 13},
            {"intervalCount": ["A plan renews every 1 to 12 intervals, at most once a year."]},
        ),  # noqa: E501
        (
            {"interval": "one_time", "trialDays": 3},
            {"trialDays": ["Trial days run from 0 to 730, on recurring plans only."]},
        ),  # noqa: E501
        (
            {"interval": "one_time", "setupFee": 100},
            {"setupFee": ["A setup fee belongs to a recurring plan."]},
        ),  # noqa: E501
        ({"maxQuantity": 0}, {"maxQuantity": ["The most a shopper may buy at once is 1 to 100."]}),
        ({"name": " "}, {"name": ["Please fill Plan Name "]}),
    ],
)
def test_plan_rules(alpha, shop, admin_api, change, errors):
    body = {
        "productId": shop.monthly.product_id,
        "name": "P",
        "amount": 500,
        "interval": "month",
        **change,
    }  # noqa: E501
    answer = admin_api.post(PLANS, body)
    assert (answer.status_code, answer.json()["errors"]) == (400, errors)
    assert admin_api.post(PLANS, {**body, **change, "amount": 1.5}).status_code == 400  # no float


def test_subscriptions_list_and_cancel(alpha, beta, shop, user_api, admin_api, beta_api):
    form = user_api.post(URL, form_body(shop)).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    buy(shopper(), path, {**SHOPPER, "quantity": "1", "planId": str(shop.monthly.pk)})
    (item,) = user_api.get(SUBSCRIPTIONS).json()["items"]
    assert (item["email"], item["status"], item["amountDisplay"], item["endDisplay"]) == (
        "cy@shop.example", "active", "$19.99", "Until Cancelled",
    )  # fmt: skip
    one = f"{SUBSCRIPTIONS}/{item['id']}/cancel"
    assert user_api.post(one).status_code == 403
    connection.set_schema_to_public()
    beta.client.subscriptions_enabled = True
    beta.client.save(update_fields=["subscriptions_enabled"])
    assert beta_api.post(one).status_code == 404
    assert foreign(admin_api, beta).post(one).status_code == 403
    cancelled = admin_api.post(one)
    assert cancelled.status_code == 200, cancelled.content
    assert cancelled.json()["status"] == "canceled"
    assert admin_api.post(one).json()["message"] == "The subscription is already cancelled."
    with in_schema(alpha):
        assert CommerceEvent.objects.filter(kind="subscriptionCancelled").count() == 1


def test_orders_list_and_refund(alpha, shop, user_api, admin_api):
    body = form_body(shop, name="Issues", kind="order", planIds=[shop.one_time.pk])
    form = user_api.post(URL, body).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    buy(shopper(), path, {**SHOPPER, "quantity": "2", "planId": str(shop.one_time.pk)})
    (order,) = user_api.get(ORDERS).json()["items"]
    assert (order["amount"], order["amountDisplay"], order["status"]) == (
        1500,
        "$15.00",
        "succeeded",
    )  # noqa: E501
    refund = f"{ORDERS}/{order['id']}/refund"
    assert user_api.post(refund, {"amount": 100}).status_code == 403
    too_much = admin_api.post(refund, {"amount": 1501})
    assert too_much.json()["errors"] == {
        "amount": ["A refund is from 1 cent up to what was paid and not yet refunded."]
    }  # noqa: E501
    part = admin_api.post(refund, {"amount": 500}).json()
    assert (part["amountRefunded"], part["status"]) == (500, "succeeded")
    rest = admin_api.post(refund, {}).json()
    assert (rest["amountRefunded"], rest["status"]) == (1500, "refunded")
    assert admin_api.post(refund, {}).status_code == 400
    with in_schema(alpha):
        assert list(
            CommerceEvent.objects.filter(kind="refunded")
            .order_by("id")
            .values_list("amount", flat=True)
        ) == [500, 1000]  # noqa: E501
