"""Staff acting on a client's subscriptions and orders: cancel a subscription now, refund
an order (in part or whole). Stripe is told first; the local record is then written from
Stripe's answer, and the event recorded (once: its occurrence is Stripe's object)."""

from __future__ import annotations

import stripe
from django.db import transaction
from django.utils import timezone

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Order, Subscription
from billing.selectors import stripe_keys
from billing.services.catalogue import stripe_failure
from billing.services.records import subscription_record
from core.errors import Conflict, NotFound, invalid_field
from marketing.commerce import messages
from marketing.commerce.services.events import commerce_event, refund_occurrence


def subscription_cancel(*, subscription_id: int) -> Subscription:
    row = Subscription.objects.select_related("customer", "plan").filter(pk=subscription_id).first()
    if row is None:
        raise NotFound(messages.SUBSCRIPTION_NOT_FOUND)
    if row.status == "canceled":
        raise Conflict(messages.ALREADY_CANCELLED)
    try:
        cancelled = sa.subscription_cancel(
            stripe_keys(), subscription_id=row.stripe_subscription_id
        )
    except stripe.StripeError as error:
        raise stripe_failure(error) from error
    with transaction.atomic():
        synced = subscription_record(
            stripe_subscription=cancelled, customer=row.customer, plan=row.plan
        )
        commerce_event(
            kind=CommerceEvent.Kind.CANCELLED,
            occurrence=f"cancel:{row.stripe_subscription_id}",
            customer=row.customer,
            subscription=synced.subscription,
        )
    return synced.subscription


def order_refund(*, order_id: int, amount: int | None) -> Order:
    order = Order.objects.select_related("customer", "plan").filter(pk=order_id).first()
    if order is None:
        raise NotFound(messages.ORDER_NOT_FOUND)
    left = order.amount - order.amount_refunded
    amount = left if amount is None else amount
    if not 1 <= amount <= left:
        raise invalid_field("amount", messages.REFUND_AMOUNT_INVALID)
    try:
        refund = sa.refund_create(
            stripe_keys(),
            ref=f"{order.stripe_payment_intent_id}:{order.amount_refunded}:{amount}",
            payment_intent_id=order.stripe_payment_intent_id,
            amount=amount,
        )
    except stripe.StripeError as error:
        raise stripe_failure(error) from error
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=order.pk)
        order.amount_refunded = min(order.amount, order.amount_refunded + refund.amount)
        order.status = "refunded" if order.amount_refunded >= order.amount else order.status
        order.updated_at = timezone.now()
        order.save(update_fields=["amount_refunded", "status", "updated_at"])
        commerce_event(
            kind=CommerceEvent.Kind.REFUNDED,
            occurrence=refund_occurrence(refund.charge, order.amount_refunded),
            customer=order.customer,
            order=order,
            amount=refund.amount,
        )
    return order
