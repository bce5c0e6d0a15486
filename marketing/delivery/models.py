"""The send ledger (tenant schema).

A `Send` is one thing being sent: a campaign (or one of its A/B variants' sends), a
workflow's email step, or a test. It keeps a snapshot of what goes out (subject, HTML,
text, sender), so editing a template after the start changes nothing already under way.

A `Delivery` is one row per (send, profile): the database, never the queue, says who gets
mail and what happened. Its state moves only forward through the services
(services/ledger.py):

    pending -> claimed -> sent | failed | suppressed
                       -> deferred | unknown -> claimed (again, after next_attempt_at)

A claim holds a lease; a worker that dies leaves its rows claimed until the lease expires
and the sweeper hands them out again. Profile ids are plain ids, like the event table's:
the ledger outlives a profile's soft delete.
"""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


class SendKind(models.TextChoices):
    CAMPAIGN = "campaign", "Campaign"
    WORKFLOW_STEP = "workflowStep", "Workflow email"
    TEST = "test", "Test send"
    TRANSACTIONAL = "transactional", "Transactional"


class SendStatus(models.TextChoices):
    SENDING = "sending", "Sending"
    PAUSED = "paused", "Paused"
    FINISHED = "finished", "Finished"
    CANCELLED = "cancelled", "Cancelled"


class Send(models.Model):
    kind = models.CharField(max_length=20, choices=SendKind.choices)
    # The campaign's or workflow step's id; a second start of the same one finds this row.
    source_id = models.BigIntegerField(null=True, blank=True)
    # Which of the source's sends this is: "" its main send; for a campaign also an A/B
    # variant's ("A", "B", "C"), the winner's ("W"), a resend's ("resendUnopened",
    # "resendUnclicked") or an RSS issue's ("rss:<digest of its newest item>"). One send per
    # (kind, source, part): a repeated start finds it.
    part = models.CharField(max_length=80, blank=True, default="", db_default="")
    status = models.CharField(max_length=20, choices=SendStatus.choices, default="sending")
    # Why a send was paused, in words the client reads (e.g. a receiver refusing the sender).
    status_message = models.CharField(max_length=500, blank=True)
    subject = models.CharField(max_length=998)
    html = models.TextField(blank=True)
    text = models.TextField(blank=True)
    from_name = models.CharField(max_length=100)
    from_address = models.EmailField(max_length=254)
    reply_to = models.EmailField(max_length=254, blank=True)
    list_name = models.CharField(max_length=100, blank=True)  # List-Id's phrase
    # An RSS issue's feed (getRSSXML's channel, its new items only): the RSS_ tags and
    # RSS_ITEMS blocks every recipient's message renders.
    rss_channel = models.JSONField(null=True, blank=True)
    max_attempts = models.PositiveSmallIntegerField(default=8)
    # Runs on the transactional lane (services/transactional.py): test sends and
    # transactional mail, never queued behind a broadcast.
    transactional = models.BooleanField(default=False)
    # Each message links to its copy in the browser (the campaign settings' "view in
    # browser"): the viewInBrowserLink tag gets a value, else it renders empty.
    view_in_browser = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "source_id", "part"],
                condition=Q(source_id__isnull=False),
                name="send_one_per_source_part",
            )
        ]


class DeliveryState(models.IntegerChoices):
    """Stored as a smallint (one ledger row per recipient of every send)."""

    PENDING = 0, "Pending"
    CLAIMED = 1, "Claimed"
    SENT = 2, "Sent"
    DEFERRED = 3, "Deferred"
    UNKNOWN = 4, "Unknown"
    FAILED = 5, "Failed"
    SUPPRESSED = 6, "Suppressed"


# States a send is not finished with: someone still has to try (or find out).
OPEN_STATES = (
    DeliveryState.PENDING,
    DeliveryState.CLAIMED,
    DeliveryState.DEFERRED,
    DeliveryState.UNKNOWN,
)


