"""Reading what comes back: bounces (RFC 3464 DSNs and the MTAs' own text formats),
complaints (ARF and the providers' variants) and auto-replies. Pure parsing, no
database; `notice_read(raw)` never raises.

Every report gets a reason, and the reason decides (reasons.py has the table):

- hard, the address is suppressed: userUnknown, hostUnknown, moved;
- soft, one more in the profile's run: mailboxFull, messageTooBig, suspended, expired,
  filtered, systemError, undefined;
- the sender's problem, soft but never the recipient's: blocked, spamDetected, policy,
  rateLimited (they count toward the breaker);
- complaint (suppress, unsubscribe); optOut (unsubscribe); vacation, delivered (nothing).
 The reason comes from, in order: the
diagnostic's specific phrases (phrases.py), a specific enhanced status code, the report's
whole text, weak phrases; the generic codes (5.0.0, 4.0.0, 5.0.9xx, x.7.0) decide
nothing by themselves. The recipient comes from the DSN (Final-Recipient,
Original-Recipient), else the MTA's text (mta_formats.py), else X-Failed-Recipients and
kin, else the returned original's To.

- `reasons.py`: Reason, NoticeKind, Notice, the decision per reason;
- `phrases.py`: text patterns per reason;
- `dsn.py`: RFC 3464 fields; `arf.py`: complaints; `mta_formats.py`: text bounces and
  Amazon SES notifications; `parts.py`: the message's pieces."""

from __future__ import annotations

import re
from email.message import Message

from marketing.delivery.bounce_reading import arf, dsn, mta_formats
from marketing.delivery.bounce_reading.parts import (
    Pieces,
    addresses,
    header,
    is_automated,
    load,
    message_id_of,
    original_headers,
    pieces,
)
from marketing.delivery.bounce_reading.phrases import (
    reason_of_override,
    reason_of_text,
    reason_of_weak_text,
)
from marketing.delivery.bounce_reading.reasons import (
    Notice,
    NoticeKind,
    Reason,
    kind_of,
    reason_of_status,
)

__all__ = ["Reason", "Notice", "NoticeKind", "reason_of_reply", "reason_for", "notice_read"]

_BOUNCE_SUBJECT = re.compile(
    r"undeliver|undelivered|failure|failed|returned|delivery status|not (?:be )?delivered|"
    r"rejected|bounce|non-?delivery|delivery notification|mail delivery|could not send|"
    r"delayed|warning|unzustellbar|nicht zustellbar|problem|error|unable to deliver",
    re.I,
)
_AUTO_REPLY_SUBJECT = re.compile(
    r"^(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|auto:|out of (?:the )?office|"
    r"vacation|away from|abwesenheit|absence|r[ée]ponse automatique|i am (?:out|away))",
    re.I,
)
_GENERIC_DETAIL = {"0", "9", "900", "910", "911", "912", "913", "914", "915", "916", "950"}


def notice_read(raw: bytes) -> Notice:
    """What the message reports (see the module's docstring); UNKNOWN when it is none of
    the above (a malformed message, garbage)."""
    try:
        return _read(load(raw))
    except Exception:  # noqa: BLE001 - any input, however broken, reads as "unknown"
        return Notice(NoticeKind.UNKNOWN)


def _read(message: Message) -> Notice:
    found = pieces(message)
    original = original_headers(found)
    complaint = arf.complaint_read(message, found, original)
    if complaint is not None:
        return complaint
    own = set(addresses(f"{header(message, 'From')} {header(message, 'To')}"))
    if original is not None:
        own.update(addresses(f"{header(original, 'From')} {header(original, 'Return-Path')}"))
    entries = [e for text in found.status_texts for e in dsn.entries(text)]
    if not entries and re.search(r"^\s*(?:Final|Original)-Recipient:", found.text, re.I | re.M):
        entries = dsn.entries(found.text)
    ses = arf.ses_notification(found)
    if not entries and ses is not None:
        entries = [dsn.Entry(*row) for row in mta_formats.ses_bounce(ses)]
    if not entries and (not _looks_like_bounce(message, found.text) or _auto_reply_only(message)):
        return _auto_reply(message)
    pairs = mta_formats.text_recipients(found.text, own)
    return _bounce(message, found, original, entries, pairs)


def _automated_sender(message: Message) -> bool:
    sender = header(message, "From")
    return bool(
        any(is_automated(a) for a in addresses(sender))
        or re.search(r"mailer[- _]daemon|post_?master|mail delivery", sender, re.I)
    )


_BOUNCE_TEXT = re.compile(
    r"could not be delivered|undeliverable|delivery (?:has )?failed|permanent (?:fatal )?error|"
    r"was not delivered|unable to deliver|wasn't able to deliver|couldn't be delivered|"
    r"delivery to the following recipient",
    re.I,
)


def _looks_like_bounce(message: Message, text: str) -> bool:
    return bool(
        "report" in header(message, "Content-Type").lower()
        or _BOUNCE_TEXT.search(text[:3000])
        or message.get("X-Failed-Recipients")
        or _automated_sender(message)
        or _BOUNCE_SUBJECT.search(header(message, "Subject"))
    )


def _auto_reply_only(message: Message) -> bool:
    """Marked as an auto-reply, and from a person rather than a mailer daemon (bounces
    carry `Auto-Submitted: auto-replied` too)."""
    return _auto_reply_headers(message) and not (
        _automated_sender(message) or _BOUNCE_SUBJECT.search(header(message, "Subject"))
    )


