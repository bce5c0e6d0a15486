"""Email events (tenant schema): one row per thing that happened to one message of one
profile, appended by the delivery and tracking pipelines and never updated (a trigger
refuses UPDATE; deleting old rows is the only other write). Read by segments' activity
rules (selectors.py) and, later, by reports.

Columns are plain ids, not foreign keys: the campaign and workflow apps do not exist yet,
and a profile's events outlive its soft delete. Types are small integers (EventType): the
activity index is (type, occurred_at, profile_id), so every byte of it is paid 10 million
times."""

from django.db import models
from django.db.models import Q
from django.utils import timezone


class EventType(models.IntegerChoices):
    """Stored as a smallint; the wire and the rule tree use the names (`EVENT_NAMES`)."""

    SENT = 1, "Sent"
    DELIVERED = 2, "Delivered"
    OPENED = 3, "Opened"
    CLICKED = 4, "Clicked"
    BOUNCED = 5, "Bounced"
    COMPLAINED = 6, "Complained"
    UNSUBSCRIBED = 7, "Unsubscribed"


# The rule tree's and the API's names of each type.
EVENT_NAMES: dict[str, EventType] = {
    "sent": EventType.SENT,
    "delivered": EventType.DELIVERED,
    "opened": EventType.OPENED,
    "clicked": EventType.CLICKED,
    "bounced": EventType.BOUNCED,
    "complained": EventType.COMPLAINED,
    "unsubscribed": EventType.UNSUBSCRIBED,
}


class EmailEvent(models.Model):
    id = models.BigAutoField(primary_key=True)
    profile_id = models.BigIntegerField()
    # Exactly what sent the message: a campaign, or a workflow's email step.
    campaign_id = models.BigIntegerField(null=True, blank=True)
    workflow_step_id = models.BigIntegerField(null=True, blank=True)
    # Clicks: the campaign's link and the SHA-256 of the URL clicked (links are rewritten
    # per campaign; the hash groups the same URL across campaigns).
    link_id = models.BigIntegerField(null=True, blank=True)
    url_hash = models.BinaryField(max_length=32, null=True, blank=True)
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    # A bot or scanner click, a proxy's (Apple Mail Privacy Protection) open: stored for
    # reports, never counted by an activity rule.
    machine = models.BooleanField(default=False)
    occurred_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            # Activity rules: "opened (any campaign) in the last 30 days, at least N
            # times" is an index-only range scan of this partial index (human events).
            models.Index(
                fields=["event_type", "occurred_at", "profile_id"],
                name="event_human_type_time",
                condition=Q(machine=False),
            ),
            # "... of campaign X": the campaign's events of one type.
            models.Index(
                fields=["campaign_id", "event_type", "occurred_at", "profile_id"],
                name="event_human_campaign",
                condition=Q(machine=False, campaign_id__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(campaign_id__isnull=True) | Q(workflow_step_id__isnull=True),
                name="event_one_sender",
            )
        ]
