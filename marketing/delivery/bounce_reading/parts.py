"""The pieces of a report message: its decoded headers, the report's own text (without
the returned original), the returned original's headers, and the addresses in a text.
Every function here answers something (an empty string at worst) for any input."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from email import message_from_bytes, message_from_string
from email.errors import CharsetError, HeaderParseError
from email.header import decode_header, make_header
from email.message import Message

ADDRESS = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)+"
)
_TAG = re.compile(r"<(?:style|script)\b.*?</(?:style|script)>|<[^>]+>", re.I | re.S)
_BREAK = re.compile(r"<\s*(?:br|/p|/div|/tr|/li)\b[^>]*>", re.I)
_ORIGINAL_MARKERS = re.compile(
    r"^[ \t>-]*(?:"
    r"-+ ?this is a copy of the message|"
    r"-+ ?below this line is a copy of the message|"
    r"-+ ?original message(?: follows)? ?-+|"
    r"-+ ?(?:the )?(?:unsent|returned|original) message(?: header)?s? (?:follows|is attached)|"
    r"-+ ?message header follows|"
    r"original message headers:|"
    r"-* ?message headers follow|"
    r"below is a copy of the original message|"
    r"-+ ?the header of the original message|"
    r"-+ ?(?:start of )?(?:returned|original) (?:message|mail|content|headers)|"
    r"content-type: message/rfc822"
    r")",
    re.I | re.M,
)
AUTOMATED_SENDERS = ("mailer-daemon", "postmaster", "post_master", "mailer_daemon", "mail delivery")


def load(raw: bytes) -> Message:
    """The message, its line ends made LF first (old Mac mailers end lines with CR)."""
    return message_from_bytes(raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n"))


def header(message: Message, name: str) -> str:
    """A header's value, decoded (RFC 2047) and on one line."""
    value = message.get(name)
    if value is None:
        return ""
    try:
        text = str(make_header(decode_header(str(value))))
    except (ValueError, LookupError, UnicodeError, TypeError, HeaderParseError):
        text = str(value)
    return " ".join(text.split())


def part_text(part: Message) -> str:
    """A leaf part's text, decoded by its transfer encoding and charset; HTML as text."""
    payload = part.get_payload(decode=True)
    if payload is None:
        inner = part.get_payload()
        if isinstance(inner, list):
            return "\n\n".join(_as_text(item) for item in inner)
        return inner if isinstance(inner, str) else ""
    try:
        charset = part.get_content_charset() or "utf-8"
    except (CharsetError, ValueError, LookupError):  # a mangled charset name
        charset = "utf-8"
    try:
        text = payload.decode(charset, "replace")
    except LookupError:
        text = payload.decode("utf-8", "replace")
    if part.get_content_type() == "text/html":
        text = html.unescape(_TAG.sub(" ", _BREAK.sub("\n", text)))
    return text


def _as_text(item: object) -> str:
    if isinstance(item, Message):
        try:
            return item.as_string()
        except (ValueError, LookupError, UnicodeError, TypeError, AttributeError, HeaderParseError):
            # A header that will not fold: the fields as they are.
            return "\n".join(f"{k}: {v}" for k, v in item.items())
    return str(item)


@dataclass
class Pieces:
    text: str  # the report's human-readable text (the original cut off)
    status_texts: list[str]  # message/delivery-status parts, as text
    feedback_texts: list[str]  # message/feedback-report parts, as text
    original: Message | None  # the returned original message or its headers
    original_text: str  # the returned original when quoted inline
    json_texts: list[str]  # application/json parts, or a body that is JSON


def pieces(message: Message) -> Pieces:
    found = Pieces("", [], [], None, "", [])
    texts: list[str] = []
    _collect(message, found, texts, depth=0)
    text = "\n".join(texts)
    cut = _ORIGINAL_MARKERS.search(text)
    if cut:
        found.original_text = text[cut.start() :]
        text = text[: cut.start()]
    found.text = text
    return found


def _collect(part: Message, found: Pieces, texts: list[str], depth: int) -> None:
    if depth > 20:
        return
    ctype = part.get_content_type()
    if ctype in (
        "message/delivery-status",
        "message/global-delivery-status",
        "text/delivery-status",
    ):
        found.status_texts.append(part_text(part))
    elif ctype == "message/feedback-report":
        found.feedback_texts.append(part_text(part))
    elif ctype in (
        "message/rfc822",
        "message/global",
        "text/rfc822-headers",
        "message/rfc822-headers",
        "message/global-headers",
    ):
        if found.original is None:
            found.original = _original(part)
    elif part.is_multipart():
        for child in part.get_payload() or []:
            if isinstance(child, Message):
                _collect(child, found, texts, depth + 1)
    elif part.get_content_maintype() == "multipart":
        # A multipart whose boundary never occurs (it happens): its body read as text.
        texts.append(part_text(part))
    elif ctype == "application/json":
        found.json_texts.append(part_text(part))
    elif (
        part.get_content_maintype() == "text" or ctype == "application/octet-stream" and depth == 0
    ):
        text = part_text(part)
        if text.lstrip().startswith("{") and depth == 0:
            found.json_texts.append(text)
        texts.append(text)


def _original(part: Message) -> Message | None:
    payload = part.get_payload()
    if isinstance(payload, list) and payload and isinstance(payload[0], Message):
        return payload[0]
    text = part_text(part)
    return message_from_string(text.lstrip()) if text.strip() else None


def original_headers(found: Pieces) -> Message | None:
    """The returned original's headers: the attached one, else the inline copy."""
    if found.original is not None:
        return found.original
    if not found.original_text:
        return None
    lines = found.original_text.splitlines()[1:]
    while lines and not lines[0].strip():
        lines.pop(0)
    block = "\n".join(line.strip() if not line[:1].isspace() else line for line in lines)
    return message_from_string(block)


def message_id_of(original: Message | None, original_text: str) -> str:
    if original is not None:
        found = header(original, "Message-ID")
        if found:
            return found.strip().strip("<>")
    match = re.search(r"^\s*Message-ID:\s*<?([^\s>]+)", original_text, re.I | re.M)
    return match.group(1) if match else ""


def addresses(text: str) -> list[str]:
    return [a.lower().strip(".") for a in ADDRESS.findall(text)]


def is_automated(address: str) -> bool:
    local = address.partition("@")[0].lower()
    return any(word.replace(" ", "-") in local for word in AUTOMATED_SENDERS)