def _auto_reply_headers(message: Message) -> bool:
    auto = header(message, "Auto-Submitted").lower()
    return bool(
        auto.startswith("auto-replied")
        or message.get("X-Autoreply")
        or message.get("X-Autorespond")
        or header(message, "Precedence").lower() == "auto_reply"
        or _AUTO_REPLY_SUBJECT.search(header(message, "Subject"))
    )


def _auto_reply(message: Message) -> Notice:
    """An auto-reply (its author is the recipient), or nothing we read."""
    if _auto_reply_headers(message):
        person = next(iter(addresses(header(message, "From"))), "")
        return Notice(NoticeKind.UNKNOWN, recipient=person, reason=Reason.VACATION)
    return Notice(NoticeKind.UNKNOWN)


def _failed(entry: dsn.Entry) -> bool:
    return entry.action in ("failed", "delayed") or entry.status[:1] in ("4", "5")


def _bounce(
    message: Message,
    found: Pieces,
    original: Message | None,
    entries: list[dsn.Entry],
    pairs: list[tuple[str, str]],
) -> Notice:
    entry = next((e for e in entries if _failed(e)), entries[0] if entries else dsn.Entry())
    texts = dict(pairs)
    recipient = entry.recipient or next(iter(texts), "")
    if not recipient:
        recipient = next(iter(mta_formats.header_recipients(message)), "")
    if not recipient and original is not None:
        recipient = next(iter(addresses(header(original, "To"))), "")
    diagnostic = entry.diagnostic or texts.get(recipient, "")
    if not entries and not pairs and not dsn.status_in(found.text):
        if reason_of_text(found.text) is None and not recipient:
            return _auto_reply(message)
    status = _status(entry.status, diagnostic, found.text)
    # The subject often names the reason ("Returned mail: User unknown").
    reason = reason_for(
        status, entry.action, diagnostic, f"{found.text}\n{header(message, 'Subject')}"
    )
    if reason == Reason.USER_UNKNOWN and _filtering_gateway(message, status):
        reason = Reason.FILTERED
    if not recipient and not status and reason == Reason.UNDEFINED:
        return Notice(NoticeKind.UNKNOWN)  # nothing in it we can use
    failed = [e.recipient for e in entries if _failed(e) and e.recipient] or list(texts)
    return Notice(
        kind_of(reason),
        status=status,
        diagnostic=" ".join(diagnostic.split())[:500],
        recipient=recipient,
        message_id=message_id_of(original, found.original_text),
        reason=reason,
        recipients=tuple(failed or ([recipient] if recipient else [])),
    )


# "User unknown" from a filtering gateway (McAfee Email Gateway, SurfControl, m-FILTER,
# ActiveHunter) is the gateway's refusal, not a missing mailbox, unless the receiver's
# own 5.1.x code says so.
_GATEWAY_HEADERS = ("X-NAI-Header", "X-SEF-ZeroHour-RefID", "X-AHMAILID")


def _filtering_gateway(message: Message, status: str) -> bool:
    """A gateway's refusal without the receiver's own "no such mailbox" code (5.1.x)."""
    if status.startswith("5.1."):
        return False
    mailer = header(message, "X-Mailer").lower()
    return any(message.get(name) for name in _GATEWAY_HEADERS) or mailer.startswith(
        ("m-filter", "surfcontrol")
    )


def _generic(status: str) -> bool:
    return (
        not status
        or status.split(".")[1:] in (["0", "0"],)
        or (status.split(".")[-1] in _GENERIC_DETAIL and status.split(".")[1] == "0")
    )


def _status(status: str, diagnostic: str, text: str) -> str:
    """The DSN's status, unless it is generic and the diagnostic (or, with no status at
    all, the text) has a specific one."""
    if status.startswith("2."):
        return status
    in_diagnostic = dsn.status_in(diagnostic)
    if in_diagnostic and not _generic(in_diagnostic) and in_diagnostic[0] == (status or "5")[0]:
        return in_diagnostic  # the receiver's own code, more precise than the relay's
    if not _generic(status):
        return status
    better = in_diagnostic or (dsn.status_in(text) if not status else "")
    return better if better and not _generic(better) else status or better


def reason_of_reply(reply: str) -> Reason:
    """The reason of a final SMTP refusal as the ledger keeps it ("550 5.1.1 ...")."""
    return reason_for(dsn.status_in(reply), "failed", reply, "")


def reason_for(status: str, action: str, diagnostic: str, text: str) -> Reason:
    """The reason a failure gives: a provider's known answer first; then the
    diagnostic's strong phrases; then the status code unless generic (x.0.0, x.0.9xx,
    none); then the report's whole text; then the weak phrases."""
    if action in ("delivered", "relayed", "expanded") or (
        status.startswith("2.") and action not in ("failed", "delayed")
    ):
        return Reason.DELIVERED
    final = action != "delayed"
    by_code = None if _generic(status) else reason_of_status(status, final=final)
    reason = reason_of_override(f"{diagnostic} {text}")
    reason = reason or reason_of_text(diagnostic) or by_code or reason_of_text(text)
    reason = reason or reason_of_weak_text(diagnostic) or reason_of_weak_text(text)
    if reason is None:
        reason = reason_of_status(status, final=final) if status.startswith("4.") else None
    temporary = status.startswith("4.") and (reason == Reason.HOST_UNKNOWN or _generic(status))
    if reason in (Reason.USER_UNKNOWN, Reason.HOST_UNKNOWN, Reason.MOVED) and (
        temporary or not final
    ):
        return Reason.SYSTEM_ERROR  # a DNS failure, a delay notice: not the address's fault
    return reason or Reason.UNDEFINED
