"""Complaint reports, in every shape the large mailbox providers send them:

- ARF (RFC 5965): a `message/feedback-report` part (Feedback-Type, Original-Rcpt-To,
  Removal-Recipient, Original-Mail-From), or a `multipart/report;
  report-type=feedback-report` whose report part is missing or mislabelled;
- Microsoft JMRP (Outlook.com, Hotmail): the complained-of message attached with
  `X-HmXmrOriginalRecipient`, from the complaints address, no report part;
- AOL and Yahoo's older forms ("Email Feedback Report", `X-AOL-...`), the same;
- Amazon SES notifications (JSON, or SNS-wrapped JSON): `notificationType: Complaint`
  with `complainedRecipients`.

The complainant is the report's Original-Rcpt-To or Removal-Recipient, else the
provider's own recipient header, else the To of the complained-of message. Feedback types
abuse, fraud, virus, other (and none) are complaints; opt-out (and Apple Mail's
`X-Apple-Unsubscribe` request) unsubscribes; not-spam is nothing;
auth-failure (RFC 6591) tells the sender its authentication failed: a policy report that
suppresses no one."""

from __future__ import annotations

import json
import re
from email.message import Message

from marketing.delivery.bounce_reading import dsn
from marketing.delivery.bounce_reading.parts import Pieces, addresses, header, message_id_of
from marketing.delivery.bounce_reading.reasons import Notice, NoticeKind, Reason

_FEEDBACK_FIELD = re.compile(r"^([A-Za-z-]+):\s*(.*)$", re.M)
_COMPLAINT_SENDERS = re.compile(
    r"staff@hotmail\.|complaints@email\.msn\.|\bscomp@|feedback@arf\.mail\.yahoo\."
    r"|abuse[-_]report|fbl@|feedbackloop|complaints@|@fbl\.",
    re.I,
)
_COMPLAINT_SUBJECTS = re.compile(
    r"complaint about message|email feedback report|abuse report|spam report|fbl report"
    r"|feedback report|\bfw: ",
    re.I,
)
_PROVIDER_RECIPIENT = ("X-HmXmrOriginalRecipient", "X-Original-Rcpt-To", "Original-Rcpt-To")


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in dsn._unfolded(text):
        match = _FEEDBACK_FIELD.match(line.strip())
        if match:
            fields.setdefault(match.group(1).lower(), match.group(2).strip())
    return fields


def _complaint(
    feedback_type: str, recipient: str, found: Pieces, original: Message | None, mail_from: str = ""
) -> Notice:
    feedback_type = feedback_type.lower().strip()
    if not recipient and original is not None:
        for name in _PROVIDER_RECIPIENT:
            recipient = next(iter(addresses(header(original, name))), "")
            if recipient:
                break
        recipient = recipient or next(iter(addresses(header(original, "To"))), "")
    message_id = message_id_of(original, found.original_text)
    if feedback_type == "not-spam":
        return Notice(NoticeKind.UNKNOWN, feedback_type=feedback_type)
    if feedback_type == "auth-failure":
        kind, reason = NoticeKind.UNKNOWN, Reason.POLICY
    elif feedback_type == "opt-out":
        kind, reason = NoticeKind.UNSUBSCRIBED, Reason.OPT_OUT
    else:
        kind, reason = NoticeKind.COMPLAINT, Reason.COMPLAINT
    if not mail_from and original is not None:
        mail_from = next(iter(addresses(header(original, "Return-Path"))), "")
    return Notice(
        kind,
        recipient=recipient,
        message_id=message_id,
        original_mail_from=mail_from,
        reason=reason,
        feedback_type=feedback_type or "abuse",
        recipients=(recipient,) if recipient else (),
    )


def complaint_read(message: Message, found: Pieces, original: Message | None) -> Notice | None:
    """The complaint this message is, or None when it is not one."""
    for text in found.feedback_texts:
        fields = _fields(text)
        recipient = next(
            iter(
                addresses(fields.get("original-rcpt-to", "") or fields.get("removal-recipient", ""))
            ),
            "",
        )
        mail_from = fields.get("original-mail-from", "").strip().strip("<>")
        return _complaint(fields.get("feedback-type", ""), recipient, found, original, mail_from)
    ctype = header(message, "Content-Type").lower()
    if "feedback-report" in ctype:
        fields = _fields(found.text)
        recipient = next(iter(addresses(fields.get("original-rcpt-to", ""))), "")
        return _complaint(fields.get("feedback-type", "abuse"), recipient, found, original)
    if header(message, "X-Apple-Unsubscribe").lower() == "true":
        person = next(iter(addresses(header(message, "From"))), "")
        return _complaint("opt-out", person, found, original)
    sender, subject = header(message, "From"), header(message, "Subject")
    if (
        original is not None
        and not found.status_texts
        and (
            original.get("X-HmXmrOriginalRecipient")
            or _COMPLAINT_SENDERS.search(sender)
            and _COMPLAINT_SUBJECTS.search(subject)
        )
    ):
        return _complaint("abuse", "", found, original)
    return ses_complaint(found)


def ses_notification(found: Pieces) -> dict | None:
    """An Amazon SES notification (or its SNS envelope) carried in the body."""
    decoder = json.JSONDecoder(strict=False)  # SNS mail wraps long lines inside strings
    for text in found.json_texts:
        try:  # SNS mail carries an unsubscribe footer after the JSON
            data = decoder.raw_decode(text.strip())[0]
            if isinstance(data, dict) and isinstance(data.get("Message"), str):
                data = decoder.raw_decode(data["Message"].strip())[0]
        except (ValueError, TypeError):
            continue
        if isinstance(data, dict) and (data.get("notificationType") or data.get("eventType")):
            return data
    return None


def ses_complaint(found: Pieces) -> Notice | None:
    data = ses_notification(found)
    if data is None or (data.get("notificationType") or data.get("eventType")) != "Complaint":
        return None
    complaint = data.get("complaint") or {}
    people = complaint.get("complainedRecipients") or [{}]
    recipient = str((people[0] or {}).get("emailAddress", "")).lower()
    mail = data.get("mail") or {}
    return Notice(
        NoticeKind.COMPLAINT,
        recipient=recipient,
        message_id=str(mail.get("messageId", "")),
        original_mail_from=str(mail.get("source", "")),
        reason=Reason.COMPLAINT,
        feedback_type=str(complaint.get("complaintFeedbackType") or "abuse"),
        recipients=(recipient,) if recipient else (),
    )
