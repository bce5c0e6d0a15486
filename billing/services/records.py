"""The shop's records kept in step with Stripe: a subscription or order is written from
the object as Stripe has it now (fetched, never an event's copy), so the same news twice,
late or out of order writes the same row. What happened to it is a `CommerceEvent` per
occurrence (unique), so it is recorded once however often it is told."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.utils import timezone

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Customer, Order, Plan, StripeEvent, Subscription


def _instant(timestamp: int | None) -> datetime | None:
    return datetime.fromtimestamp(int(timestamp), tz=UTC) if timestamp else None


def customer_record(*, stripe_customer_id: str, email: str, name: str = "") -> Customer:
    customer, _ = Customer.objects.get_or_create(
        stripe_customer_id=stripe_customer_id, defaults={"email": email, "name": name}
    )
    return customer


def customer_profile_set(*, customer: Customer, profile_id: int) -> None:
    if customer.profile_id != profile_id:
        customer.profile_id = profile_id
        customer.save(update_fields=["profile_id"])


def subscription_status(stripe_subscription) -> str:
    """Stripe's status, except that localstripe leaves a subscription in its trial
    `incomplete` with no invoice: one whose trial has not ended is `trialing`, as Stripe
    says."""
    status = stripe_subscription.status
    trial_end = sa.field(stripe_subscription, "trial_end")
    if (
        status == "incomplete"
        and trial_end
        and not sa.field(stripe_subscription, "latest_invoice")
        and trial_end > timezone.now().timestamp()
    ):
        return "trialing"
    return status


@dataclass(frozen=True)
class Synced:
    subscription: Subscription
    previous_status: str | None  # None: first recorded now


def subscription_record(
    *,
    stripe_subscription,
    customer: Customer,
    plan: Plan,
    checkout_form_id: int | None = None,
    gifter: dict | None = None,
) -> Synced:
    """Write the subscription as Stripe has it now."""
    s = stripe_subscription
    values = {
        "customer": customer,
        "plan": plan,
        "quantity": sa.field(s, "quantity") or 1,
        "status": subscription_status(s),
        "start_at": _instant(sa.field(s, "start_date")),
        "current_period_start": _instant(sa.field(s, "current_period_start")),
        "current_period_end": _instant(sa.field(s, "current_period_end")),
        "trial_start": _instant(sa.field(s, "trial_start")),
        "trial_end": _instant(sa.field(s, "trial_end")),
        "cancel_at_period_end": bool(sa.field(s, "cancel_at_period_end")),
        "canceled_at": _instant(sa.field(s, "canceled_at")),
        "ended_at": _instant(sa.field(s, "ended_at")),
    }
    row = Subscription.objects.select_for_update().filter(stripe_subscription_id=s.id).first()
    if values["status"] == "canceled" and values["canceled_at"] is None:
        # localstripe names no cancellation time: the end, what we knew, or now
        known = row.canceled_at if row is not None else None
        values["canceled_at"] = values["ended_at"] or known or timezone.now()
    if row is None:
        extra = {"checkout_form_id": checkout_form_id}
        for key, value in (gifter or {}).items():
            extra[f"gifter_{key}"] = value or ""
        row = Subscription.objects.create(stripe_subscription_id=s.id, **values, **extra)
        return Synced(row, None)
    previous = row.status
    for key, value in values.items():
        setattr(row, key, value)
    row.save()
    return Synced(row, previous)


def order_record(
    *,
    payment_intent,
    customer: Customer,
    plan: Plan,
    quantity: int,
    checkout_form_id: int | None = None,
    amount_refunded: int = 0,
) -> tuple[Order, bool]:
    """Write the order of a PaymentIntent as Stripe has it now; (order, created)."""
    values = {
        "customer": customer,
        "plan": plan,
        "quantity": quantity,
        "amount": payment_intent.amount,
        "currency": payment_intent.currency,
        "status": "refunded" if amount_refunded >= payment_intent.amount else payment_intent.status,
        "amount_refunded": amount_refunded,
    }
    order, created = Order.objects.update_or_create(
        stripe_payment_intent_id=payment_intent.id,
        defaults=values,
        create_defaults={**values, "checkout_form_id": checkout_form_id},
    )
    return order, created


def commerce_event_record(
    *,
    kind: str,
    occurrence: str,
    customer: Customer,
    at: datetime,
    subscription: Subscription | None = None,
    order: Order | None = None,
    amount: int = 0,
) -> CommerceEvent | None:
    """The event, or None when this occurrence was already recorded."""
    event, created = CommerceEvent.objects.get_or_create(
        occurrence=occurrence,
        defaults={
            "kind": kind,
            "customer": customer,
            "subscription": subscription,
            "order": order,
            "amount": amount,
            "occurred_at": at,
        },
    )
    return event if created else None


def stripe_event_receive(*, stripe_event_id: str, type: str, object_id: str) -> bool:
    """Keep a webhook event's id; False when it was received before (a redelivery)."""
    _, created = StripeEvent.objects.get_or_create(
        stripe_event_id=stripe_event_id, defaults={"type": type, "object_id": object_id}
    )
    return created


def stripe_event_done(*, stripe_event_id: str) -> None:
    StripeEvent.objects.filter(stripe_event_id=stripe_event_id, processed_at=None).update(
        processed_at=timezone.now()
    )
