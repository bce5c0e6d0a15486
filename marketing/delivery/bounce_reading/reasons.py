"""The reasons a report gives, and what each one means for the recipient.

A report's reason comes first (from the text where the text is specific, else from the
enhanced status code); the decision follows from the reason, never from the status code
alone: many receivers answer 5.0.0, or no code at all, with "User unknown" in the text, and
many answer 5.1.1 or 5.7.1 to a sender they block.

| reason         | means                                                  | decision          |
|----------------|--------------------------------------------------------|-------------------|
| userUnknown    | no such mailbox at the receiver                        | hard (suppress)   |
| hostUnknown    | no such domain, or a domain that takes no mail         | hard (suppress)   |
| moved          | the person left; the mailbox has moved                 | hard (suppress)   |
| mailboxFull    | over quota                                             | soft              |
| messageTooBig  | the message exceeds the receiver's size limit          | soft              |
| suspended      | the mailbox exists but is disabled or suspended        | soft              |
| expired        | the sending MTA gave up after retrying (time in queue) | soft              |
| filtered       | the recipient's own filter or setting refused it       | soft              |
| systemError    | the receiving system or network failed                 | soft              |
| undefined      | a failure we cannot place                              | soft              |
| blocked        | the sender (IP, domain, reputation) is refused         | sender problem    |
| spamDetected   | the content was judged spam or carried a virus         | sender problem    |
| policy         | authentication (SPF/DKIM/DMARC/PTR), RFC or local rule | sender problem    |
| rateLimited    | too many messages or connections                       | sender problem    |
| complaint      | the recipient reported the message (ARF, JMRP, SES)    | complaint         |
| optOut         | an unsubscribe request (ARF opt-out, Apple Mail's)     | unsubscribe       |
| vacation       | an auto-reply                                          | none              |
| delivered      | a success notification                                 | none              |

A sender problem is a soft bounce that is not the recipient's doing: it never suppresses
the address nor lengthens the profile's run of soft bounces; it counts toward the breaker
(services/breaker.py) instead."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class NoticeKind(StrEnum):
    HARD_BOUNCE = "hardBounce"
    SOFT_BOUNCE = "softBounce"
    COMPLAINT = "complaint"
    UNSUBSCRIBED = "unsubscribed"  # an ESP's own unsubscribe link or list (webhooks only)
    DELIVERED = "delivered"  # a success DSN (relayed, delivered): nothing to do
    UNKNOWN = "unknown"  # an auto-reply, a malformed report: kept out of every count


class Reason(StrEnum):
    USER_UNKNOWN = "userUnknown"
    HOST_UNKNOWN = "hostUnknown"
    MOVED = "moved"
    MAILBOX_FULL = "mailboxFull"
    MESSAGE_TOO_BIG = "messageTooBig"
    SUSPENDED = "suspended"
    EXPIRED = "expired"
    FILTERED = "filtered"
    SYSTEM_ERROR = "systemError"
    UNDEFINED = "undefined"
    BLOCKED = "blocked"
    SPAM_DETECTED = "spamDetected"
    POLICY = "policy"
    RATE_LIMITED = "rateLimited"
    COMPLAINT = "complaint"
    OPT_OUT = "optOut"
    VACATION = "vacation"
    DELIVERED = "delivered"


HARD_REASONS = frozenset({Reason.USER_UNKNOWN, Reason.HOST_UNKNOWN, Reason.MOVED})
SENDER_PROBLEMS = frozenset(
    {Reason.BLOCKED, Reason.SPAM_DETECTED, Reason.POLICY, Reason.RATE_LIMITED}
)


def kind_of(reason: Reason) -> NoticeKind:
    """The decision a reason carries (see the table above)."""
    if reason in HARD_REASONS:
        return NoticeKind.HARD_BOUNCE
    if reason == Reason.COMPLAINT:
        return NoticeKind.COMPLAINT
    if reason == Reason.OPT_OUT:
        return NoticeKind.UNSUBSCRIBED
    if reason == Reason.DELIVERED:
        return NoticeKind.DELIVERED
    if reason == Reason.VACATION:
        return NoticeKind.UNKNOWN
    return NoticeKind.SOFT_BOUNCE


def reason_of_status(status: str, *, final: bool = True) -> Reason | None:
    """The reason an enhanced status code names by itself; None for the generic ones
    (x.0.0, x.0.9xx, x.7.0 and the like), where only the text can tell. `final`: the
    sending MTA gave up (a 4.x.x code there means it retried until it expired)."""
    cls, _, rest = status.partition(".")
    subject, _, detail = rest.partition(".")
    if cls == "2":
        return Reason.DELIVERED
    if cls not in ("4", "5") or not subject.isdigit() or not detail.isdigit():
        return None
    reason = _STATUS.get((subject, detail))
    if cls == "4" and reason in HARD_REASONS:
        reason = None  # a temporary "unknown" is not the address's fault for good
    if cls == "4" and reason is None and final:
        return Reason.EXPIRED
    return reason


_STATUS: dict[tuple[str, str], Reason] = {
    ("1", "0"): Reason.USER_UNKNOWN,
    ("1", "1"): Reason.USER_UNKNOWN,
    ("1", "2"): Reason.HOST_UNKNOWN,
    ("1", "3"): Reason.USER_UNKNOWN,
    ("1", "6"): Reason.MOVED,
    ("1", "7"): Reason.POLICY,
    ("1", "8"): Reason.BLOCKED,
    ("1", "10"): Reason.USER_UNKNOWN,  # Microsoft's RecipientNotFound (RFC 7505: null MX)
    ("2", "0"): Reason.FILTERED,
    ("2", "1"): Reason.SUSPENDED,
    ("2", "2"): Reason.MAILBOX_FULL,
    ("2", "3"): Reason.MESSAGE_TOO_BIG,
    ("2", "4"): Reason.SYSTEM_ERROR,
    ("3", "0"): Reason.SYSTEM_ERROR,
    ("3", "1"): Reason.SYSTEM_ERROR,
    ("3", "2"): Reason.SYSTEM_ERROR,
    ("3", "4"): Reason.MESSAGE_TOO_BIG,
    ("3", "5"): Reason.SYSTEM_ERROR,
    ("4", "0"): Reason.SYSTEM_ERROR,
    ("4", "1"): Reason.SYSTEM_ERROR,
    ("4", "2"): Reason.SYSTEM_ERROR,
    ("4", "3"): Reason.SYSTEM_ERROR,
    ("4", "4"): Reason.HOST_UNKNOWN,
    ("4", "5"): Reason.SYSTEM_ERROR,
    ("4", "6"): Reason.SYSTEM_ERROR,
    ("4", "7"): Reason.EXPIRED,
    ("5", "3"): Reason.SYSTEM_ERROR,
    ("5", "4"): Reason.SYSTEM_ERROR,
    ("6", "0"): Reason.SPAM_DETECTED,
    ("6", "1"): Reason.POLICY,
    ("7", "0"): Reason.POLICY,
    ("7", "1"): Reason.BLOCKED,
    ("7", "2"): Reason.FILTERED,
    ("7", "7"): Reason.POLICY,
    ("7", "8"): Reason.POLICY,
    ("7", "9"): Reason.POLICY,
    ("7", "13"): Reason.SUSPENDED,
    ("7", "14"): Reason.POLICY,
    ("7", "23"): Reason.POLICY,
    ("7", "24"): Reason.POLICY,
    ("7", "25"): Reason.POLICY,
    ("7", "26"): Reason.POLICY,
    ("7", "27"): Reason.HOST_UNKNOWN,
    ("7", "28"): Reason.RATE_LIMITED,
    ("7", "606"): Reason.BLOCKED,
    ("7", "511"): Reason.BLOCKED,
}


@dataclass(frozen=True)
class Notice:
    kind: NoticeKind
    status: str = ""  # enhanced status code, e.g. 5.1.1
    diagnostic: str = ""
    recipient: str = ""  # Final-Recipient, or the complainant's address when given
    message_id: str = ""  # of our original message, when the report quotes it
    original_mail_from: str = ""  # ARF: the return path of the message complained about
    reason: Reason = Reason.UNDEFINED
    feedback_type: str = ""  # ARF: abuse, fraud, opt-out, auth-failure...
    recipients: tuple[str, ...] = field(default=())  # every failed recipient, in order

    @property
    def sender_problem(self) -> bool:
        return self.reason in SENDER_PROBLEMS
