"""Campaigns (tenant schema): the campaign, the client's campaign types, and the client's
global campaign settings.

A campaign holds what a marketer chose (details, audience, sender, content, settings,
schedule, resends, A/B variants); what goes out is snapshotted into the delivery ledger
(`marketing.delivery`) when it starts, so a template edited later changes nothing already
sent. Its status follows that send (services/campaign_launch.py, `campaign_statuses_follow`)."""

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone


class CampaignStatus(models.TextChoices):
    """Spec 3's statuses, plus Sending and Paused: a started campaign's send is under way
    or stopped (by a person, or by the pipeline when a receiver refuses the sender)."""

    DRAFT = "Draft"
    SCHEDULED = "Scheduled"
    SENDING = "Sending"
    PAUSED = "Paused"
    SENT = "Sent"
    FAILED = "Failed"
    PUBLISHED = "Published"
    UNPUBLISHED = "Unpublished"


# Spec 4: editing is allowed only in these.
EDITABLE_STATUSES = (
    CampaignStatus.DRAFT,
    CampaignStatus.PUBLISHED,
    CampaignStatus.UNPUBLISHED,
    CampaignStatus.SCHEDULED,
)


class CampaignKind(models.TextChoices):
    """Spec 3's campaign types (wire field `type`)."""

    REGULAR = "Regular"
    AB = "AB"
    WORKFLOW = "Workflow"
    MAILCHIMP = "MailChimp"
    RSS = "RSS Feed"
    POLL = "Poll"
    REENGAGEMENT = "Re-Engmt"


class CampaignSubType(models.TextChoices):
    """Spec 3's sub-types (automated mails of the parent suite's modules)."""

    NONE = "", "None"
    INVOICE = "invoice", "Invoices"
    PREPAY = "prepay", "Prepay"
    BATCH_BILLING = "batchBilling", "Batch billing"
    LATE_NOTICE = "lateNotice", "Late notices"
    SALES_MODULE = "salesModule", "Sales module"
    REVENUE_GOALS = "revenueGoals", "Revenue and goals"
    ANALYTICS_DASHBOARD = "analyticsDashboard", "Analytics dashboard"
    DIGITAL_MEDIA_REPORT = "digitalMediaReport", "Digital media reports"


class ContentType(models.TextChoices):
    """Spec 3's HTML content types."""

    PLAIN_TEXT = "plainText"
    DESIGNER = "designer"
    HTML = "html"


class ResendStatus(models.IntegerChoices):
    """Spec 4's resend delivery status codes."""

    NOT_SCHEDULED = 0
    SCHEDULED = 1
    DELIVERED = 2
    FAILED = 3


