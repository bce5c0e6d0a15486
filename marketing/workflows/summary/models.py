"""Summary notifications (tenant schema).

A `SummaryNotification` is the schedule of a workflow whose trigger type is
summaryNotification: how often, at what time of the client's zone, which period the digest
covers and who receives it. `next_due_at` is the next occurrence, found by the sweep
(digests.py) through a partial index: the schedule is due times in the database, never a
broker countdown.

A `SummaryDigest` is one digest sent: the occurrence it was due at (unique per
notification, so a period's digest is made once however often the sweep runs), the period
it covers, the figures it carried and the delivery send that took it to the recipients.
"""

from datetime import time

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q


class SummaryFrequency(models.TextChoices):
    DAY = "Day"
    WEEK = "Week"
    MONTH = "Month"


class SummaryPeriod(models.TextChoices):
    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    QUARTER = "quarter"


class MonthDayMode(models.TextChoices):
    """A monthly schedule's days: any of 1-31, or the spec's customised choices."""

    MONTH_DAYS = "monthDays"
    CUSTOMISED = "customised"


class SummaryNotification(models.Model):
    workflow = models.OneToOneField(
        "workflows.Workflow", on_delete=models.CASCADE, related_name="summary_notification"
    )
    frequency = models.CharField(max_length=10, choices=SummaryFrequency.choices)
    weekdays = ArrayField(models.PositiveSmallIntegerField(), default=list, blank=True)
    month_day_mode = models.CharField(
        max_length=12, choices=MonthDayMode.choices, default=MonthDayMode.MONTH_DAYS
    )
    month_days = ArrayField(models.PositiveSmallIntegerField(), default=list, blank=True)
    send_time = models.TimeField(default=time(9, 0))  # the client's wall-clock time
    period = models.CharField(
        max_length=10, choices=SummaryPeriod.choices, default=SummaryPeriod.TODAY
    )
    recipients = ArrayField(models.CharField(max_length=254), default=list)
    active = models.BooleanField(default=True)
    next_due_at = models.DateTimeField(null=True, blank=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["next_due_at"], condition=Q(active=True), name="summary_notification_due"
            )
        ]


class SummaryDigest(models.Model):
    notification = models.ForeignKey(
        SummaryNotification, on_delete=models.CASCADE, related_name="digests"
    )
    due_at = models.DateTimeField()
    period = models.CharField(max_length=10, choices=SummaryPeriod.choices)
    period_start = models.DateTimeField()
    period_end = models.DateTimeField()
    subject = models.CharField(max_length=255)
    recipients = ArrayField(models.CharField(max_length=254), default=list)
    # {"campaignsSent": n, "opens": n, "clicks": n, "newProfiles": n,
    #  "formConversions": n, "unsubscribes": n}
    figures = models.JSONField(default=dict)
    # What the parent suite's CRM adapter gave (crm.py): {} until an integration supplies it.
    crm = models.JSONField(default=dict, blank=True)
    send_id = models.BigIntegerField(null=True, blank=True)  # delivery.Send
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["notification", "due_at"], name="summary_digest_once")
        ]
        indexes = [models.Index(fields=["-created_at"], name="summary_digest_created")]
