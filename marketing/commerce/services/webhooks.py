"""Stripe's events (POST /stripe/webhook on the public host, views.py).

Receiving (`webhook_accept`, answered at once): the signature is checked on the raw body
(settings.STRIPE_WEBHOOK_SECRET); the client is the object's `metadata.client` (we put it
on every customer, subscription and PaymentIntent we make), or, for Stripe's own objects
(invoices, charges), its customer's; the event's id is kept once in that client's schema
(a redelivery changes nothing) and its processing sent as a task on commit.

Processing (`stripe_event_process`): the event's object is fetched again from Stripe, so
an event late or out of order writes what is true now, never its stale copy; the records
are written from it (billing.services.records) and what happened is recorded once per
occurrence (services/events.py), which workflows hear. A worker that dies mid-way leaves
the event unprocessed; beat's sweep takes it again."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

import stripe
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Customer, Order, Plan, StripeEvent, Subscription
from billing.selectors import stripe_keys
from billing.services.records import (
    customer_record,
    order_record,
    stripe_event_done,
    stripe_event_receive,
    subscription_record,
)
from core.tasks import enqueue_on_commit
from marketing.commerce.services.events import commerce_event, refund_occurrence
from marketing.commerce.task_declarations import STRIPE_EVENT_PROCESS
from tenants.hosts import schema_client

logger = logging.getLogger(__name__)
SWEEP_AFTER = timedelta(seconds=60)


def _client_schema(obj) -> str | None:
    schema = sa.metadata(obj).get("client")
    if schema:
        return schema
    customer_id = sa.field(obj, "customer")
    if isinstance(customer_id, str) and customer_id:
        # Stripe's own objects carry no metadata of ours: their customer does.
        customer = sa.customer_retrieve(sa.keys_for(), customer_id=customer_id)
        return sa.metadata(customer).get("client")
    return None


def webhook_accept(*, payload: bytes, signature: str) -> int:
    """The HTTP status to answer Stripe: 400 for a bad signature, else 200 (an event of no
    client of ours is acknowledged and dropped)."""
    try:
        event = sa.webhook_event(payload, signature, settings.STRIPE_WEBHOOK_SECRET)
    except (ValueError, stripe.SignatureVerificationError):
        return 400
    obj = event.data.object
    client = schema_client(_client_schema(obj) or "")
    if client is None:
        return 200
    connection.set_tenant(client)
    try:
        with transaction.atomic():
            new = stripe_event_receive(stripe_event_id=event.id, type=event.type, object_id=obj.id)
            if new:
                row = StripeEvent.objects.get(stripe_event_id=event.id)
                enqueue_on_commit(STRIPE_EVENT_PROCESS, event_id=row.pk)
    finally:
        connection.set_schema_to_public()
    return 200


def _customer(keys, stripe_customer_id: str) -> Customer:
    customer = Customer.objects.filter(stripe_customer_id=stripe_customer_id).first()
    if customer is not None:
        return customer
    found = sa.customer_retrieve(keys, customer_id=stripe_customer_id)
    return customer_record(
        stripe_customer_id=stripe_customer_id, email=found.email or "", name=found.name or ""
    )


def _plan_of(stripe_subscription) -> Plan | None:
    plan_id = sa.metadata(stripe_subscription).get("plan")
    plan = Plan.objects.filter(pk=plan_id).first() if plan_id else None
    if plan is None and sa.field(stripe_subscription, "plan"):
        plan = Plan.objects.filter(stripe_plan_id=stripe_subscription.plan.id).first()
    return plan


def _subscription_sync(keys, stripe_subscription_id: str) -> Subscription | None:
    current = sa.subscription_retrieve(keys, subscription_id=stripe_subscription_id)
    plan = _plan_of(current)
    if plan is None:
        return None  # not one of our plans
    customer = _customer(keys, current.customer)
    form_id = sa.metadata(current).get("checkoutForm")
    synced = subscription_record(
        stripe_subscription=current,
        customer=customer,
        plan=plan,
        checkout_form_id=int(form_id) if form_id else None,
    )
    subscription = synced.subscription
    if subscription.status in ("active", "trialing") and synced.previous_status is None:
        commerce_event(
            kind=CommerceEvent.Kind.STARTED,
            occurrence=f"start:{current.id}",
            customer=customer,
            subscription=subscription,
        )
    if subscription.status == "canceled":
        commerce_event(
            kind=CommerceEvent.Kind.CANCELLED,
            occurrence=f"cancel:{current.id}",
            customer=customer,
            subscription=subscription,
            at=subscription.canceled_at,
        )
    return subscription


def _first_invoice(invoice, subscription: Subscription) -> bool:
    if sa.field(invoice, "billing_reason"):
        return invoice.billing_reason == "subscription_create"
    start = subscription.start_at or subscription.created_at
    created = datetime.fromtimestamp(invoice.created, tz=UTC)
    return created <= start + timedelta(hours=1)


def _invoice(keys, invoice_id: str, *, paid: bool) -> None:
    invoice = sa.invoice_retrieve(keys, invoice_id=invoice_id)
    if not sa.field(invoice, "subscription"):
        return
    subscription = _subscription_sync(keys, invoice.subscription)
    if subscription is None:
        return
    if paid and invoice.status == "paid" and not _first_invoice(invoice, subscription):
        commerce_event(
            kind=CommerceEvent.Kind.RENEWED,
            occurrence=f"invoice:{invoice.id}",
            customer=subscription.customer,
            subscription=subscription,
            amount=invoice.amount_paid,
        )
    elif not paid and invoice.status != "paid":
        commerce_event(
            kind=CommerceEvent.Kind.PAYMENT_FAILED,
            occurrence=f"failed:{invoice.id}",
            customer=subscription.customer,
            subscription=subscription,
            amount=invoice.amount_due,
        )


def _payment_intent(keys, payment_intent_id: str, *, refunded_charge=None) -> None:
    intent = sa.payment_intent_retrieve(keys, payment_intent_id=payment_intent_id)
    metadata = sa.metadata(intent)
    plan = Plan.objects.filter(pk=metadata.get("plan") or 0).first()
    order = Order.objects.filter(stripe_payment_intent_id=intent.id).first()
    if plan is None or intent.status != "succeeded":
        return  # a subscription's invoice payment, or not ours
    refunded = refunded_charge.amount_refunded if refunded_charge is not None else 0
    if order is not None:
        refunded = max(refunded, order.amount_refunded)
    customer = _customer(keys, intent.customer)
    form_id = metadata.get("checkoutForm")
    order, created = order_record(
        payment_intent=intent,
        customer=customer,
        plan=plan,
        quantity=int(metadata.get("quantity") or 1),
        checkout_form_id=int(form_id) if form_id else None,
        amount_refunded=refunded,
    )
    commerce_event(
        kind=CommerceEvent.Kind.ORDER_PAID,
        occurrence=f"order:{intent.id}",
        customer=customer,
        order=order,
        amount=order.amount,
    )
    if refunded_charge is not None and refunded_charge.amount_refunded:
        commerce_event(
            kind=CommerceEvent.Kind.REFUNDED,
            occurrence=refund_occurrence(refunded_charge.id, refunded_charge.amount_refunded),
            customer=customer,
            order=order,
            amount=refunded_charge.amount_refunded,
        )


def stripe_event_process(event_id: int) -> str:
    event = StripeEvent.objects.filter(pk=event_id).first()
    if event is None or event.processed_at is not None:
        return "skipped"
    keys, kind, object_id = stripe_keys(), event.type, event.object_id
    with transaction.atomic():
        if kind.startswith("customer.subscription."):
            subscription = _subscription_sync(keys, object_id)
            if subscription is not None and kind == "customer.subscription.trial_will_end":
                commerce_event(
                    kind=CommerceEvent.Kind.TRIAL_ENDING,
                    occurrence=f"trial:{object_id}:{subscription.trial_end}",
                    customer=subscription.customer,
                    subscription=subscription,
                )
        elif kind in ("invoice.payment_succeeded", "invoice.paid"):
            _invoice(keys, object_id, paid=True)
        elif kind == "invoice.payment_failed":
            _invoice(keys, object_id, paid=False)
        elif kind == "payment_intent.succeeded":
            _payment_intent(keys, object_id)
        elif kind == "charge.refunded":
            charge = sa.charge_retrieve(keys, charge_id=object_id)
            if sa.field(charge, "payment_intent"):
                _payment_intent(keys, charge.payment_intent, refunded_charge=charge)
        stripe_event_done(stripe_event_id=event.stripe_event_id)
    return kind


SWEEP_ATTEMPTS = 5  # then an event is set aside (logged, counted, no longer tried)


def stripe_events_sweep(*, limit: int = 200) -> int:
    """Events received over a minute ago that no task processed, processed here, oldest
    first. One that fails is tried again by the next sweeps and set aside after
    SWEEP_ATTEMPTS, so a bad event never stops the ones behind it."""
    due = (
        StripeEvent.objects.filter(
            processed_at=None, set_aside_at=None, received_at__lt=timezone.now() - SWEEP_AFTER
        )
        .order_by("received_at", "pk")
        .values_list("pk", "sweep_attempts")[:limit]
    )
    count = 0
    for event_id, attempts in list(due):
        try:
            stripe_event_process(event_id)
            count += 1
        except Exception:  # any failure of one event: the next one still goes
            logger.exception("commerce: Stripe event %s could not be processed", event_id)
            given_up = attempts + 1 >= SWEEP_ATTEMPTS
            StripeEvent.objects.filter(pk=event_id).update(
                sweep_attempts=attempts + 1, set_aside_at=timezone.now() if given_up else None
            )
    return count
