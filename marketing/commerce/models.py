"""Checkout forms (tenant schema): what a shopper fills and pays on the pages host.

A checkout form (spec 2.4 /createcf, /checkoutForms) sells subscriptions to recurring
plans; an order form (/createcf-order, /checkoutForms-order) sells one-time plans. Both
choose at least one plan (spec 5.10), the profile fields asked, the groups the buyer's
profile joins, and a layout (spec 3: multiple tabs or single page). Statuses (spec 3):
Draft, Published, Unpublished (spec 4: captures nothing), Replicated (a copy of another
form, not yet published) and Delete (gone from every list; kept for the records that
name it)."""

import uuid

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


class CheckoutStatus(models.TextChoices):
    DRAFT = "Draft"
    PUBLISHED = "Published"
    UNPUBLISHED = "Unpublished"
    REPLICATED = "Replicated"
    DELETE = "Delete"


class CheckoutKind(models.TextChoices):
    SUBSCRIPTION = "subscription"  # recurring plans
    ORDER = "order"  # one-time plans


class CheckoutLayout(models.TextChoices):
    MULTIPLE_TABS = "multipleTabs"
    SINGLE_PAGE = "singlePage"


class CheckoutForm(models.Model):
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=20, choices=CheckoutKind.choices)
    status = models.CharField(
        max_length=20, choices=CheckoutStatus.choices, default=CheckoutStatus.DRAFT
    )
    layout = models.CharField(
        max_length=20, choices=CheckoutLayout.choices, default=CheckoutLayout.SINGLE_PAGE
    )
    # The public page's address on the pages host: /<schema>/co/<key>.
    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    title = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    plans = models.ManyToManyField("billing.Plan", related_name="checkout_forms")
    # Profile fields asked besides the email (their registry keys: firstName, city, ...).
    field_keys = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    group_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    gift_enabled = models.BooleanField(default=False)
    collect_address = models.BooleanField(default=False)
    button_label = models.CharField(max_length=60, blank=True)
    success_message = models.TextField(blank=True)
    replicated_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                condition=~Q(status="Delete"),
                name="checkout_form_name_ci_unique",
            )
        ]


class CheckoutAttempt(models.Model):
    """One shopper's try at paying, named by the random token its page carried. Its
    Stripe calls are keyed by it (a double click is the same call; a second card is a new
    call), and its outcome is kept, so a repeated submit answers what the first did.

    `start` writes the shopper's choices and makes the Stripe customer and the SetupIntent
    their browser confirms the card with (Stripe.js); `pay` charges that card. Nothing is
    recorded as bought until Stripe says it was paid."""

    token = models.CharField(max_length=64, unique=True)
    form = models.ForeignKey(CheckoutForm, on_delete=models.PROTECT, related_name="attempts")
    email = models.EmailField(max_length=254)
    values = models.JSONField(default=dict)  # profile fields and gifter, by key
    plan = models.ForeignKey("billing.Plan", on_delete=models.PROTECT, related_name="+")
    quantity = models.PositiveIntegerField(default=1)
    stripe_customer_id = models.CharField(max_length=255, blank=True)
    setup_intent_id = models.CharField(max_length=255, blank=True)
    subscription_id = models.BigIntegerField(null=True)  # billing.Subscription
    order_id = models.BigIntegerField(null=True)  # billing.Order
    created_at = models.DateTimeField(default=timezone.now)
    paid_at = models.DateTimeField(null=True)
