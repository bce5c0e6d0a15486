"""A commerce event recorded once (billing's CommerceEvent, unique by occurrence) and,
when new, told to workflows: kind "chargeBrite" (spec 3's trigger category), key the
event's kind (subscriptionStarted, subscriptionCancelled, ...), for the buyer's profile."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from billing.models import CommerceEvent, Customer, Order, Subscription
from billing.services.records import commerce_event_record
from core.profile_events import ProfileEvent, profile_events_announce

TRIGGER_KIND = "chargeBrite"


def commerce_event(
    *,
    kind: str,
    occurrence: str,
    customer: Customer,
    subscription: Subscription | None = None,
    order: Order | None = None,
    amount: int = 0,
    at: datetime | None = None,
) -> CommerceEvent | None:
    event = commerce_event_record(
        kind=kind,
        occurrence=occurrence,
        customer=customer,
        subscription=subscription,
        order=order,
        amount=amount,
        at=at or timezone.now(),
    )
    if event is not None and customer.profile_id:
        context = {
            "commerceEvent": kind,
            "subscriptionId": subscription.pk if subscription else None,
            "orderId": order.pk if order else None,
            "amount": amount,
        }
        profile_events_announce(
            TRIGGER_KIND, kind, [ProfileEvent(customer.profile_id, occurrence, context)]
        )
    return event


def refund_occurrence(charge_id: str, amount_refunded: int) -> str:
    """One occurrence per refunded total: a staff refund and Stripe's event of it agree."""
    return f"refund:{charge_id}:{amount_refunded}"
