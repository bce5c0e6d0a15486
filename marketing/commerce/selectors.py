"""Reads for the commerce screens: checkout forms (live ones: status Delete is gone),
subscriptions and orders with their customers, and the subscription display rules of
spec 4 and 9."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

from django.db.models import Count, QuerySet

from billing import selectors as billing
from marketing.commerce import messages
from marketing.commerce.models import CheckoutForm, CheckoutStatus

FORM_SORTS = {
    "name": "name",
    "-name": "-name",
    "updatedAt": "updated_at",
    "-updatedAt": "-updated_at",
}


def checkout_form_list(
    *, kind: str, search: str = "", status: str | None = None, sort: str = "-updatedAt"
) -> QuerySet:
    forms = CheckoutForm.objects.exclude(status=CheckoutStatus.DELETE).filter(kind=kind)
    if search:
        forms = forms.filter(name__icontains=search)
    if status:
        forms = forms.filter(status=status)
    forms = forms.annotate(plan_count=Count("plans"))
    return forms.prefetch_related("plans").order_by(FORM_SORTS[sort], "-id")


def checkout_form_by_key(key: str) -> CheckoutForm | None:
    """A form's public page: published or not (the page says which)."""
    try:
        key = uuid.UUID(key)
    except ValueError:  # not a form's key
        return None
    forms = CheckoutForm.objects.exclude(status=CheckoutStatus.DELETE)
    return forms.prefetch_related("plans__product").filter(key=key).first()


def subscription_page():
    return billing.subscription_list()


def order_page():
    return billing.order_list()


# Displays (spec 4: 'Until Cancelled', weekend dates; spec 9: USD, thousands separators)


def money(amount: int, currency: str = "usd") -> str:
    """Cents as the spec's USD display: $1,234.50."""
    sign = "-" if amount < 0 else ""
    dollars, cents = divmod(abs(int(amount)), 100)
    symbol = "$" if currency.lower() == "usd" else f"{currency.upper()} "
    return f"{sign}{symbol}{dollars:,}.{cents:02d}"


def instant(timestamp: int) -> datetime:
    """A Stripe timestamp (seconds) as an aware instant."""
    return datetime.fromtimestamp(int(timestamp), tz=UTC)


def next_weekday(day: date) -> date:
    """Spec 4: a Saturday or Sunday moves to the next Monday."""
    return day + timedelta(days=(7 - day.weekday()) % 7) if day.weekday() >= 5 else day


def end_date_display(end: datetime | date | None, *, shift_weekend: bool = False) -> str:
    """Spec 4: no end, or one in 1970 or earlier (Stripe's 0), is 'Until Cancelled'."""
    if end is None or end.year <= 1970:
        return messages.UNTIL_CANCELLED
    day = end.date() if isinstance(end, datetime) else end
    return date_display(next_weekday(day) if shift_weekend else day)


def date_display(day: datetime | date) -> str:
    """Nov 28, 2026."""
    return f"{day:%b} {day.day}, {day.year}"


def billing_cycle(interval: str, count: int) -> str:
    if interval == "one_time":
        return "once"
    return f"every {interval}" if count == 1 else f"every {count} {interval}s"
