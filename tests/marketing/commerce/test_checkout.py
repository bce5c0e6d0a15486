"""Buying on a checkout form's public page (pages host) against localstripe: a monthly
plan with its setup fee; a trial; a one-time order; a card declined on attach or on
charge (a clear message, nothing recorded, nothing left active in Stripe); an
unpublished form or a form of a client with subscriptions off captures nothing (spec 4);
bad input; a repeated pay answers the first one; the buyer's profile (source
chargeBrite, the form's groups) and the receipt on the transactional lane."""

import pytest

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Customer, Order, Subscription
from marketing.audience.models import Profile
from marketing.commerce.models import CheckoutAttempt
from marketing.delivery.models import Send
from tenants.hosts import hosts_forget
from tests.support.commerce import URL, form_body
from tests.support.commerce_shopper import (
    CARD_DECLINED_ON_ATTACH,
    CARD_DECLINED_ON_CHARGE,
    buy,
    page_token,
    post_json,
    shopper,
)
from tests.support.tenants import in_schema

SHOPPER = {"email": "Ann@Shop.example", "firstName": "Ann", "lastName": "Lee", "quantity": "2"}


@pytest.fixture
def page(alpha, shop, user_api):
    form = user_api.post(URL, form_body(shop)).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    return f"/{alpha.client.schema_name}/co/{form['key']}", form


def test_the_page_shows_the_plans_and_the_card_element(page, settings):
    path, _ = page
    answer = shopper().get(path)
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "Weekly paper: Monthly, $19.99 every month, setup fee $5.00" in html
    assert "Weekly paper: Yearly, $1,200.00 every year, 14-day free trial" in html
    assert f'src="{settings.LOCALSTRIPE_URL}/js.stripe.com/v3/"' in html
    assert settings.LOCALSTRIPE_URL in answer["Content-Security-Policy"]
    assert 'id="card"' in html and "set-cookie" not in {k.lower() for k in answer.headers}


def test_buying_a_monthly_plan(alpha, shop, page):
    path, form = page
    data = {**SHOPPER, "planId": str(shop.monthly.pk)}
    paid, token = buy(shopper(), path, data)
    assert paid.status_code == 200, paid.content
    assert paid.json() == {"paid": True, "email": "ann@shop.example"}
    with in_schema(alpha):
        subscription = Subscription.objects.get()
        assert (subscription.status, subscription.quantity, subscription.plan_id) == (
            "active", 2, shop.monthly.pk,
        )  # fmt: skip
        assert subscription.checkout_form_id == form["id"]
        customer = Customer.objects.get()
        profile = Profile.objects.get(pk=customer.profile_id)
        assert (profile.email, profile.first_name, profile.source) == (
            "ann@shop.example", "Ann", "chargeBrite",
        )  # fmt: skip
        assert list(profile.groups.values_list("pk", flat=True)) == [shop.group_id]
        assert list(CommerceEvent.objects.values_list("kind", "amount")) == [
            ("subscriptionStarted", 3998)
        ]
        receipt = Send.objects.get(part__endswith="commerceReceipt:subscription")
        assert receipt.subject == "Your receipt from Alpha"
        assert "Thank you for subscribing to Monthly: $39.98 every month" in receipt.text
        assert "/co/portal/" in receipt.text
    keys = sa.keys_for()
    invoices = sa.invoice_list(keys, customer_id=customer.stripe_customer_id).data
    assert [i.amount_paid for i in invoices] == [2 * 1999 + 500]  # the setup fee once
    done = shopper().get(f"{path}/done", {"t": token})
    assert "A receipt is on its way to ann@shop.example." in done.content.decode()
    # the same attempt paid again answers what the first did and makes nothing more
    again = post_json(shopper(), f"{path}/pay", {"token": token})
    assert again.status_code == 200
    with in_schema(alpha):
        assert Subscription.objects.count() == 1


def test_a_trial_charges_nothing_now(alpha, shop, page):
    path, _ = page
    paid, _ = buy(
        shopper(), path, {**SHOPPER, "quantity": "1", "planId": str(shop.yearly_trial.pk)}
    )  # noqa: E501
    assert paid.status_code == 200, paid.content
    with in_schema(alpha):
        subscription = Subscription.objects.get()
        assert subscription.status == "trialing" and subscription.trial_end is not None
        assert "your free trial ends on" in Send.objects.get().text


