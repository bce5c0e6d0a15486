"""Reading what comes back: delivery status notifications (RFC 3464) and complaint
reports (ARF, RFC 5965), and the VERP address they were sent to.

Pure parsing, no database: `report_read(raw)` says what a message reports (a hard or soft
bounce with its status and diagnostic, a complaint, or nothing we understand), and
`verp_read(address)` which client and delivery a return path names, if its signature
holds (a forged bounce must not suppress anyone)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from enum import StrEnum

_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
_VERP = re.compile(
    r"^bounces\+(?P<schema>[a-z0-9_]+)\.(?P<delivery>\d+)\.(?P<token>[0-9a-f]{12})@", re.I
)


class ReportKind(StrEnum):
    HARD_BOUNCE = "hardBounce"
    SOFT_BOUNCE = "softBounce"
    COMPLAINT = "complaint"
    UNSUBSCRIBED = "unsubscribed"  # an ESP's own unsubscribe link or list (webhooks only)
    DELIVERED = "delivered"  # a success DSN (relayed, delivered): nothing to do
    UNKNOWN = "unknown"  # an auto-reply, a malformed report: kept out of every count


@dataclass(frozen=True)
class Report:
    kind: ReportKind
    status: str = ""  # enhanced status code, e.g. 5.1.1
    diagnostic: str = ""
    recipient: str = ""  # Final-Recipient, or the complainant's address when given
    message_id: str = ""  # of our original message, when the report quotes it
    original_mail_from: str = ""  # ARF: the return path of the message complained about


@dataclass(frozen=True)
class VerpAddress:
    schema: str
    delivery_id: int
    token: str


def verp_read(address: str) -> VerpAddress | None:
    match = _VERP.match(address.strip().strip("<>"))
    if not match:
        return None
    return VerpAddress(match["schema"].lower(), int(match["delivery"]), match["token"].lower())


def _kind_of(status: str, action: str) -> ReportKind:
    action = action.lower()
    if action in ("delivered", "relayed", "expanded"):
        return ReportKind.DELIVERED
    if status.startswith("5.") and (status.startswith("5.1.") or status == "5.2.1"):
        return ReportKind.HARD_BOUNCE
    if status.startswith(("4.", "5.")) or action in ("failed", "delayed"):
        # 5.2.2 mailbox full, 5.7.x policy, 4.x.x: not the address's fault for good.
        return ReportKind.SOFT_BOUNCE
    return ReportKind.UNKNOWN


def _field(block: EmailMessage | dict, name: str) -> str:
    value = block.get(name) or ""
    return " ".join(str(value).split())


def _original_message_id(message: EmailMessage) -> str:
    for part in message.walk():
        if part.get_content_type() in ("message/rfc822", "text/rfc822-headers"):
            payload = part.get_payload()
            if isinstance(payload, list) and payload:
                found = payload[0].get("Message-ID")
            else:
                text = payload if isinstance(payload, str) else str(payload)
                match = re.search(r"^Message-ID:\s*(\S+)", text, re.I | re.M)
                found = match.group(1) if match else None
            if found:
                return str(found).strip().strip("<>")
    return ""


def _delivery_status(message: EmailMessage) -> Report | None:
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        # The per-message block, then one block per recipient (RFC 3464 2.1).
        blocks = part.get_payload()
        if not isinstance(blocks, list):
            return None
        for block in blocks[1:] or blocks:
            status_match = _STATUS.search(_field(block, "Status"))
            status = ".".join(status_match.groups()) if status_match else ""
            action = _field(block, "Action")
            recipient = _field(block, "Final-Recipient").partition(";")[2].strip()
            diagnostic = _field(block, "Diagnostic-Code").partition(";")[2].strip()
            kind = _kind_of(status, action)
            if kind != ReportKind.UNKNOWN:
                return Report(
                    kind, status, diagnostic[:500], recipient.lower(), _original_message_id(message)
                )
    return None


def _feedback(message: EmailMessage) -> Report | None:
    for part in message.walk():
        if part.get_content_type() != "message/feedback-report":
            continue
        payload = part.get_payload()
        fields = payload[0] if isinstance(payload, list) and payload else None
        if fields is None:
            text = payload if isinstance(payload, str) else ""
            fields = message_from_bytes(text.encode("utf-8", "replace"), policy=policy.default)
        if _field(fields, "Feedback-Type").lower() not in ("abuse", "fraud", ""):
            return Report(ReportKind.UNKNOWN)
        return Report(
            ReportKind.COMPLAINT,
            recipient=_field(fields, "Original-Rcpt-To").strip("<>").lower(),
            message_id=_original_message_id(message),
            original_mail_from=_field(fields, "Original-Mail-From").strip("<>"),
        )
    return None


def _plain_bounce(message: EmailMessage) -> Report | None:
    """A bounce without a machine-readable part (old MTAs): a status code in the text of a
    message from the mailer daemon."""
    sender = _field(message, "From").lower()
    subject = _field(message, "Subject").lower()
    if not (
        "mailer-daemon" in sender
        or "postmaster" in sender
        or "undeliver" in subject
        or "failure" in subject
    ):
        return None
    body = message.get_body(("plain",))
    text = body.get_content() if body is not None else ""
    match = _STATUS.search(text)
    if not match:
        return None
    status = ".".join(match.groups())
    kind = _kind_of(status, "failed")
    line = next((ln.strip() for ln in text.splitlines() if status in ln), "")
    return Report(kind, status, line[:500], message_id=_original_message_id(message))


def report_read(raw: bytes) -> Report:
    """What the message reports; UNKNOWN when it is none of the above (an auto-reply,
    a vacation notice, garbage)."""
    try:
        message = message_from_bytes(raw, policy=policy.default)
        return (
            _feedback(message)
            or _delivery_status(message)
            or _plain_bounce(message)
            or Report(ReportKind.UNKNOWN)
        )
    except (ValueError, LookupError, TypeError, AttributeError, IndexError):
        return Report(ReportKind.UNKNOWN)
