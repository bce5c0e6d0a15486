"""The one door to Stripe: the official SDK, one function per call, each with a
deterministic idempotency key (a retry of the same operation, by a task redelivered or a
shopper's second click, is the same call to Stripe) and the client's account chosen per
call (`StripeKeys`: its own sealed key, or the platform's key with its Connect account
id). With no key anywhere, calls go to localstripe (settings.LOCALSTRIPE_URL).

Errors are Stripe's own (`stripe.StripeError` and subclasses); `stripe.CardError` carries
the message a shopper may read. Objects come back as the SDK's StripeObjects."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import stripe
from django.conf import settings

LOCALSTRIPE_KEY = "sk_test_localstripe"


@dataclass(frozen=True)
class StripeKeys:
    api_key: str
    stripe_account: str | None = None  # Connect account id
    api_base: str | None = None  # localstripe's address when no key is configured

    @property
    def local(self) -> bool:
        return self.api_base is not None


def keys_for(*, own_secret_key: str = "", connect_account_id: str = "") -> StripeKeys:
    """A client's keys: its own secret key, else the platform's key on its behalf
    (Connect), else localstripe."""
    if own_secret_key:
        return StripeKeys(api_key=own_secret_key)
    if settings.STRIPE_SECRET_KEY:
        return StripeKeys(
            api_key=settings.STRIPE_SECRET_KEY, stripe_account=connect_account_id or None
        )
    return StripeKeys(api_key=LOCALSTRIPE_KEY, api_base=settings.LOCALSTRIPE_URL)


def idempotency_key(operation: str, *parts: object) -> str:
    """The same operation on the same things: the same key (Stripe answers a repeat with
    the first call's result)."""
    text = "\x1f".join(["mailcraft", operation, *(str(part) for part in parts)])
    return f"mc-{operation}-{hashlib.sha256(text.encode()).hexdigest()[:40]}"


def _client(keys: StripeKeys):
    base = {"api": keys.api_base} if keys.api_base else None
    return stripe.StripeClient(
        keys.api_key,
        stripe_account=keys.stripe_account,
        base_addresses=base,
        max_network_retries=2,
        http_client=stripe.RequestsClient(timeout=settings.STRIPE_TIMEOUT_SECONDS),
    ).v1


def _options(operation: str, *parts: object) -> dict:
    return {"idempotency_key": idempotency_key(operation, *parts)}


# Catalogue


def product_create(keys: StripeKeys, *, ref: str, name: str, metadata: dict):
    return _client(keys).products.create(
        params={"name": name, "metadata": metadata}, options=_options("product", ref)
    )


def plan_create(
    keys: StripeKeys,
    *,
    ref: str,
    product_id: str,
    amount: int,
    currency: str,
    interval: str,
    interval_count: int,
    nickname: str,
    metadata: dict,
):
    params = {
        "product": product_id,
        "amount": amount,
        "currency": currency,
        "interval": interval,
        "interval_count": interval_count,
        "nickname": nickname,
        "metadata": metadata,
    }
    return _client(keys).plans.create(params=params, options=_options("plan", ref))


# Customers and cards


def customer_create(keys: StripeKeys, *, ref: str, email: str, name: str, metadata: dict):
    params = {"email": email, "name": name, "metadata": metadata}
    return _client(keys).customers.create(params=params, options=_options("customer", ref))


def payment_method_attach(keys: StripeKeys, *, payment_method_id: str, customer_id: str):
    """Attaching twice is harmless: Stripe answers the attached card."""
    return _client(keys).payment_methods.attach(
        payment_method_id,
        params={"customer": customer_id},
        options=_options("attach", payment_method_id, customer_id),
    )


def customer_default_card_set(keys: StripeKeys, *, customer_id: str, payment_method_id: str):
    return _client(keys).customers.update(
        customer_id,
        params={"invoice_settings": {"default_payment_method": payment_method_id}},
        options=_options("default-card", customer_id, payment_method_id),
    )


def payment_method_list(keys: StripeKeys, *, customer_id: str):
    return _client(keys).payment_methods.list(params={"customer": customer_id, "type": "card"})


def setup_intent_create(keys: StripeKeys, *, ref: str, customer_id: str, metadata: dict):
    params = {"customer": customer_id, "usage": "off_session", "metadata": metadata}
    return _client(keys).setup_intents.create(params=params, options=_options("setup", ref))


def setup_intent_retrieve(keys: StripeKeys, *, setup_intent_id: str):
    return _client(keys).setup_intents.retrieve(setup_intent_id)


# Subscriptions, orders, refunds


def invoice_item_create(
    keys: StripeKeys, *, ref: str, customer_id: str, amount: int, currency: str, description: str
):
    """A pending line for the customer's next invoice (a plan's setup fee)."""
    params = {
        "customer": customer_id,
        "amount": amount,
        "currency": currency,
        "description": description,
    }
    return _client(keys).invoice_items.create(params=params, options=_options("item", ref))


def subscription_create(
    keys: StripeKeys,
    *,
    ref: str,
    customer_id: str,
    plan_id: str,
    quantity: int,
    trial_end: int | None,
    metadata: dict,
):
    params: dict = {
        "customer": customer_id,
        "items": [{"plan": plan_id, "quantity": quantity}],
        "metadata": metadata,
        "expand": ["latest_invoice"],
    }
    if trial_end:
        params["trial_end"] = trial_end
    return _client(keys).subscriptions.create(params=params, options=_options("subscription", ref))


def subscription_retrieve(keys: StripeKeys, *, subscription_id: str):
    return _client(keys).subscriptions.retrieve(subscription_id)


def subscription_cancel(keys: StripeKeys, *, subscription_id: str):
    return _client(keys).subscriptions.cancel(
        subscription_id, options=_options("cancel", subscription_id)
    )


def payment_intent_create(
    keys: StripeKeys,
    *,
    ref: str,
    customer_id: str,
    payment_method_id: str,
    amount: int,
    currency: str,
    metadata: dict,
):
    """Charged at once (confirm); a declined card raises stripe.CardError."""
    params = {
        "customer": customer_id,
        "payment_method": payment_method_id,
        "amount": amount,
        "currency": currency,
        "confirm": True,
        "metadata": metadata,
    }
    return _client(keys).payment_intents.create(params=params, options=_options("payment", ref))


def payment_intent_retrieve(keys: StripeKeys, *, payment_intent_id: str):
    return _client(keys).payment_intents.retrieve(payment_intent_id)


def refund_create(keys: StripeKeys, *, ref: str, payment_intent_id: str, amount: int):
    params = {"payment_intent": payment_intent_id, "amount": amount}
    return _client(keys).refunds.create(params=params, options=_options("refund", ref))


def invoice_list(keys: StripeKeys, *, customer_id: str, limit: int = 24):
    return _client(keys).invoices.list(params={"customer": customer_id, "limit": limit})


def invoice_retrieve(keys: StripeKeys, *, invoice_id: str):
    return _client(keys).invoices.retrieve(invoice_id)


# Webhooks


def webhook_event(payload: bytes, signature: str, secret: str):
    """The event of a webhook request, its signature checked on the raw body (raises
    stripe.SignatureVerificationError or ValueError)."""
    return stripe.Webhook.construct_event(payload, signature, secret)


def charge_retrieve(keys: StripeKeys, *, charge_id: str):
    return _client(keys).charges.retrieve(charge_id)


def customer_retrieve(keys: StripeKeys, *, customer_id: str):
    return _client(keys).customers.retrieve(customer_id)


def field(obj, name: str, default=None):
    """A field of a Stripe object, or `default` when it is absent or null (the SDK's
    objects have no `.get`)."""
    try:
        value = obj[name]
    except (KeyError, AttributeError):
        return default
    return default if value is None else value


def metadata(obj) -> dict:
    """A Stripe object's metadata as a plain dict."""
    value = field(obj, "metadata", {})
    return value.to_dict() if hasattr(value, "to_dict") else dict(value)