class Delivery(models.Model):
    id = models.BigAutoField(primary_key=True)
    # No index of its own: delivery_one_per_profile (send, profile_id) serves every look
    # by send, and one index fewer is one entry fewer for each claim and outcome to write.
    send = models.ForeignKey(
        Send, on_delete=models.CASCADE, related_name="deliveries", db_index=False
    )
    profile_id = models.BigIntegerField()
    email = models.CharField(max_length=254)
    variant = models.CharField(max_length=1, blank=True)  # A/B/C, W for the winner
    # Rep as Sender: this recipient's own From (their rep's); blank: the send's.
    from_name = models.CharField(max_length=100, blank=True, default="", db_default="")
    from_address = models.CharField(max_length=254, blank=True, default="", db_default="")
    reply_to = models.CharField(max_length=254, blank=True, default="", db_default="")
    state = models.PositiveSmallIntegerField(
        choices=DeliveryState.choices, default=DeliveryState.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    last_reply = models.CharField(max_length=500, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["send", "profile_id"], name="delivery_one_per_profile")
        ]
        indexes = [
            # The claim: a send's open rows in the order they become due, ties (a frozen
            # audience is due all at once) by id, so a claim reads its batch's entries
            # and stops instead of sorting every open row of the send.
            models.Index(
                fields=["send", "next_attempt_at", "id"],
                name="delivery_open_due",
                condition=Q(state__in=[0, 1, 3, 4]),
            ),
            # The claim's look for rows whose every run died (few: the claimed ones).
            models.Index(
                fields=["send", "lease_expires_at"],
                name="delivery_claimed_lease",
                condition=Q(state=1),
            ),
            # What was sent since a moment (the breaker's window, the monthly limit).
            models.Index(
                fields=["sent_at"], name="delivery_sent_at", condition=Q(sent_at__isnull=False)
            ),
            # A profile's refused rows, for its bounce history (few rows: failed only).
            models.Index(
                fields=["profile_id"],
                name="delivery_failed_profile",
                condition=Q(state=5),
            ),
        ]


class SuppressionReason(models.TextChoices):
    HARD_BOUNCE = "hardBounce", "Hard bounce"
    COMPLAINT = "complaint", "Spam complaint"


class Suppression(models.Model):
    """An address no send may mail again (hard bounces and complaints), kept by address so
    that it holds for a profile re-imported later."""

    email = models.CharField(max_length=254, unique=True)  # lower case
    reason = models.CharField(max_length=20, choices=SuppressionReason.choices)
    detail = models.CharField(max_length=500, blank=True)
    # From a test send's bounce or complaint: the address stays suppressed, but the breaker
    # does not count it (test sends are out of its sent count too).
    from_test_send = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(default=timezone.now)


class DkimKey(models.Model):
    """A signing key of one of the client's sending domains (the domain screens of the
    campaigns issue create them; the public half is what the client publishes in DNS)."""

    domain = models.CharField(max_length=253)
    selector = models.CharField(max_length=63)
    algorithm = models.CharField(max_length=10, default="rsa")  # rsa | ed25519
    # The private key's PEM sealed (core.sealing), as ESP credentials are: a copy of the
    # database alone cannot sign as the client.
    private_key_sealed = models.TextField()
    dns_txt = models.TextField()
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["domain", "selector"], name="dkim_key_selector")
        ]


