"""Email events (tenant schema): one row per thing that happened to one message of one
profile, appended by the delivery and tracking pipelines and never updated (a trigger
refuses UPDATE; deleting old rows is the only other write). Read by segments' activity
rules (selectors.py) and reports' recipient lists; a campaign report reads the roll-ups
at the end of this module, which a trigger keeps in step with every insert.

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
    # An open nobody saw the pixel of, counted because a person clicked in the message
    # (images blocked or no pixel): so opens are never fewer than clickers.
    inferred = models.BooleanField(default=False, db_default=False)
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
            # "... of campaign X": the campaign's events of one type; and the campaign
            # report's recipient lists, which read it in profile order. A window on one
            # campaign filters inside the index instead.
            models.Index(
                fields=["campaign_id", "event_type", "profile_id", "occurred_at"],
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


class TrackedSend(models.Model):
    """A send whose messages carry tracking: what its events name (its campaign or workflow
    step) and whether they are recorded at all (a test send's are not). Written once when
    the send's first run starts."""

    send_id = models.BigIntegerField(primary_key=True)
    campaign_id = models.BigIntegerField(null=True, blank=True)
    workflow_step_id = models.BigIntegerField(null=True, blank=True)
    record_events = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)


class SendLink(models.Model):
    """A tracked link of one send, recorded once: the click redirect goes to `url`, never to
    anything a request says. Honeypot (bot-trap) links have indexes from
    tokens.HONEYPOT_BASE up and are kept out of link reports."""

    id = models.BigAutoField(primary_key=True)
    send_id = models.BigIntegerField()
    index = models.PositiveIntegerField()
    url = models.TextField()
    url_hash = models.BinaryField(max_length=32)  # SHA-256 of url
    honeypot = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["send_id", "index"], name="send_link_one_per_index")
        ]


class OpenedMessage(models.Model):
    """A message (send, profile) with a human open already recorded, seen or inferred from
    a click: the batch writer infers at most one open per message, even when two writers
    see its first clicks at once (the primary key decides)."""

    pk = models.CompositePrimaryKey("send_id", "profile_id")
    send_id = models.BigIntegerField()
    profile_id = models.BigIntegerField()


class FlushedBatch(models.Model):
    """A batch of queued events already written in this schema (the batch writer's
    idempotence: a batch written again after a crash finds its row and writes nothing)."""

    batch = models.CharField(max_length=32, primary_key=True)
    flushed_at = models.DateTimeField(default=timezone.now)


# The campaign report's roll-ups of the events (spec: reports; docs/architecture.md,
# "Campaign reports"). A trigger on the events table (migration 0006) keeps them in step
# with every insert, in the writer's own statement and transaction: nothing in Python
# writes them, and a report never scans a campaign's events.


class CampaignEventCount(models.Model):
    """A campaign's opens, clicks, complaints and unsubscribes of one kind, human or
    machine, with the people behind them: for the whole campaign (`link_id` 0) and, for
    clicks, per tracked link."""

    pk = models.CompositePrimaryKey("campaign_id", "event_type", "link_id", "machine")
    campaign_id = models.BigIntegerField()
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    link_id = models.BigIntegerField()
    machine = models.BooleanField()
    events = models.BigIntegerField()
    people = models.BigIntegerField()


class CampaignEventPerson(models.Model):
    """A person with at least one event of a CampaignEventCount's kind: the trigger counts
    a person only when this row is new (so each is counted once, whoever writes first), and
    an A/B report joins the people to the variant each got. The only roll-up naming a
    person: erasing a profile must delete its rows here (the counts stay, anonymous)."""

    pk = models.CompositePrimaryKey("campaign_id", "event_type", "link_id", "machine", "profile_id")
    campaign_id = models.BigIntegerField()
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    link_id = models.BigIntegerField()
    machine = models.BooleanField()
    profile_id = models.BigIntegerField()


class CampaignTimelineQuarter(models.Model):
    """A campaign's human opens or clicks in one quarter hour (UTC, starting on the quarter):
    a report sums them into hours of any zone, every zone's offset being a whole number of
    quarter hours. `first_at` and `last_at` bound the events exactly (the timeline turns to
    days past 72 hours of them)."""

    pk = models.CompositePrimaryKey("campaign_id", "event_type", "starts_at")
    campaign_id = models.BigIntegerField()
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    starts_at = models.DateTimeField()
    events = models.BigIntegerField()
    first_at = models.DateTimeField()
    last_at = models.DateTimeField()


# A workflow email's report (its step's figures; marketing/workflows/selectors.py) reads
# these roll-ups, kept by a second trigger on the events table (migration 0007) like the
# campaigns'. Sent events are counted here too: a workflow email has no settled send whose
# ledger a report could read once, and a step's report must stay one indexed read however
# long the workflow runs.


class WorkflowEmailEventCount(models.Model):
    """A workflow email step's (WorkflowEmail id) sends, opens, clicks, bounces, complaints
    and unsubscribes of one kind, human or machine, with the people behind them."""

    pk = models.CompositePrimaryKey("workflow_step_id", "event_type", "machine")
    workflow_step_id = models.BigIntegerField()
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    machine = models.BooleanField()
    events = models.BigIntegerField()
    people = models.BigIntegerField()


class WorkflowEmailEventPerson(models.Model):
    """A person with at least one event of a WorkflowEmailEventCount's kind (each counted
    once); a bounced person who also has a `sent` row was bounced after the receiving
    server accepted the message (not delivered). Like CampaignEventPerson, it names a
    person: an erasure must delete its rows too."""

    pk = models.CompositePrimaryKey("workflow_step_id", "event_type", "machine", "profile_id")
    workflow_step_id = models.BigIntegerField()
    event_type = models.PositiveSmallIntegerField(choices=EventType.choices)
    machine = models.BooleanField()
    profile_id = models.BigIntegerField()
