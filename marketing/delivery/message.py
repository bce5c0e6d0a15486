"""One outgoing message as the bytes an SMTP DATA command carries.

Built by hand rather than with `email.message.EmailMessage`: the send pipeline assembles
thousands of messages a second and the standard library's policy machinery costs more
than the rest of the message put together. What it guarantees:

- multipart/alternative with the plain text first and the HTML last (clients show the
  last part they can render); a single text/plain part when there is no HTML;
- each part 7bit, as written, when it can go so: ASCII, no NUL, no line over RFC 5322's
  998 characters and none ending in white space (a relay may trim it, and the DKIM body
  is signed as it is, dkim.py); else quoted-printable, whose lines stay within 76
  characters whatever the template holds. Most templates go 7bit: nothing to encode per
  message, and the HTML's `=` signs are not tripled on the wire;
- header values never carry CR or LF from their inputs (a profile field cannot add a
  header), and non-ASCII text is RFC 2047-encoded and folded with CRLF;
- the one-click unsubscribe pair (RFC 8058), `List-Id` and `Feedback-ID` on bulk mail,
  which the DKIM signer (dkim.py) signs and over-signs.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.header import Header
from email.utils import format_datetime, formataddr
from functools import lru_cache

from django.utils import timezone

from marketing.rendering.services import header_safe

BOUNDARY_PREFIX = "=_mailcraft_"
# RFC 5322 2.1.1: a line holds at most 998 characters, its CRLF aside.
MAX_LINE = 998
# Characters of encoded lines a run keeps (EncodedLines): a template's lines fit, and
# memory stays flat however many personalised lines (a minified template's only line)
# the run meets.
KNOWN_LINES_CHARACTERS = 1_000_000


def header_text(value: str) -> str:
    """A header value from untrusted text: no control characters (CR and LF above all:
    nothing can start a new header line; the renderer's rule), no surrounding spaces."""
    return header_safe(value).strip()


def _encoded(name: str, value: str) -> str:
    """`Name: value` with CRLF folding; RFC 2047 encoded words where not ASCII."""
    value = header_text(value)
    if value.isascii() and len(name) + len(value) < 996:
        return f"{name}: {value}"
    encoded = Header(value, "utf-8", maxlinelen=76, header_name=name).encode(linesep="\r\n")
    return f"{name}: {encoded}"


@lru_cache(maxsize=1024)  # a send's From and Reply-To, message after message
def address(display_name: str, email: str) -> str:
    """`"Name" <local@domain>` with the domain in IDNA form and the name encoded."""
    local, _, domain = header_text(email).rpartition("@")
    domain = domain.encode("idna").decode("ascii") if not domain.isascii() else domain
    return formataddr((header_text(display_name), f"{local}@{domain}"), charset="utf-8")


class EncodedLines:
    """Quoted-printable lines met in a run's earlier messages: the template's lines
    without a personalised value are the same in every message, so each is encoded once
    per run (up to KNOWN_LINES_CHARACTERS)."""

    __slots__ = ("lines", "room")

    def __init__(self) -> None:
        self.lines: dict[str, bytes] = {}
        self.room = KNOWN_LINES_CHARACTERS


@lru_cache(maxsize=4)
def _date_header(second: int) -> str:
    """`Date: ...` of a moment to the second (the header's precision): once a second."""
    return f"Date: {format_datetime(datetime.fromtimestamp(second, UTC))}"


def _quoted_printable(lines: list[str], known: EncodedLines | None = None) -> bytes:
    """UTF-8, quoted-printable with CRLF line ends (binascii is C: fast), line by line: a
    hard line break starts the encoder's count again, so each line is encoded on its own
    and the lines `known` already holds are not encoded again."""
    encoded_lines = known.lines if known is not None else {}
    out = []
    for line in lines:
        encoded = encoded_lines.get(line)
        if encoded is None:
            encoded = binascii.b2a_qp(line.encode("utf-8"), quotetabs=False, istext=True)
            encoded = encoded.replace(b"\n", b"\r\n")
            if known is not None and known.room > len(line):
                known.room -= len(line)
                encoded_lines[line] = encoded
        out.append(encoded)
    return b"\r\n".join(out)


def _goes_as_written(text: str, lines: list[str], boundary: str) -> bool:
    """Whether a part can go 7bit (RFC 2045 2.7) as written: ASCII, no NUL, every line
    within MAX_LINE and none ending in a space or tab, and nothing that could read as the
    message's MIME boundary (quoted-printable never can: it encodes every `=`)."""
    return (
        text.isascii()
        and "\0" not in text
        and max(map(len, lines)) <= MAX_LINE
        and not any(line[-1:] in (" ", "\t") for line in lines)
        and (not boundary or boundary not in text)
    )


def part_body(
    text: str, known: EncodedLines | None = None, *, boundary: str = ""
) -> tuple[bytes, bytes]:
    """A part's Content-Transfer-Encoding and its body with CRLF line ends: 7bit as written
    where it can go so, else quoted-printable."""
    if "\r" in text:  # a search in C first: rendered parts seldom have one
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if _goes_as_written(text, lines, boundary):
        return b"7bit", "\r\n".join(lines).encode("ascii")
    return b"quoted-printable", _quoted_printable(lines, known)


@dataclass(frozen=True)
class OutgoingMessage:
    from_name: str
    from_address: str
    to_address: str
    subject: str
    html: str
    text: str
    message_id: str  # without angle brackets; deterministic per (send, recipient)
    reply_to: str = ""
    list_unsubscribe_url: str = ""  # https one-click endpoint (RFC 8058)
    list_unsubscribe_mailto: str = ""
    list_id: str = ""  # e.g. "Newsletter <newsletter.42.shop.example>"
    feedback_id: str = ""  # e.g. "campaign42:client7:mailcraft"
    date: object = None  # aware datetime; now when None
    extra_headers: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def as_bytes(self, known: EncodedLines | None = None) -> bytes:
        """The message; `known`: a run's encoded lines, kept across its messages."""
        headers, body = self.parts(known)
        return b"\r\n".join(headers) + b"\r\n\r\n" + body

    def parts(self, known: EncodedLines | None = None) -> tuple[list[bytes], bytes]:
        """The header lines (`Name: value`, folded with CRLF where folded, no line end)
        and the body: what a DKIM signer reads, without parsing them back."""
        boundary = BOUNDARY_PREFIX + self.message_id.replace("@", ".")[:50]
        headers = [
            f"From: {address(self.from_name, self.from_address)}",
            f"To: {address('', self.to_address)}",
            _encoded("Subject", self.subject),
            (
                f"Date: {format_datetime(self.date)}"
                if self.date
                else _date_header(int(timezone.now().timestamp()))
            ),
            f"Message-ID: <{header_text(self.message_id)}>",
            "MIME-Version: 1.0",
        ]
        if self.html:
            headers.append(f'Content-Type: multipart/alternative; boundary="{boundary}"')
        else:  # a plain-text email: one part (an empty HTML part is what filters flag)
            headers.append("Content-Type: text/plain; charset=utf-8")
            encoding, text = part_body(self.text, known)
            headers.append(f"Content-Transfer-Encoding: {encoding.decode()}")
        if self.reply_to:
            headers.append(f"Reply-To: {address('', self.reply_to)}")
        unsubscribe = [
            f"<{header_text(target)}>"
            for target in (self.list_unsubscribe_url, self.list_unsubscribe_mailto)
            if target
        ]
        if unsubscribe:
            headers.append("List-Unsubscribe: " + ",\r\n ".join(unsubscribe))
        if self.list_unsubscribe_url:
            headers.append("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
        if self.list_id:
            headers.append(_encoded("List-Id", self.list_id))
        if self.feedback_id:
            headers.append(f"Feedback-ID: {header_text(self.feedback_id)}")
        headers.extend(_encoded(name, value) for name, value in self.extra_headers)
        head = [header.encode("ascii") for header in headers]
        if not self.html:
            return head, text + b"\r\n"
        marker = f"--{boundary}".encode("ascii")
        part_head = b"\r\nContent-Type: text/%s; charset=utf-8\r\n"
        part_head += b"Content-Transfer-Encoding: %s\r\n\r\n"
        text_encoding, text = part_body(self.text, known, boundary=boundary)
        html_encoding, html = part_body(self.html, known, boundary=boundary)
        return head, b"".join(
            (
                b"This is a multi-part message in MIME format.\r\n",
                marker,
                part_head % (b"plain", text_encoding),
                text,
                b"\r\n",
                marker,
                part_head % (b"html", html_encoding),
                html,
                b"\r\n",
                marker,
                b"--\r\n",
            )
        )