class CampaignType(models.Model):
    """A client's category of campaigns (/campaignTypeList): private or public, enabled or
    disabled. A private type's campaigns go to few recipients (CAMPAIGN_PRIVATE_RECIPIENT_LIMIT);
    at most CAMPAIGN_TYPE_ACTIVE_LIMIT types are enabled at once."""

    name = models.CharField(max_length=100)
    is_private = models.BooleanField(default=False)
    is_enabled = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="campaign_type_name_ci_unique")]


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=12, choices=CampaignKind.choices, default="Regular")
    sub_type = models.CharField(
        max_length=20, choices=CampaignSubType.choices, default="", blank=True
    )
    campaign_type = models.ForeignKey(
        CampaignType, null=True, blank=True, on_delete=models.PROTECT, related_name="campaigns"
    )
    status = models.CharField(
        max_length=12, choices=CampaignStatus.choices, default=CampaignStatus.DRAFT
    )
    # Why it failed or is paused, in words the client reads.
    status_message = models.CharField(max_length=500, blank=True)
    # Where a paused campaign goes back to on resume (Scheduled or Sending).
    paused_from = models.CharField(max_length=12, blank=True)

    # audience: groups and segments (a profile in several is mailed once)
    group_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)
    segment_ids = ArrayField(models.BigIntegerField(), default=list, blank=True)

    # sender: the senders app's sender, and the name and address the mail carries
    sender_id = models.BigIntegerField(null=True, blank=True)
    from_name = models.CharField(max_length=100, blank=True)
    from_address = models.CharField(max_length=254, blank=True)
    reply_to = models.CharField(max_length=254, blank=True)

    # content: from a template (copied when the campaign starts)
    content_type = models.CharField(
        max_length=10, choices=ContentType.choices, default=ContentType.DESIGNER
    )
    template_id = models.BigIntegerField(null=True, blank=True)
    header_id = models.BigIntegerField(null=True, blank=True)
    footer_id = models.BigIntegerField(null=True, blank=True)
    subject = models.CharField(max_length=255, blank=True)
    preview_text = models.CharField(max_length=255, blank=True)

    # local setting (spec 3)
    exclude_system_utm = models.BooleanField(default=False)
    # A warm-up campaign (spec 5.2): sent to build a new domain's reputation, it needs at
    # least CAMPAIGN_WARMUP_MIN_RECIPIENTS recipients; any other campaign may be small.
    is_warmup = models.BooleanField(default=False)

    # schedule: an instant (shown and entered in the client's time zone)
    scheduled_at = models.DateTimeField(null=True, blank=True)
    # Each recipient gets it at the schedule's wall-clock time in their own zone.
    send_in_recipient_zone = models.BooleanField(default=False)

    # resends (spec 3 resendCampaignData, resendToOpenButNotClicked; spec 4 status codes)
    resend_unopened = models.BooleanField(default=False)
    resend_unopened_days = models.PositiveSmallIntegerField(null=True, blank=True)
    resend_unopened_time = models.TimeField(null=True, blank=True)
    resend_unopened_subject = models.CharField(max_length=255, blank=True)
    resend_unopened_status = models.PositiveSmallIntegerField(
        choices=ResendStatus.choices, default=ResendStatus.NOT_SCHEDULED
    )
    resend_unopened_scheduled_at = models.DateTimeField(null=True, blank=True)
    resend_unopened_processed_at = models.DateTimeField(null=True, blank=True)
    resend_unclicked = models.BooleanField(default=False)
    resend_unclicked_days = models.PositiveSmallIntegerField(null=True, blank=True)
    resend_unclicked_time = models.TimeField(null=True, blank=True)
    resend_unclicked_subject = models.CharField(max_length=255, blank=True)
    resend_unclicked_status = models.PositiveSmallIntegerField(
        choices=ResendStatus.choices, default=ResendStatus.NOT_SCHEDULED
    )
    resend_unclicked_scheduled_at = models.DateTimeField(null=True, blank=True)
    resend_unclicked_processed_at = models.DateTimeField(null=True, blank=True)

    # A/B (spec 3, 4): variants A, B (C) on the subject or the content, a test share, a
    # winning rule; the winner W, once picked, never changes and goes to the rest.
    ab_test_on = models.CharField(max_length=10, blank=True)  # subject | content
    ab_variants = models.JSONField(default=list, blank=True)  # [{name, subject, templateId}]
    ab_test_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    ab_winner_rule = models.CharField(max_length=10, blank=True)  # opens | clicks
    ab_winner_after_hours = models.PositiveSmallIntegerField(null=True, blank=True)
    ab_winner = models.CharField(max_length=1, blank=True)
    ab_winner_picked_at = models.DateTimeField(null=True, blank=True)

    # RSS (spec 3 rssFeedObject) and poll (spec 4)
    rss_url = models.CharField(max_length=2000, blank=True)
    rss_frequency = models.CharField(max_length=10, blank=True)  # Day | Week | Month
    rss_article_count = models.PositiveSmallIntegerField(null=True, blank=True)
    # The newest item the last issue carried: the next issue goes out only when the feed
    # has items newer than this one (services/rss.py).
    rss_last_item_guid = models.CharField(max_length=2000, blank=True)
    rss_last_item_at = models.DateTimeField(null=True, blank=True)
    poll_expires_at = models.DateTimeField(null=True, blank=True)

    # the delivery ledger's send, once started
    send_id = models.BigIntegerField(null=True, blank=True)
    recipient_count = models.IntegerField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="campaign_name_ci_unique"),
            models.CheckConstraint(
                condition=Q(status__in=CampaignStatus.values), name="campaign_status_known"
            ),
        ]
        indexes = [
            # the beat's question: which scheduled campaigns are due
            models.Index(
                fields=["scheduled_at"],
                name="campaign_due",
                condition=Q(status="Scheduled"),
            ),
            models.Index(fields=["status", "-updated_at"], name="campaign_by_status"),
            models.Index(fields=["-updated_at", "-id"], name="campaign_by_updated"),
        ]


class CampaignSettings(models.Model):
    """The client's global campaign settings (spec 3): one row per schema."""

    key = models.PositiveSmallIntegerField(default=1, unique=True, editable=False)
    email_preview_text = models.BooleanField(default=True)
    products_mapping = models.BooleanField(default=False)
    use_rep_as_sender = models.BooleanField(default=False)
    view_in_browser = models.BooleanField(default=True)
    auto_save_content = models.BooleanField(default=True)
    # The client's postal address, printed in every campaign's footer (CAN-SPAM and the
    # mailbox providers' bulk-sender rules): a campaign is not sent while it is empty.
    postal_address = models.CharField(max_length=500, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)
