"""A shopper buying on a checkout form's public page (views.py), in two steps:

1. `checkout_start`: the choices checked (a plan of the form, a quantity within the plan's
   limit, a valid email, the form's profile fields), the Stripe customer and a SetupIntent
   made; the browser confirms the card on that SetupIntent with Stripe.js (a card
   declined on attach is refused there, nothing made here).
2. `checkout_pay`: the confirmed card made the customer's default; a recurring plan's
   subscription created (its setup fee as a line of the first invoice; a trial charges
   nothing now), or a one-time plan's PaymentIntent charged. A declined charge cancels the
   incomplete subscription: the shopper reads why and nothing is recorded. Paid: the
   customer, the subscription or order, the buyer's profile (source chargeBrite, the
   form's groups), the event and the receipt are written in one transaction.

Only a Published form takes either step (spec 4). Every Stripe call is keyed by the
attempt's token (a double submit is the same call; a second card a new one), and a paid
attempt answers its result again. Stripe unreachable: a clear message, nothing recorded."""

from __future__ import annotations

import html
import time

import stripe
from django.conf import settings
from django.core import signing
from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import get_tenant_model

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, Plan
from billing.selectors import stripe_keys, stripe_publishable_key
from billing.services.catalogue import stripe_failure
from billing.services.records import (
    customer_profile_set,
    customer_record,
    order_record,
    subscription_record,
)
from core.errors import PermissionDenied, ServiceError, ValidationFailed, invalid_field
from core.pages import pages_url
from marketing.audience.selectors.fields import form_field_list
from marketing.audience.selectors.profiles import profile_by_email
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.audience.services.profiles import (
    profile_create,
    profile_update,
    profiles_group_add,
)
from marketing.commerce import messages
from marketing.commerce.models import CheckoutAttempt, CheckoutForm, CheckoutStatus
from marketing.commerce.selectors import billing_cycle, end_date_display, money
from marketing.commerce.services.events import commerce_event
from marketing.delivery.services.transactional import addresses_send

GIFTER_KEYS = ("gifter_name", "gifter_email", "gifter_phone")
PORTAL_SALT = "commerce.portal"
RECEIPT_PART = "commerceReceipt"
CHARGEBRITE_SOURCE = "chargeBrite"  # spec 3's profile source label of a purchase


class CardDeclined(ServiceError):
    status_code = 402


def _client():
    tenant = connection.tenant
    if hasattr(tenant, "get_primary_domain"):
        return tenant
    return get_tenant_model().objects.get(schema_name=connection.schema_name)


def _open(form: CheckoutForm) -> None:
    if form.status != CheckoutStatus.PUBLISHED or not _client().subscriptions_enabled:
        raise PermissionDenied(messages.PAGE_UNAVAILABLE)


def _values(form: CheckoutForm, data: dict) -> dict:
    """The form's profile fields (required, as on the page) and the gifter's, by key."""
    labels = {f.key: f.label for f in form_field_list()}
    values = {}
    for key in form.field_keys:
        value = str(data.get(key) or "").strip()[:200]
        if not value:
            field = labels.get(key, key)
            raise invalid_field(key, messages.PAY_FIELD_REQUIRED.format(field=field))
        values[key] = value
    if form.gift_enabled:
        for key in GIFTER_KEYS:
            values[key] = str(data.get(key) or "").strip()[:200]
    return values


def _declined(error: stripe.CardError) -> CardDeclined:
    reason = error.user_message or messages.PAY_FAILED
    return CardDeclined(messages.PAY_DECLINED.format(reason=reason))


def checkout_start(
    *, form: CheckoutForm, token: str, plan_id: int, quantity: int, email: str, data: dict
) -> dict:
    """The attempt's choices kept, its Stripe customer and SetupIntent made: what the
    browser's Stripe.js needs to confirm the card."""
    _open(form)
    plan = form.plans.filter(pk=plan_id).first()
    if plan is None:
        raise invalid_field("planId", messages.PAY_PLAN_INVALID)
    if not 1 <= quantity <= plan.max_quantity:
        limit = plan.max_quantity
        raise invalid_field("quantity", messages.PAY_QUANTITY_INVALID.format(limit=limit))
    try:
        email = email_normalise(email or "")
    except InvalidEmail:
        raise invalid_field("email", messages.PAY_EMAIL_INVALID) from None
    values = _values(form, data)
    attempt = CheckoutAttempt.objects.filter(token=token, form=form).first()
    if attempt is not None and attempt.paid_at:
        return {"paid": True}
    keys = stripe_keys()
    name = " ".join(v for k, v in values.items() if k in ("firstName", "lastName"))
    metadata = {"client": connection.schema_name, "checkoutForm": str(form.pk)}
    try:
        customer = sa.customer_create(
            keys, ref=f"{token}:{email}", email=email, name=name, metadata=metadata
        )
        intent = sa.setup_intent_create(
            keys, ref=f"{token}:{customer.id}", customer_id=customer.id, metadata=metadata
        )
    except stripe.StripeError as error:
        raise stripe_failure(error) from error
    CheckoutAttempt.objects.update_or_create(
        token=token,
        defaults={
            "form": form,
            "email": email,
            "values": values,
            "plan": plan,
            "quantity": quantity,
            "stripe_customer_id": customer.id,
            "setup_intent_id": intent.id,
        },
    )
    return {
        "clientSecret": intent.client_secret,
        "publishableKey": stripe_publishable_key(),
    }


