"""The published triggers' keys: what a `WorkflowTrigger` row's `key` holds. Publishing
writes one row per version with `trigger_key(trigger)` and the trigger's details; the
engine (engine/triggers.py) matches an event of a kind with rows whose key is the event's
key or "" (any), then narrows by the details (an email activity's campaignId and url).

    kind                    key (the event's key)
    formSubmission          "<formId>"
    emailActivity           "<activity>" (emailOpened, linkClick, bounce, spam, optin,
                            optedOut, unsubscribeFromAll)
    webhook                 "<webhookId>"
    segmentEntered/Left     "<segmentId>"
    groupAdded/Removed      "<groupId>"
    tagAdded/Removed        "<tagId>"
    fieldChanged            "<field>" (its API key: city, custom.plan)
    dateField               "<field>"
    stageChanged            "<toStage>" | "" (any stage)
    summaryNotification     "<frequency>"
    chargeBrite             "<commerceEvent>" (subscriptionStarted, subscriptionCancelled,
                            ...: billing's CommerceEvent kinds)
"""

from __future__ import annotations

from marketing.workflows.definition import Trigger
from marketing.workflows.models import TriggerKind

_KEYS = {
    TriggerKind.FORM_SUBMISSION: "formId",
    TriggerKind.EMAIL_ACTIVITY: "activity",
    TriggerKind.WEBHOOK: "webhookId",
    TriggerKind.SEGMENT_ENTERED: "segmentId",
    TriggerKind.SEGMENT_LEFT: "segmentId",
    TriggerKind.GROUP_ADDED: "groupId",
    TriggerKind.GROUP_REMOVED: "groupId",
    TriggerKind.TAG_ADDED: "tagId",
    TriggerKind.TAG_REMOVED: "tagId",
    TriggerKind.FIELD_CHANGED: "field",
    TriggerKind.DATE_FIELD: "field",
    TriggerKind.STAGE_CHANGED: "toStage",
    TriggerKind.SUMMARY_NOTIFICATION: "frequency",
    TriggerKind.CHARGEBRITE: "commerceEvent",
}


def trigger_key(trigger: Trigger) -> str:
    value = getattr(trigger, _KEYS[TriggerKind(trigger.kind)])
    return "" if value is None else str(value)