def test_an_order_form_charges_once(alpha, shop, user_api):
    body = form_body(shop, name="Back issues", kind="order", planIds=[shop.one_time.pk])
    form = user_api.post(URL, body).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    paid, _ = buy(shopper(), path, {**SHOPPER, "quantity": "3", "planId": str(shop.one_time.pk)})
    assert paid.status_code == 200, paid.content
    with in_schema(alpha):
        order = Order.objects.get()
        assert (order.amount, order.currency, order.status, order.quantity) == (
            2250,
            "usd",
            "succeeded",
            3,
        )  # noqa: E501
        assert "3 x Back issue: $22.50 paid" in Send.objects.get().text
        assert Subscription.objects.count() == 0


def test_a_card_declined_on_attach_makes_nothing(alpha, shop, page):
    path, _ = page
    refused, _ = buy(
        shopper(), path, {**SHOPPER, "planId": str(shop.monthly.pk)}, card=CARD_DECLINED_ON_ATTACH
    )  # noqa: E501
    assert refused["error"]["code"] == "card_declined"
    with in_schema(alpha):
        assert (Subscription.objects.count(), Profile.objects.count(), Send.objects.count()) == (
            0,
            0,
            0,
        )  # noqa: E501


def test_a_card_declined_on_charge_says_so_and_leaves_nothing(alpha, shop, page):
    path, _ = page
    browser = shopper()
    refused, token = buy(
        browser, path, {**SHOPPER, "planId": str(shop.monthly.pk)}, card=CARD_DECLINED_ON_CHARGE
    )  # noqa: E501
    assert refused.status_code == 402
    assert refused.json()["message"] == (
        "The payment did not go through. Nothing was charged; please try another card."
    )
    with in_schema(alpha):
        assert (Subscription.objects.count(), Profile.objects.count(), Send.objects.count()) == (
            0,
            0,
            0,
        )  # noqa: E501
        attempt = CheckoutAttempt.objects.get(token=token)
    keys = sa.keys_for()
    (invoice,) = sa.invoice_list(keys, customer_id=attempt.stripe_customer_id).data
    assert invoice.status != "paid"
    made = sa.subscription_retrieve(keys, subscription_id=invoice.subscription)
    assert made.status == "canceled"  # nothing half-made left active
    # the same shopper tries another card on the same page: it goes through
    paid, _ = buy(browser, path, {**SHOPPER, "planId": str(shop.monthly.pk)}, token=token)
    assert paid.status_code == 200, paid.content


def test_unpublished_or_switched_off_captures_nothing(alpha, shop, page, user_api):
    path, form = page
    token = page_token(shopper(), path)
    user_api.post(f"{URL}/{form['id']}/unpublish")
    assert shopper().get(path).status_code == 404
    started = post_json(
        shopper(), f"{path}/start", {"token": token, "data": {**SHOPPER, "planId": shop.monthly.pk}}
    )  # noqa: E501
    assert (started.status_code, started.json()["message"]) == (
        403,
        "This checkout is not available.",
    )  # noqa: E501
    user_api.post(f"{URL}/{form['id']}/publish")
    alpha.client.subscriptions_enabled = False
    alpha.client.save(update_fields=["subscriptions_enabled"])
    hosts_forget()  # the pages host keeps a client for HOSTS_CACHE_SECONDS
    assert shopper().get(path).status_code == 404
    assert shopper().get(f"/{alpha.client.schema_name}/co/not-a-key").status_code == 404


def test_bad_input_is_refused_with_its_message(alpha, shop, page):
    path, _ = page
    token = page_token(shopper(), path)

    def start(**changes):
        data = {**SHOPPER, "planId": str(shop.monthly.pk), **changes}
        return post_json(shopper(), f"{path}/start", {"token": token, "data": data})

    assert start(planId=str(shop.one_time.pk)).json()["errors"] == {
        "planId": ["Please choose one of the plans offered."]
    }  # noqa: E501
    assert start(quantity="6").json()["errors"] == {
        "quantity": ["Please choose a quantity from 1 to 5."]
    }  # noqa: E501
    assert start(email="not-an-email").json()["errors"] == {
        "email": ["Please enter a valid email address."]
    }  # noqa: E501
    assert start(firstName=" ").json()["errors"] == {"firstName": ["Please enter your First Name."]}
    assert post_json(shopper(), f"{path}/start", {"data": {}}).status_code == 400
    assert post_json(shopper(), f"{path}/pay", {"token": "never-started"}).status_code == 400