def _card_of(keys, attempt: CheckoutAttempt) -> str:
    intent = sa.setup_intent_retrieve(keys, setup_intent_id=attempt.setup_intent_id)
    if intent.status != "succeeded" or not intent.payment_method:
        raise ValidationFailed(messages.PAY_CARD_MISSING)
    card = intent.payment_method
    return card if isinstance(card, str) else card.id


def _subscribe(keys, attempt: CheckoutAttempt, card: str):
    plan = attempt.plan
    ref = f"{attempt.token}:{card}"
    metadata = {
        "client": connection.schema_name,
        "checkoutForm": str(attempt.form_id),
        "plan": str(plan.pk),
    }
    trial_end = int(time.time()) + plan.trial_days * 86_400 if plan.trial_days else None
    if plan.setup_fee and trial_end is None:
        sa.invoice_item_create(
            keys,
            ref=ref,
            customer_id=attempt.stripe_customer_id,
            amount=plan.setup_fee,
            currency=plan.currency,
            description=f"{plan.name}: setup fee",
        )
    subscription = sa.subscription_create(
        keys,
        ref=ref,
        customer_id=attempt.stripe_customer_id,
        plan_id=plan.stripe_plan_id,
        quantity=attempt.quantity,
        trial_end=trial_end,
        metadata=metadata,
    )
    if subscription.status == "incomplete" and not trial_end:
        # The first payment failed: nothing half-made is left in Stripe either.
        sa.subscription_cancel(keys, subscription_id=subscription.id)
        raise CardDeclined(messages.PAY_FAILED)
    return subscription


def _order(keys, attempt: CheckoutAttempt, card: str):
    plan = attempt.plan
    metadata = {
        "client": connection.schema_name,
        "checkoutForm": str(attempt.form_id),
        "plan": str(plan.pk),
        "quantity": str(attempt.quantity),
    }
    intent = sa.payment_intent_create(
        keys,
        ref=f"{attempt.token}:{card}",
        customer_id=attempt.stripe_customer_id,
        payment_method_id=card,
        amount=plan.amount * attempt.quantity,
        currency=plan.currency,
        metadata=metadata,
    )
    if intent.status != "succeeded":
        raise CardDeclined(messages.PAY_FAILED)
    return intent


def checkout_pay(*, form: CheckoutForm, token: str) -> CheckoutAttempt:
    _open(form)
    attempt = (
        CheckoutAttempt.objects.select_related("plan", "form")
        .filter(token=token, form=form)
        .first()
    )
    if attempt is None:
        raise ValidationFailed(messages.PAY_CARD_MISSING)
    if attempt.paid_at:
        return attempt
    keys = stripe_keys()
    try:
        card = _card_of(keys, attempt)
        sa.customer_default_card_set(
            keys, customer_id=attempt.stripe_customer_id, payment_method_id=card
        )
        if attempt.plan.recurring:
            bought, intent = _subscribe(keys, attempt, card), None
        else:
            bought, intent = None, _order(keys, attempt, card)
    except stripe.CardError as error:
        raise _declined(error) from error
    except stripe.StripeError as error:
        raise stripe_failure(error) from error
    return _paid(attempt, subscription=bought, payment_intent=intent)


def _profile(attempt: CheckoutAttempt) -> int:
    """The buyer's profile, created (source chargeBrite) or updated, in the form's groups."""
    by_key = {f.key: f for f in form_field_list()}
    details, custom = {}, {}
    for key, value in attempt.values.items():
        known = by_key.get(key)
        if known is None:
            continue
        if key.startswith("custom."):
            custom[key.removeprefix("custom.")] = value
        elif known.column:
            details[known.column] = value
    group_ids = list(attempt.form.group_ids)
    profile = profile_by_email(attempt.email)
    if profile is None:
        return profile_create(
            client=_client(),
            email=attempt.email,
            group_ids=group_ids,
            custom=custom,
            source=CHARGEBRITE_SOURCE,
            **details,
        ).pk
    try:
        if details or custom:
            profile_update(profile=profile, custom=custom or None, **details)
    except PermissionDenied:  # a CRM profile: its fields are the CRM's
        pass
    for group_id in group_ids:
        profiles_group_add(profile_ids=[profile.pk], group_id=group_id)
    return profile.pk


