"""The shopper's self-service page (the signed link in every subscription receipt):
their subscriptions, their invoices as Stripe has them, and cancelling one of their own
subscriptions. The link names the client and the customer, signed, and expires
(settings.COMMERCE_PORTAL_MAX_AGE_DAYS)."""

from __future__ import annotations

import stripe

from billing import stripe_adapter as sa
from billing.models import Customer, Subscription
from billing.selectors import stripe_keys
from billing.services.catalogue import stripe_failure
from core.errors import NotFound
from marketing.commerce import messages
from marketing.commerce.services.checkout import portal_customer_id
from marketing.commerce.services.staff import subscription_cancel


def portal_customer(token: str) -> Customer:
    customer_id = portal_customer_id(token)
    customer = Customer.objects.filter(pk=customer_id).first() if customer_id else None
    if customer is None:
        raise NotFound(messages.PORTAL_INVALID)
    return customer


def portal_invoices(customer: Customer) -> list:
    try:
        return list(sa.invoice_list(stripe_keys(), customer_id=customer.stripe_customer_id).data)
    except stripe.StripeError as error:
        raise stripe_failure(error) from error


def portal_cancel(*, customer: Customer, subscription_id: int) -> Subscription:
    """Only a subscription of the link's customer."""
    if not customer.subscriptions.filter(pk=subscription_id).exists():
        raise NotFound(messages.SUBSCRIPTION_NOT_FOUND)
    return subscription_cancel(subscription_id=subscription_id)
