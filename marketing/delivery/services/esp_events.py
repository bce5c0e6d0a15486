"""What an ESP's tracking webhook reports (anymail's normalised events, webhooks.py),
recorded against the delivery it concerns through services/bounce_notices.py, once per delivery
and kind, as the inbound endpoint records DSNs:

| anymail event | recorded as |
| --- | --- |
| bounced | by the reason its response gives (bounce_reading, see below) |
| deferred | soft bounce, with the reason its response gives |
| complained | complaint (suppress, unsubscribe) |
| unsubscribed | unsubscribe |
| rejected | by its reason: bounced/invalid hard bounce, spam complaint, unsubscribed unsubscribe |
| delivered | kept; nothing else |

A bounce's response is read as a DSN's diagnostic is: a missing mailbox or domain is a
hard bounce (suppress); a sender problem, or anything the ESP or the code calls
temporary, is soft; a permanent bounce with no words at all is hard on 5.1.x, 5.2.1 or
no code.

The delivery is named by the signed reference the message carried as metadata (esp.py):
its MAC must hold for this client's schema, and the event's recipient must be the
delivery's address; anything else is ignored (a forged event, another client's, or mail
not sent by us)."""

from __future__ import annotations

import re

from anymail.signals import AnymailTrackingEvent

from marketing.delivery.bounce_reading import reason_for
from marketing.delivery.bounce_reading.reasons import Reason, kind_of
from marketing.delivery.bounces import Notice, NoticeKind, VerpAddress
from marketing.delivery.esp import METADATA_KEY
from marketing.delivery.services.bounce_notices import notice_record

_REFERENCE = re.compile(
    r"^(?P<schema>[a-z0-9_]+)\.(?P<delivery>\d{1,18})\.(?P<token>[0-9a-f]{12})$"
)
_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
# What ESPs call a temporary bounce in their own event (Postmark's Type, SES's bounceType).
_SOFT_TYPES = {"softbounce", "transient", "dnserror", "autoresponder", "undetermined"}
_REJECTED = {
    "bounced": Reason.USER_UNKNOWN,
    "invalid": Reason.USER_UNKNOWN,
    "spam": Reason.COMPLAINT,
    "unsubscribed": Reason.OPT_OUT,
}
_REASONS = {
    "complained": Reason.COMPLAINT,
    "unsubscribed": Reason.OPT_OUT,
    "delivered": Reason.DELIVERED,
}


def reference_read(text: object) -> VerpAddress | None:
    match = _REFERENCE.match(text) if isinstance(text, str) else None
    if not match:
        return None
    return VerpAddress(match["schema"], int(match["delivery"]), match["token"])


def _esp_type(event: AnymailTrackingEvent) -> str:
    raw = event.esp_event if isinstance(event.esp_event, dict) else {}
    bounce = raw.get("bounce") if isinstance(raw.get("bounce"), dict) else {}
    return str(raw.get("Type") or bounce.get("bounceType") or "").lower()


def event_notice(event: AnymailTrackingEvent) -> Notice | None:
    """The notice an event makes, or None for events of no interest (opens, clicks,
    queued...)."""
    text = " ".join(str(t) for t in (event.mta_response, event.description) if t)[:500]
    found = _STATUS.search(text)
    status = ".".join(found.groups()) if found else ""
    reason, soft = _REASONS.get(event.event_type), False
    if event.event_type == "bounced":
        soft = _esp_type(event) in _SOFT_TYPES or status.startswith("4.")
        reason = reason_for(status, "delayed" if soft else "failed", text, "")
        if soft and kind_of(reason) == NoticeKind.HARD_BOUNCE:
            reason = Reason.UNDEFINED  # the ESP says temporary: not the address's fault
    elif event.event_type == "deferred":
        reason = reason_for(status, "delayed", text, "")
    elif event.event_type == "rejected":
        reason = _REJECTED.get(event.reject_reason or "")
    if reason is None:
        return None
    kind = kind_of(reason)
    if event.event_type == "bounced" and reason == Reason.UNDEFINED and not soft:
        # A permanent bounce the ESP gives no words for: its own word is the reason.
        hard_status = not status or status.startswith("5.1.") or status == "5.2.1"
        kind = NoticeKind.HARD_BOUNCE if hard_status else NoticeKind.SOFT_BOUNCE
    return Notice(kind, status, text, recipient=(event.recipient or "").lower(), reason=reason)


def esp_events_record(events: list[AnymailTrackingEvent]) -> int:
    """Record what each event reports (in the client's schema, the webhook's host);
    returns how many were recorded."""
    recorded = 0
    for event in events:
        verp = reference_read((event.metadata or {}).get(METADATA_KEY))
        notice = event_notice(event)
        if verp is None or notice is None or not event.recipient:
            continue
        recorded += notice_record(verp, notice, recipient=event.recipient)
    return recorded
