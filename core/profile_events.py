"""What happened to profiles, told to whoever starts work from it (the workflow engine),
without the writers knowing who listens: tracking, delivery and audience sit below
workflows, so they announce here and workflows connects a receiver in its app's
`ready()` (the inversion delivery's `send_settled` uses).

A writer calls `profile_events_announce(kind, key, events)` inside the transaction that
writes the change, so the enrollments it starts commit with it (or not at all). The
receiver runs in a savepoint of its own and never raises into the writer: a failure is
logged, the writer's change stands. With no receiver connected it costs nothing.

`kind` names the trigger kind (the workflow definition's `trigger.kind`: "emailActivity",
"groupAdded", "tagRemoved", "fieldChanged", "formSubmission"...), `key` narrows it (the
activity, the group, tag, form or field id); each event names its profile, its occurrence
(an event's id: the same occurrence never starts a profile twice) and what it carried."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.dispatch import Signal

logger = logging.getLogger(__name__)

# sender: the kind; keyword arguments: key (str), events (list[ProfileEvent]).
profile_event = Signal()


@dataclass(frozen=True)
class ProfileEvent:
    profile_id: int
    occurrence: str
    context: dict = field(default_factory=dict)


def profile_events_listened() -> bool:
    """Whether anyone listens at all (a writer may skip building events when not)."""
    return bool(profile_event.receivers)


def profile_events_announce(kind: str, key: str, events: list[ProfileEvent]) -> None:
    if not events or not profile_event.receivers:
        return
    for receiver, outcome in profile_event.send_robust(sender=kind, key=str(key), events=events):
        if isinstance(outcome, Exception):
            logger.error(
                "profile event %s/%s: receiver %s failed: %r", kind, key, receiver, outcome
            )
