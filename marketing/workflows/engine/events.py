"""The hook: the receiver of `core.profile_events.profile_event`, connected in the app's
`ready()`. Writers announce what happened to profiles in their own transaction; this
finds the published triggers listening for it (triggers.py: a per-process copy, no query
when none listens) and enrolls the events' profiles (enroll.py), in a savepoint so that a
failure here never undoes the writer's change.

Trigger details that narrow a match beyond (kind, key):
- emailActivity/linkClick: `url` (the chosen link: its SHA-256 is compared with the
  click's) or `linkId`;
- emailActivity: `campaignId` (activity on one campaign's messages only);
- formSubmission: the key is the form id ("" any form).

Before enrolling, the events' profiles' enrollments are asked whether a goal they could
meet now holds (goals.py): met goals end their enrollments."""

from __future__ import annotations

import hashlib
import logging

from django.db import transaction

from core.profile_events import ProfileEvent
from marketing.workflows.engine.enroll import enroll
from marketing.workflows.engine.goals import goals_check
from marketing.workflows.engine.triggers import ActiveTrigger, triggers_matching

logger = logging.getLogger(__name__)


def _wanted(trigger: ActiveTrigger, event: ProfileEvent) -> bool:
    details, context = trigger.details, event.context or {}
    url = details.get("url") or details.get("link")
    if url and context.get("urlHash") != hashlib.sha256(str(url).encode()).hexdigest():
        return False
    if details.get("linkId") and context.get("linkId") != details.get("linkId"):
        return False
    if details.get("campaignId") and context.get("campaignId") != details.get("campaignId"):
        return False
    return True


def on_profile_event(sender: str, key: str, events: list[ProfileEvent], **_kwargs) -> int:
    # Goals first: an enrollment this very event starts has not met anything yet.
    try:
        goals_check(sender, events)
    except Exception:  # noqa: BLE001 - the writer's change stands; the error is logged
        logger.exception("workflows: checking goals for %s events failed", sender)
    triggers = triggers_matching(sender, key)
    added = 0
    for trigger in triggers:
        chosen = [e for e in events if _wanted(trigger, e)]
        if not chosen:
            continue
        try:
            with transaction.atomic():
                added += enroll(trigger, chosen)
        except Exception:  # noqa: BLE001 - the writer's change stands; the error is logged
            logger.exception("workflows: enrolling for trigger %s failed", trigger.id)
    return added
