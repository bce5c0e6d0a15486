"""A client's shop, in its own schema: its Stripe account, its catalogue (products and
plans, created in Stripe, their ids kept here), its customers, subscriptions and orders,
what happened to them (the events segments and workflows read) and the Stripe events
received (each once). Money is integer minor units with an ISO currency code."""

from django.db import models


class StripeAccount(models.Model):
    """The client's Stripe account (one row): a Connect account id under the platform's
    keys, or keys of its own (the secret sealed, core/sealing.py). Neither: the platform
    account, or localstripe when the platform has no key (settings)."""

    connect_account_id = models.CharField(max_length=255, blank=True)
    secret_key_sealed = models.TextField(blank=True)
    publishable_key = models.CharField(max_length=255, blank=True)
    updated_at = models.DateTimeField(auto_now=True)


class Product(models.Model):
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    stripe_product_id = models.CharField(max_length=255, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]


class Plan(models.Model):
    class Interval(models.TextChoices):
        ONE_TIME = "one_time"
        DAY = "day"
        WEEK = "week"
        MONTH = "month"
        YEAR = "year"

    product = models.ForeignKey(Product, on_delete=models.PROTECT, related_name="plans")
    name = models.CharField(max_length=200)
    amount = models.PositiveBigIntegerField()  # minor units (cents)
    currency = models.CharField(max_length=3, default="usd")  # ISO 4217, lower case
    interval = models.CharField(max_length=10, choices=Interval.choices)
    interval_count = models.PositiveSmallIntegerField(default=1)
    trial_days = models.PositiveSmallIntegerField(default=0)
    setup_fee = models.PositiveBigIntegerField(default=0)  # minor units, first invoice only
    max_quantity = models.PositiveSmallIntegerField(default=1)
    # Stripe's plan for a recurring plan; a one-time plan is charged by a PaymentIntent.
    stripe_plan_id = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["product__name", "amount", "id"]

    @property
    def recurring(self) -> bool:
        return self.interval != self.Interval.ONE_TIME


class Customer(models.Model):
    email = models.EmailField(max_length=254)
    name = models.CharField(max_length=200, blank=True)
    stripe_customer_id = models.CharField(max_length=255, unique=True)
    profile_id = models.BigIntegerField(null=True)  # audience's profile (marketing)
    created_at = models.DateTimeField(auto_now_add=True)


class Subscription(models.Model):
    """Stripe's subscription as last fetched (never an event's copy)."""

    stripe_subscription_id = models.CharField(max_length=255, unique=True)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="subscriptions")
    plan = models.ForeignKey(Plan, on_delete=models.PROTECT, related_name="subscriptions")
    checkout_form_id = models.BigIntegerField(null=True)
    quantity = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=30)
    start_at = models.DateTimeField(null=True)
    current_period_start = models.DateTimeField(null=True)
    current_period_end = models.DateTimeField(null=True)
    trial_start = models.DateTimeField(null=True)
    trial_end = models.DateTimeField(null=True)
    cancel_at_period_end = models.BooleanField(default=False)
    canceled_at = models.DateTimeField(null=True)
    ended_at = models.DateTimeField(null=True)
    gifter_name = models.CharField(max_length=200, blank=True)
    gifter_email = models.EmailField(max_length=254, blank=True)
    gifter_phone = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class Order(models.Model):
    """A one-time purchase: one PaymentIntent."""

    stripe_payment_intent_id = models.CharField(max_length=255, unique=True)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="orders")
    plan = models.ForeignKey(Plan, on_delete=models.PROTECT, related_name="orders")
    checkout_form_id = models.BigIntegerField(null=True)
    quantity = models.PositiveIntegerField(default=1)
    amount = models.PositiveBigIntegerField()
    amount_refunded = models.PositiveBigIntegerField(default=0)
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=30)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class CommerceEvent(models.Model):
    """What happened to a customer's subscription or order (spec 3's chargeBrite events):
    segments filter on them, workflows start from them. One per occurrence."""

    class Kind(models.TextChoices):
        STARTED = "subscriptionStarted"
        TRIAL_ENDING = "trialEnding"
        RENEWED = "subscriptionRenewed"
        PAYMENT_FAILED = "paymentFailed"
        CANCELLED = "subscriptionCancelled"
        REFUNDED = "refunded"
        ORDER_PAID = "orderPaid"

    kind = models.CharField(max_length=30, choices=Kind.choices)
    occurrence = models.CharField(max_length=255, unique=True)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="events")
    subscription = models.ForeignKey(Subscription, null=True, on_delete=models.PROTECT)
    order = models.ForeignKey(Order, null=True, on_delete=models.PROTECT)
    amount = models.BigIntegerField(default=0)
    occurred_at = models.DateTimeField()

    class Meta:
        ordering = ["-occurred_at", "-id"]


class StripeEvent(models.Model):
    """A webhook event received: its id once (a redelivery finds it and changes nothing)."""

    stripe_event_id = models.CharField(max_length=255, unique=True)
    type = models.CharField(max_length=100)
    object_id = models.CharField(max_length=255)
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True)
    # The sweep's tries of an event that keeps failing; set aside after the last one, so it
    # never holds back the events behind it.
    sweep_attempts = models.PositiveSmallIntegerField(default=0)
    set_aside_at = models.DateTimeField(null=True)
