"""What an ESP's tracking webhook reports (anymail's normalised events, webhooks.py),
recorded against the delivery it concerns through services/reports.py, once per delivery
and kind, as the inbound endpoint records DSNs:

| anymail event | recorded as |
| --- | --- |
| bounced | hard bounce (suppress), or soft when the ESP or the status code says temporary |
| deferred | soft bounce (counts toward CSB) |
| complained | complaint (suppress, unsubscribe) |
| unsubscribed | unsubscribe |
| rejected | by its reason: bounced/invalid hard bounce, spam complaint, unsubscribed unsubscribe |
| delivered | kept; nothing else |

The delivery is named by the signed reference the message carried as metadata (esp.py):
its MAC must hold for this client's schema, and the event's recipient must be the
delivery's address; anything else is ignored (a forged event, another client's, or mail
not sent by us)."""

from __future__ import annotations

import re

from anymail.signals import AnymailTrackingEvent

from marketing.delivery.bounces import Report, ReportKind, VerpAddress
from marketing.delivery.esp import METADATA_KEY
from marketing.delivery.services.reports import report_record

_REFERENCE = re.compile(
    r"^(?P<schema>[a-z0-9_]+)\.(?P<delivery>\d{1,18})\.(?P<token>[0-9a-f]{12})$"
)
_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
# What ESPs call a temporary bounce in their own event (Postmark's Type, SES's bounceType).
_SOFT_TYPES = {"softbounce", "transient", "dnserror", "autoresponder", "undetermined"}
_REJECTED = {
    "bounced": ReportKind.HARD_BOUNCE,
    "invalid": ReportKind.HARD_BOUNCE,
    "spam": ReportKind.COMPLAINT,
    "unsubscribed": ReportKind.UNSUBSCRIBED,
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


def event_report(event: AnymailTrackingEvent) -> Report | None:
    """The report an event makes, or None for events of no interest (opens, clicks,
    queued...)."""
    text = " ".join(str(t) for t in (event.mta_response, event.description) if t)[:500]
    found = _STATUS.search(text)
    status = ".".join(found.groups()) if found else ""
    kind = None
    if event.event_type == "bounced":
        soft = _esp_type(event) in _SOFT_TYPES or status.startswith("4.")
        hard_status = not status or status.startswith("5.1.") or status == "5.2.1"
        kind = ReportKind.HARD_BOUNCE if hard_status and not soft else ReportKind.SOFT_BOUNCE
    elif event.event_type == "deferred":
        kind = ReportKind.SOFT_BOUNCE
    elif event.event_type == "complained":
        kind = ReportKind.COMPLAINT
    elif event.event_type == "unsubscribed":
        kind = ReportKind.UNSUBSCRIBED
    elif event.event_type == "rejected":
        kind = _REJECTED.get(event.reject_reason or "")
    elif event.event_type == "delivered":
        kind = ReportKind.DELIVERED
    if kind is None:
        return None
    return Report(kind, status, text, recipient=(event.recipient or "").lower())


def esp_events_record(events: list[AnymailTrackingEvent]) -> int:
    """Record what each event reports (in the client's schema, the webhook's host);
    returns how many were recorded."""
    recorded = 0
    for event in events:
        verp = reference_read((event.metadata or {}).get(METADATA_KEY))
        report = event_report(event)
        if verp is None or report is None or not event.recipient:
            continue
        recorded += report_record(verp, report, recipient=event.recipient)
    return recorded
