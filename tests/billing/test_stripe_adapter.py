"""Every call of billing/stripe_adapter.py against localstripe, with the account chosen
per call and idempotency keys that repeat for the same operation only."""

import time

import pytest
import stripe

from billing import stripe_adapter as sa
from tests.support.localstripe import stripe_signature

pytestmark = pytest.mark.usefixtures("stripe_local")

CARD_OK, CARD_DECLINED_ON_ATTACH, CARD_DECLINED_ON_CHARGE = (
    "4242424242424242",
    "4000000000000002",
    "4000000000000341",
)


def _keys() -> sa.StripeKeys:
    return sa.keys_for()


def _card(number: str) -> str:
    """A card the browser's Stripe.js would have made (the test plays the browser)."""
    client = stripe.StripeClient(sa.LOCALSTRIPE_KEY, base_addresses={"api": _keys().api_base})
    card = {"number": number, "exp_month": 12, "exp_year": 2040, "cvc": "123"}
    return client.v1.payment_methods.create(params={"type": "card", "card": card}).id


def _customer(ref: str):
    return sa.customer_create(
        _keys(), ref=ref, email=f"{ref}@shop.example", name="Ann", metadata={}
    )


def _monthly_plan(ref: str, amount: int = 1999):
    product = sa.product_create(_keys(), ref=ref, name="Gold", metadata={"client": "alpha"})
    return sa.plan_create(
        _keys(),
        ref=ref,
        product_id=product.id,
        amount=amount,
        currency="usd",
        interval="month",
        interval_count=1,
        nickname="Gold monthly",
        metadata={},
    )


def test_keys_choose_the_clients_account(settings):
    assert sa.keys_for().api_base == settings.LOCALSTRIPE_URL
    assert sa.keys_for(own_secret_key="sk_test_own") == sa.StripeKeys(api_key="sk_test_own")
    settings.STRIPE_SECRET_KEY = "sk_test_platform"
    assert sa.keys_for(connect_account_id="acct_1") == sa.StripeKeys(
        api_key="sk_test_platform", stripe_account="acct_1"
    )
    assert sa.keys_for(own_secret_key="sk_test_own").stripe_account is None


def test_idempotency_keys_repeat_for_the_same_operation_only():
    assert sa.idempotency_key("plan", 1) == sa.idempotency_key("plan", 1)
    assert sa.idempotency_key("plan", 1) != sa.idempotency_key("plan", 2)
    assert sa.idempotency_key("plan", 1) != sa.idempotency_key("product", 1)


def test_catalogue_calls():
    plan = _monthly_plan("adapter-catalogue")
    assert (plan.amount, plan.currency, plan.interval, plan.interval_count) == (
        1999,
        "usd",
        "month",
        1,
    )
    assert plan.product.startswith("prod_")


def test_subscription_with_setup_fee_charges_the_first_invoice_then_cancels():
    keys, plan = _keys(), _monthly_plan("adapter-sub")
    customer = _customer("adapter-sub")
    card = _card(CARD_OK)
    sa.payment_method_attach(keys, payment_method_id=card, customer_id=customer.id)
    sa.customer_default_card_set(keys, customer_id=customer.id, payment_method_id=card)
    sa.invoice_item_create(
        keys,
        ref="adapter-sub",
        customer_id=customer.id,
        amount=500,
        currency="usd",
        description="Setup fee",
    )
    subscription = sa.subscription_create(
        keys,
        ref="adapter-sub",
        customer_id=customer.id,
        plan_id=plan.id,
        quantity=2,
        trial_end=None,
        metadata={"client": "alpha"},
    )
    assert subscription.status == "active"
    assert subscription.metadata["client"] == "alpha"
    invoices = sa.invoice_list(keys, customer_id=customer.id).data
    assert [(i.amount_paid, i.status) for i in invoices] == [(2 * 1999 + 500, "paid")]
    assert sa.invoice_retrieve(keys, invoice_id=invoices[0].id).id == invoices[0].id
    assert sa.payment_method_list(keys, customer_id=customer.id).data[0].card.last4 == "4242"
    assert sa.subscription_cancel(keys, subscription_id=subscription.id).status == "canceled"
    assert sa.subscription_retrieve(keys, subscription_id=subscription.id).status == "canceled"


def test_trial_subscription_is_not_charged():
    keys, plan = _keys(), _monthly_plan("adapter-trial")
    customer = _customer("adapter-trial")
    card = _card(CARD_OK)
    sa.payment_method_attach(keys, payment_method_id=card, customer_id=customer.id)
    sa.customer_default_card_set(keys, customer_id=customer.id, payment_method_id=card)
    trial_end = int(time.time()) + 7 * 86400
    subscription = sa.subscription_create(
        keys,
        ref="adapter-trial",
        customer_id=customer.id,
        plan_id=plan.id,
        quantity=1,
        trial_end=trial_end,
        metadata={},
    )
    assert subscription.trial_end == trial_end
    assert subscription.latest_invoice is None
    assert sa.invoice_list(keys, customer_id=customer.id).data == []


def test_card_declined_on_attach():
    customer = _customer("adapter-decline-attach")
    with pytest.raises(stripe.CardError) as raised:
        sa.payment_method_attach(
            _keys(), payment_method_id=_card(CARD_DECLINED_ON_ATTACH), customer_id=customer.id
        )
    assert raised.value.code == "card_declined"


def test_order_payment_declined_on_charge_then_paid_and_refunded():
    keys, customer = _keys(), _customer("adapter-order")
    declined = _card(CARD_DECLINED_ON_CHARGE)
    sa.payment_method_attach(keys, payment_method_id=declined, customer_id=customer.id)
    with pytest.raises(stripe.CardError):
        sa.payment_intent_create(
            keys,
            ref="adapter-order-1",
            customer_id=customer.id,
            payment_method_id=declined,
            amount=2500,
            currency="usd",
            metadata={},
        )
    card = _card(CARD_OK)
    sa.payment_method_attach(keys, payment_method_id=card, customer_id=customer.id)
    intent = sa.payment_intent_create(
        keys,
        ref="adapter-order-2",
        customer_id=customer.id,
        payment_method_id=card,
        amount=2500,
        currency="usd",
        metadata={"client": "alpha"},
    )
    assert intent.status == "succeeded"
    assert sa.payment_intent_retrieve(keys, payment_intent_id=intent.id).amount == 2500
    refund = sa.refund_create(keys, ref="adapter-order", payment_intent_id=intent.id, amount=1000)
    assert (refund.status, refund.amount) == ("succeeded", 1000)


def test_setup_intent_for_a_card_change():
    keys, customer = _keys(), _customer("adapter-setup")
    intent = sa.setup_intent_create(keys, ref="adapter-setup", customer_id=customer.id, metadata={})
    assert intent.client_secret.startswith(intent.id)
    assert sa.setup_intent_retrieve(keys, setup_intent_id=intent.id).customer == customer.id


def test_webhook_event_checks_the_signature_on_the_raw_body():
    payload = b'{"id": "evt_1", "object": "event", "type": "customer.subscription.updated"}'
    assert sa.webhook_event(payload, stripe_signature(payload, "whsec_test"), "whsec_test").id == (
        "evt_1"
    )
    with pytest.raises(stripe.SignatureVerificationError):
        sa.webhook_event(payload + b" ", stripe_signature(payload, "whsec_test"), "whsec_test")
    with pytest.raises(stripe.SignatureVerificationError):
        sa.webhook_event(payload, stripe_signature(payload, "whsec_other"), "whsec_test")
