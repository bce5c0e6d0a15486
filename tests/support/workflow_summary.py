"""Summary-notification fixtures: a client with some activity of its own today, and a
schedule made through the service."""

from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from marketing.audience.models import Profile, ProfileSource
from marketing.campaigns.models import Campaign
from marketing.tracking.services import Event, events_record
from marketing.workflows.summary.services import summary_create


@dataclass
class Activity:
    profile_ids: list[int]
    campaign_id: int | None


def activity_make(prefix: str = "sum", *, campaign_id: int | None = None) -> Activity:
    """In the current schema, today: 3 new profiles (one unsubscribed, one from a form
    that, as forms do not exist yet, is counted like any), a deleted one (not counted), 4
    human opens and 1 machine open, 2 human clicks, and the campaign (if given) sent."""
    made = [
        Profile.objects.create(email=f"{prefix}{n}@figures.example", first_name=f"P{n}").pk
        for n in range(3)
    ]
    Profile.objects.filter(pk=made[0]).update(unsubscribed_at=timezone.now())
    gone = Profile.objects.create(email=f"{prefix}-gone@figures.example", deleted_at=timezone.now())
    made.append(gone.pk)
    events_record([Event(profile_id=made[n % 3], event="opened") for n in range(4)])
    events_record([Event(profile_id=made[1], event="opened", machine=True)])
    events_record([Event(profile_id=made[n], event="clicked") for n in range(2)])
    if campaign_id is not None:
        Campaign.objects.filter(pk=campaign_id).update(sent_at=timezone.now())
    # Yesterday's activity is not today's
    old = Profile.objects.create(
        email=f"{prefix}-old@figures.example",
        created_at=timezone.now() - timedelta(days=400),
        source=ProfileSource.IMPORT,
    )
    made.append(old.pk)
    return Activity(made, campaign_id)


def summary_make(**changes):
    body = {
        "name": "Daily numbers",
        "description": "What happened today",
        "frequency": "Day",
        "period": "today",
        "recipients": ["boss@agency.example", "Owner@Agency.example"],
    }
    body.update(changes)
    return summary_create(body, user_id=None)


def summary_due_now(notification) -> None:
    """Make the schedule due now (after the activity made before)."""
    notification.next_due_at = timezone.now()
    notification.save(update_fields=["next_due_at"])