class DeliveryReport(models.Model):
    """A bounce or complaint received for a delivery, kept once per kind: a receiver that
    sends the same report twice counts once."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="reports")
    kind = models.CharField(max_length=20)  # bounces.NoticeKind
    # bounce_reading.Reason: why (user unknown, blocked, mailbox full...); '' for reports
    # recorded before reasons were read.
    reason = models.CharField(max_length=20, blank=True)
    status = models.CharField(max_length=10, blank=True)
    diagnostic = models.CharField(max_length=500, blank=True)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["delivery", "kind"], name="delivery_report_once")
        ]
        indexes = [
            # The breaker's count of bounces that blame the sender since a moment.
            models.Index(
                fields=["received_at"],
                name="delivery_report_sender",
                condition=Q(reason__in=["blocked", "spamDetected", "policy", "rateLimited"]),
            ),
        ]


class UpdatePreferences(models.Model):
    """An update-preferences page (spec 2.4 /updatePreferences/:upId, 5.5): what a person
    who follows a message's preferences link may choose. Every client has a default one
    (migration 0003, which runs in every new schema too); the default cannot be deleted
    (services/preferences.py). The builders of the forms issue add others."""

    name = models.CharField(max_length=100)
    heading = models.CharField(max_length=200)
    intro = models.CharField(max_length=1000, blank=True)
    # The groups (topics) a person may join or leave on the page, in the client's words.
    groups = models.ManyToManyField("audience.Group", blank=True, related_name="+")
    offer_unsubscribe_all = models.BooleanField(default=True)
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            # Spec 5.4: duplicate names are refused, whatever their case.
            models.UniqueConstraint(Lower("name"), name="update_preferences_name_ci_unique"),
            models.UniqueConstraint(
                fields=["is_default"],
                condition=Q(is_default=True),
                name="update_preferences_one_default",
            ),
        ]


class TransportKind(models.TextChoices):
    SMTP = "smtp", "SMTP relay"
    MAILGUN = "mailgun", "Mailgun"
    POSTMARK = "postmark", "Postmark"
    AMAZON_SES = "amazonSes", "Amazon SES"


class SendingTransport(models.Model):
    """How the client's mail leaves (esp.py, transport.py): the platform's SMTP relay, or
    an account of the client's at an ESP. One row per sender domain; the row with an empty
    domain holds for every domain without its own; no row at all means the SMTP relay.

    `credentials` (a JSON object: api key, server token, access keys) and `webhook_secret`
    (the user:password the ESP's webhook calls us with) are sealed (core.sealing)."""

    sender_domain = models.CharField(max_length=253, blank=True)  # lower case; "" = default
    kind = models.CharField(max_length=20, choices=TransportKind.choices)
    credentials = models.TextField(blank=True)
    webhook_secret = models.TextField(blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["sender_domain"], name="transport_one_per_domain")
        ]


class PaceKind(models.TextChoices):
    SENDER = "sender", "Sending domain"
    RECIPIENT_DOMAIN = "recipientDomain", "Receiving domain"


class DeliveryPace(models.Model):
    """The client's own rate for one of its sending domains or for a receiving domain
    (gmail.com...), in messages per minute; 0 = no limit. Without a row the settings'
    rates hold (DELIVERY_SENDER_PER_MINUTE, DELIVERY_DOMAIN_RATES...)."""

    kind = models.CharField(max_length=20, choices=PaceKind.choices)
    domain = models.CharField(max_length=253)  # lower case
    per_minute = models.PositiveIntegerField()
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "domain"], name="delivery_pace_one_per_domain")
        ]


class SendingHealth(models.Model):
    """The client's breaker (services/breaker.py), one row: tripped when complaints or
    hard bounces ran too high; then no campaign is scheduled, started or resumed until an
    admin resumes sending. Rates are counted from `counted_from` (the last resume) on."""

    tripped_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True)
    sent = models.PositiveIntegerField(default=0)  # the window's figures at the trip
    hard_bounces = models.PositiveIntegerField(default=0)
    complaints = models.PositiveIntegerField(default=0)
    counted_from = models.DateTimeField(null=True, blank=True)
    resumed_at = models.DateTimeField(null=True, blank=True)
    resumed_by = models.CharField(max_length=254, blank=True)
    # The trip (its tripped_at) the client's admins were told of: one mail per trip.
    alerted_trip_at = models.DateTimeField(null=True, blank=True)
