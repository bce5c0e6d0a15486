"""The human-readable bounce formats of MTAs that send no RFC 3464 part, or one without
the recipient: where the failed address and its reason are in the text.

- qmail, Yahoo, Courier, Postfix's own text: `<addr>:` then the reason (same or next lines);
- Exim: `  addr` indented two spaces, the reason indented four below it, and
  `X-Failed-Recipients`;
- Sendmail and V5 sendmail: `<addr>... User unknown` in the session transcript;
- Exchange, Office 365, Outlook.com, Gmail, Domino, GroupWise, Notes, Zoho, Mail.ru and
  the like: the address a few lines after a sentence saying it failed ("could not be
  reached", "failed permanently", "was not delivered to", ...);
- Amazon SES's JSON notifications (`bouncedRecipients` with their diagnostic codes).

Each reader answers (recipient, reason text) pairs; the first that finds any wins."""

from __future__ import annotations

import re
from email.message import Message

from marketing.delivery.bounce_reading.parts import ADDRESS, addresses, header, is_automated

_ANGLE_COLON = re.compile(r"^\s*<([^<>\s]+@[^<>\s]+)>(?: \(expanded from <[^>]*>\))?\s*:\s*(.*)$")
_EXIM_ADDRESS = re.compile(r"^ {2}(\S+@\S+?)(?::|\s*$|\s+[\(<]?[A-Za-z].*$)")
_SENDMAIL = re.compile(r"<?([^\s<>]+@[^\s<>]+?)>?\.\.\. (.+)$")
_BARE_COLON = re.compile(r"^\s*([^\s<>:;,\"']+@[^\s<>:;,\"']+):\s+(\d{3}\b.*)$")
_RCPT = re.compile(
    r"(?:RCPT TO:?|rejected recipient|recipient address:?|recipient:|unknown user:?|"
    r"user unknown:?|delivered to:?|failed to deliver to|userid:)\s*"
    r"<?([^\s<>:;,\"']+@[^\s<>:;,\"']+?)>?(?=[\s:;,\"')\]]|$)",
    re.I,
)
_MARKERS = re.compile(
    r"could not be (?:reached|delivered)|failed permanently|was not delivered to|"
    r"following (?:recipient|address)(?:es|\(es\)|s|\(s\))?|delivery (?:has )?failed|"
    r"not (?:be )?delivered to|undeliverable to|permanent(?:ly)? (?:fatal )?error|"
    r"unable to deliver|rejected your message to|delivery to the following|"
    r"couldn't be delivered to|message wasn't delivered|message to .{0,80} (?:was|could)|"
    r"addresses? failed|(?:delivery|message) to|failed recipient|recipient address",
    re.I,
)


def _block(lines: list[str], start: int, *, indented: bool) -> str:
    """The reason text after line `start`: the following lines, until a blank line (or,
    `indented`, until one that is not indented)."""
    taken: list[str] = []
    for line in lines[start + 1 : start + 12]:
        if not line.strip():
            if taken:
                break
            continue
        if indented and not line[:1].isspace():
            break
        if _ANGLE_COLON.match(line):
            break
        taken.append(line.strip())
    return " ".join(taken)


def angle_colon(lines: list[str]) -> list[tuple[str, str]]:
    found = []
    for i, line in enumerate(lines):
        match = _ANGLE_COLON.match(line)
        if match:
            found.append(
                (match.group(1).lower(), f"{match.group(2)} {_block(lines, i, indented=False)}")
            )
    return found


def bare_colon(lines: list[str]) -> list[tuple[str, str]]:
    """OpenSMTPD: `addr: 550 5.1.1 ...` on one line."""
    return [(m.group(1).lower(), m.group(2)) for m in map(_BARE_COLON.match, lines) if m]


def exim(lines: list[str]) -> list[tuple[str, str]]:
    found = []
    for i, line in enumerate(lines):
        match = _EXIM_ADDRESS.match(line)
        if match and "@" in match.group(1) and ADDRESS.search(match.group(1)):
            address = addresses(match.group(1))[0]
            found.append((address, f"{line[match.end(1) :]} {_block(lines, i, indented=True)}"))
    return found


