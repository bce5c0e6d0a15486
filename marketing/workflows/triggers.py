"""The published triggers' keys: what a `WorkflowTrigger` row's `key` holds, and the keys
an event looks up. Publishing writes `trigger_key(trigger)`; the engine, given an event,
reads the active rows `WHERE kind = %s AND key IN event_keys(...)`: one indexed read.

    kind                    key
    formSubmission          "<formId>"
    emailActivity           "<activity>" | "<activity>:<campaignId>"
                            | "linkClick:<campaignId>:<link>" (link = link_key(url))
    webhook                 "<webhookId>"
    segmentEntered/Left     "<segmentId>"
    groupAdded/Removed      "<groupId>"
    tagAdded/Removed        "<tagId>"
    fieldChanged            "<fieldName>" (a value to match is in the row's details)
    dateField               "<fieldName>"
    stageChanged            "<toStage>" | "" (any stage)
    summaryNotification     "<frequency>"
"""

from __future__ import annotations

import hashlib

from marketing.workflows.definition import Trigger
from marketing.workflows.models import EmailActivity, TriggerKind

_ID_KEYS = {
    TriggerKind.FORM_SUBMISSION: "formId",
    TriggerKind.WEBHOOK: "webhookId",
    TriggerKind.SEGMENT_ENTERED: "segmentId",
    TriggerKind.SEGMENT_LEFT: "segmentId",
    TriggerKind.GROUP_ADDED: "groupId",
    TriggerKind.GROUP_REMOVED: "groupId",
    TriggerKind.TAG_ADDED: "tagId",
    TriggerKind.TAG_REMOVED: "tagId",
    TriggerKind.FIELD_CHANGED: "fieldName",
    TriggerKind.DATE_FIELD: "fieldName",
    TriggerKind.STAGE_CHANGED: "toStage",
    TriggerKind.SUMMARY_NOTIFICATION: "frequency",
}


def link_key(url: str) -> str:
    """A link's part of a key: short whatever the URL's length (the column holds 200)."""
    return hashlib.sha256(url.encode()).hexdigest()[:24]


def trigger_key(trigger: Trigger) -> str:
    if trigger.kind == TriggerKind.EMAIL_ACTIVITY:
        if trigger.campaignId is None:
            return str(trigger.activity)
        if trigger.activity == EmailActivity.LINK_CLICK and trigger.linkUrl:
            return f"{trigger.activity}:{trigger.campaignId}:{link_key(trigger.linkUrl)}"
        return f"{trigger.activity}:{trigger.campaignId}"
    value = getattr(trigger, _ID_KEYS[TriggerKind(trigger.kind)])
    return "" if value is None else str(value)


def event_keys(
    kind: str,
    *,
    key: str | int | None = None,
    activity: str | None = None,
    campaign_id: int | None = None,
    link_url: str | None = None,
) -> list[str]:
    """The keys an event of `kind` matches. An email activity passes activity, campaign_id
    and (a click) link_url; any other event its id or name as `key` (a stage change
    also matches the "" of "any stage")."""
    if kind == TriggerKind.EMAIL_ACTIVITY:
        keys = [str(activity)]
        if campaign_id is not None:
            keys.append(f"{activity}:{campaign_id}")
            if link_url and activity == EmailActivity.LINK_CLICK:
                keys.append(f"{activity}:{campaign_id}:{link_key(link_url)}")
        return keys
    keys = [str(key)] if key is not None else []
    if kind == TriggerKind.STAGE_CHANGED:
        keys.append("")
    return keys
