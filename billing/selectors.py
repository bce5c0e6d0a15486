"""Reads of the client's shop (the current schema)."""

from __future__ import annotations

from django.conf import settings

from billing import messages
from billing.models import Customer, Order, Plan, Product, StripeAccount, Subscription
from billing.stripe_adapter import StripeKeys, keys_for
from core.errors import NotFound
from core.sealing import unseal


def stripe_keys() -> StripeKeys:
    """The current client's Stripe account, for every call made on its behalf."""
    account = StripeAccount.objects.first()
    if account is None:
        return keys_for()
    return keys_for(
        own_secret_key=unseal(account.secret_key_sealed),
        connect_account_id=account.connect_account_id,
    )


def stripe_publishable_key() -> str:
    """The key the shopper's Stripe.js uses (localstripe accepts any pk_test_)."""
    account = StripeAccount.objects.first()
    if account is not None and account.publishable_key:
        return account.publishable_key
    return settings.STRIPE_PUBLISHABLE_KEY or "pk_test_localstripe"


def product_list() -> list[Product]:
    return list(Product.objects.prefetch_related("plans"))


def plan_list(*, ids: list[int] | None = None) -> list[Plan]:
    plans = Plan.objects.select_related("product")
    if ids is not None:
        plans = plans.filter(pk__in=ids)
    return list(plans)


def plan_get(*, plan_id: int) -> Plan:
    plan = Plan.objects.select_related("product").filter(pk=plan_id).first()
    if plan is None:
        raise NotFound(messages.PLAN_NOT_FOUND)
    return plan


def subscription_list():
    return Subscription.objects.select_related("customer", "plan", "plan__product")


def order_list():
    return Order.objects.select_related("customer", "plan", "plan__product")


def customer_by_stripe_id(stripe_customer_id: str) -> Customer | None:
    return Customer.objects.filter(stripe_customer_id=stripe_customer_id).first()
