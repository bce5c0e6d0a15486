"""Appending email events (the table is append-only: models.py). Written by the delivery
pipeline (sent, bounced, complained) and, later, the tracking endpoints (opens, clicks)."""

from dataclasses import dataclass

from django.utils import timezone

from marketing.tracking.models import EVENT_NAMES, EmailEvent


@dataclass(frozen=True)
class Event:
    profile_id: int
    event: str  # a name of EVENT_NAMES: "sent", "bounced", ...
    campaign_id: int | None = None
    workflow_step_id: int | None = None
    machine: bool = False


def events_record(events: list[Event]) -> None:
    """Append the events in one statement, all at the same moment."""
    now = timezone.now()
    EmailEvent.objects.bulk_create(
        EmailEvent(
            profile_id=event.profile_id,
            event_type=EVENT_NAMES[event.event],
            campaign_id=event.campaign_id,
            workflow_step_id=event.workflow_step_id,
            machine=event.machine,
            occurred_at=now,
        )
        for event in events
    )