def _paid(attempt: CheckoutAttempt, *, subscription, payment_intent) -> CheckoutAttempt:
    with transaction.atomic():
        attempt = CheckoutAttempt.objects.select_for_update().get(pk=attempt.pk)
        if attempt.paid_at:
            return attempt
        customer = customer_record(
            stripe_customer_id=attempt.stripe_customer_id, email=attempt.email
        )
        customer_profile_set(customer=customer, profile_id=_profile(attempt))
        plan = attempt.plan
        if subscription is not None:
            gifter = {k.removeprefix("gifter_"): attempt.values.get(k) for k in GIFTER_KEYS}
            synced = subscription_record(
                stripe_subscription=subscription,
                customer=customer,
                plan=plan,
                checkout_form_id=attempt.form_id,
                gifter=gifter,
            )
            attempt.subscription_id = synced.subscription.pk
            commerce_event(
                kind=CommerceEvent.Kind.STARTED,
                occurrence=f"start:{subscription.id}",
                customer=customer,
                subscription=synced.subscription,
                amount=plan.amount * attempt.quantity,
            )
            _receipt_subscription(attempt, synced.subscription, customer)
        else:
            order, _ = order_record(
                payment_intent=payment_intent,
                customer=customer,
                plan=plan,
                quantity=attempt.quantity,
                checkout_form_id=attempt.form_id,
            )
            attempt.order_id = order.pk
            commerce_event(
                kind=CommerceEvent.Kind.ORDER_PAID,
                occurrence=f"order:{payment_intent.id}",
                customer=customer,
                order=order,
                amount=order.amount,
            )
            _receipt_order(attempt, order)
        attempt.paid_at = timezone.now()
        attempt.save(update_fields=["subscription_id", "order_id", "paid_at"])
    return attempt


def portal_link(customer_id: int) -> str:
    """The shopper's signed self-service link (cancel, change card, invoices)."""
    token = signing.dumps([connection.schema_name, customer_id], salt=PORTAL_SALT)
    return pages_url(connection.schema_name, f"/co/portal/{token}")


def portal_customer_id(token: str) -> int | None:
    max_age = settings.COMMERCE_PORTAL_MAX_AGE_DAYS * 86_400
    try:
        schema, customer_id = signing.loads(token, salt=PORTAL_SALT, max_age=max_age)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return customer_id if schema == connection.schema_name else None


def _send(attempt: CheckoutAttempt, *, source_id: int, part: str, lines: list[str]) -> None:
    client = _client()
    body = "".join(f"<p>{html.escape(line).replace('%', '&#37;')}</p>" for line in lines)
    addresses_send(
        addresses=[attempt.email],
        source_id=source_id,
        part=part,
        subject=messages.RECEIPT_SUBJECT.format(client=client.name),
        html=f"<html><body>{body}</body></html>",
        text="\n\n".join(lines),
        from_name=client.name,
        from_address=settings.COMMERCE_RECEIPT_FROM_ADDRESS,
    )


def _receipt_subscription(attempt: CheckoutAttempt, subscription, customer) -> None:
    plan: Plan = attempt.plan
    amount = money(plan.amount * subscription.quantity, plan.currency)
    if subscription.status == "trialing":
        line = messages.RECEIPT_TRIAL.format(
            plan=plan.name, trial_end=end_date_display(subscription.trial_end)
        )
    else:
        line = messages.RECEIPT_SUBSCRIPTION.format(
            plan=plan.name,
            amount=amount,
            cycle=billing_cycle(plan.interval, plan.interval_count),
            next=end_date_display(subscription.current_period_end),
        )
    portal = messages.RECEIPT_PORTAL.format(link=portal_link(customer.pk))
    _send(
        attempt,
        source_id=subscription.pk,
        part=f"{RECEIPT_PART}:subscription",
        lines=[line, portal],
    )


def _receipt_order(attempt: CheckoutAttempt, order) -> None:
    line = messages.RECEIPT_ORDER.format(
        quantity=order.quantity, plan=attempt.plan.name, amount=money(order.amount, order.currency)
    )
    _send(attempt, source_id=order.pk, part=f"{RECEIPT_PART}:order", lines=[line])