def sendmail(lines: list[str]) -> list[tuple[str, str]]:
    found = []
    for i, line in enumerate(lines):
        match = _SENDMAIL.search(line)
        if match and ADDRESS.search(match.group(1)):
            text = match.group(2)
            if i + 1 < len(lines) and re.match(r"\s*[45]\d\d\b", lines[i + 1]):
                text += " " + lines[i + 1].strip()
            found.append((addresses(match.group(1))[0], text))
    if found:
        return found
    for i, line in enumerate(lines):  # "----- The following addresses had permanent fatal errors"
        if "following addresses had" in line.lower():
            nearby = [a for a in addresses(" ".join(lines[i + 1 : i + 3]))]
            if nearby:
                found.append((nearby[0], _block(lines, i + 1, indented=True)))
    return found


def after_marker(lines: list[str], own: set[str]) -> list[tuple[str, str]]:
    for i, line in enumerate(lines):
        if not _MARKERS.search(line):
            continue
        for j in range(i, min(i + 8, len(lines))):
            candidates = [a for a in addresses(lines[j]) if a not in own and not is_automated(a)]
            if candidates:
                return [(candidates[0], " ".join(x.strip() for x in lines[j : j + 12]))]
    return []


def rcpt_to(lines: list[str]) -> list[tuple[str, str]]:
    """`RCPT TO:<addr>` in a transcript, `rejected recipient <addr>` and the like."""
    for i, line in enumerate(lines):
        match = _RCPT.search(line)
        if match:
            return [(match.group(1).lower(), " ".join(x.strip() for x in lines[i : i + 6]))]
    return []


_LABELLED = re.compile(r"^\s*[A-Za-z][^:<>@]{3,80}:\s*<?([^\s<>:;,\"']+@[^\s<>:;,\"']+?)>?\s*$")
_ALONE = re.compile(r"^\s*<?([^\s<>:;,\"']+@[^\s<>:;,\"']+?)>?\s*$")


def labelled_or_alone(lines: list[str], own: set[str]) -> list[tuple[str, str]]:
    """IMail's `Reason words: addr`, or an address alone on its line (au's, Notes'),
    the reason in the lines around it."""
    for pattern in (_LABELLED, _ALONE):
        for i, line in enumerate(lines):
            match = pattern.match(line)
            if match and match.group(1).lower() not in own and not is_automated(match.group(1)):
                around = " ".join(x.strip() for x in lines[max(0, i - 3) : i + 3])
                return [(match.group(1).lower().strip("."), around)]
    return []


def text_recipients(text: str, own: set[str]) -> list[tuple[str, str]]:
    """(recipient, reason text) pairs the human-readable text gives. The formats that
    name the failed address unmistakably are trusted even when it is the sender's own
    (a message to oneself); the looser readers skip the report's own addresses."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for reader in (angle_colon, bare_colon, exim, sendmail):
        found = [(a, t) for a, t in reader(lines) if not is_automated(a)]
        if found:
            return found
    return rcpt_to(lines) or after_marker(lines, own) or labelled_or_alone(lines, own)


def header_recipients(message: Message) -> list[str]:
    """X-Failed-Recipients (Exim), Original-Rcpt-To and kin on the report itself."""
    for name in (
        "X-Failed-Recipients",
        "X-Failed-Recipient",
        "Original-Rcpt-To",
        "X-Original-Rcpt-To",
        "X-Actual-Recipient",
    ):
        found = addresses(header(message, name))
        if found:
            return found
    return []


def ses_bounce(data: dict) -> list[tuple[str, str, str, str]]:
    """(recipient, action, status, diagnostic) from an SES Bounce or Delivery notice."""
    kind = data.get("notificationType") or data.get("eventType")
    if kind == "Delivery":
        people = (data.get("delivery") or {}).get("recipients") or []
        return [(str(p).lower(), "delivered", "2.0.0", "") for p in people]
    if kind != "Bounce":
        return []
    bounce = data.get("bounce") or {}
    found = []
    for person in bounce.get("bouncedRecipients") or []:
        if not isinstance(person, dict):
            continue
        found.append(
            (
                str(person.get("emailAddress", "")).lower(),
                str(person.get("action", "failed")),
                str(person.get("status", "")),
                f"{person.get('diagnosticCode', '')} {bounce.get('bounceSubType', '')}",
            )
        )
    return found
