"""The client's catalogue: products and their plans, created in Stripe first (the local
row is written in the same transaction, so a Stripe failure leaves nothing here), each
Stripe call keyed by the local row's id (a retry after a lost answer is the same call).

A plan is one-time (charged once by a PaymentIntent: an order form's item) or recurring
(a Stripe plan: every 1-12 days, weeks, months or years), with trial days and a setup
fee for recurring plans only, and the most a shopper may buy at once. Money is integer
cents; prices are in USD (spec 9)."""

from __future__ import annotations

import uuid

import stripe
from django.db import connection, transaction

from billing import messages
from billing import stripe_adapter as sa
from billing.models import Plan, Product
from billing.selectors import stripe_keys
from core.errors import NotFound, ServiceError, invalid_field

CURRENCIES = ("usd",)
AMOUNT_MIN, AMOUNT_MAX = 50, 99_999_999  # Stripe's limits for USD, in cents


class StripeUnavailable(ServiceError):
    status_code = 503


def stripe_failure(error: stripe.StripeError) -> ServiceError:
    """What a person reads when Stripe could not be reached or refused a call."""
    if isinstance(error, stripe.APIConnectionError | stripe.RateLimitError | stripe.APIError):
        return StripeUnavailable(messages.STRIPE_UNAVAILABLE)
    return ServiceError(messages.STRIPE_REFUSED.format(reason=error.user_message or error.code))


def _metadata(**more) -> dict:
    # Webhooks find the client by this (billing/webhooks.py).
    return {"client": connection.schema_name, **{k: str(v) for k, v in more.items()}}


def product_create(*, name: str, description: str = "") -> Product:
    name = (name or "").strip()
    if not name:
        raise invalid_field("name", messages.PRODUCT_NAME_REQUIRED)
    keys = stripe_keys()
    with transaction.atomic():
        product = Product.objects.create(
            name=name, description=description, stripe_product_id=f"pending:{uuid.uuid4()}"
        )
        try:
            made = sa.product_create(
                keys,
                ref=f"{connection.schema_name}:{product.pk}",
                name=name,
                metadata=_metadata(product=product.pk),
            )
        except stripe.StripeError as error:
            raise stripe_failure(error) from error
        product.stripe_product_id = made.id
        product.save(update_fields=["stripe_product_id"])
    return product


def _plan_check(
    *,
    name: str,
    amount: int,
    currency: str,
    interval: str,
    interval_count: int,
    trial_days: int,
    setup_fee: int,
    max_quantity: int,
) -> None:
    if not name:
        raise invalid_field("name", messages.PLAN_NAME_REQUIRED)
    if not AMOUNT_MIN <= amount <= AMOUNT_MAX:
        raise invalid_field("amount", messages.AMOUNT_INVALID)
    if currency not in CURRENCIES:
        raise invalid_field("currency", messages.CURRENCY_UNSUPPORTED)
    recurring = interval != Plan.Interval.ONE_TIME
    limit = {"day": 365, "week": 52, "month": 12, "year": 1}.get(interval, 1)
    if not 1 <= interval_count <= limit or (not recurring and interval_count != 1):
        raise invalid_field("intervalCount", messages.INTERVAL_COUNT_INVALID)
    if not 0 <= trial_days <= 730 or (trial_days and not recurring):
        raise invalid_field("trialDays", messages.TRIAL_INVALID)
    if not 0 <= setup_fee <= AMOUNT_MAX:
        raise invalid_field("setupFee", messages.SETUP_FEE_INVALID)
    if setup_fee and not recurring:
        raise invalid_field("setupFee", messages.SETUP_FEE_ONE_TIME)
    if not 1 <= max_quantity <= 100:
        raise invalid_field("maxQuantity", messages.QUANTITY_LIMIT_INVALID)


def plan_create(
    *,
    product_id: int,
    name: str,
    amount: int,
    interval: str,
    currency: str = "usd",
    interval_count: int = 1,
    trial_days: int = 0,
    setup_fee: int = 0,
    max_quantity: int = 1,
) -> Plan:
    """A plan of a product; a recurring one is created in Stripe too."""
    name, currency = (name or "").strip(), (currency or "").lower()
    values = dict(
        name=name,
        amount=amount,
        currency=currency,
        interval=interval,
        interval_count=interval_count,
        trial_days=trial_days,
        setup_fee=setup_fee,
        max_quantity=max_quantity,
    )
    _plan_check(**values)
    product = Product.objects.filter(pk=product_id).first()
    if product is None:
        raise NotFound(messages.PRODUCT_NOT_FOUND)
    keys = stripe_keys()
    with transaction.atomic():
        plan = Plan.objects.create(product=product, **values)
        if plan.recurring:
            try:
                made = sa.plan_create(
                    keys,
                    ref=f"{connection.schema_name}:{plan.pk}",
                    product_id=product.stripe_product_id,
                    amount=amount,
                    currency=currency,
                    interval=interval,
                    interval_count=interval_count,
                    nickname=name,
                    metadata=_metadata(plan=plan.pk),
                )
            except stripe.StripeError as error:
                raise stripe_failure(error) from error
            plan.stripe_plan_id = made.id
            plan.save(update_fields=["stripe_plan_id"])
    return plan
