"""Delivery status notifications (RFC 3464): the per-recipient fields of a
`message/delivery-status` part, or the same fields written into a text part by MTAs that
put them in the body (some Exchange, qmail and appliance versions do)."""

from __future__ import annotations

import re
from dataclasses import dataclass

STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
REPLY = re.compile(r"(?<![\d.])([245])\d\d(?![\d.])")
ACTIONS = ("failed", "delayed", "delivered", "relayed", "expanded")
_FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9-]*)\s*:\s*(.*)$")


@dataclass
class Entry:
    recipient: str = ""
    action: str = ""
    status: str = ""
    diagnostic: str = ""


def status_in(text: str) -> str:
    match = STATUS.search(text)
    return ".".join(match.groups()) if match else ""


def _unfolded(text: str) -> list[str]:
    lines: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line[:1] in (" ", "\t") and lines and lines[-1].strip():
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.rstrip())
    return lines


def _address(value: str) -> str:
    value = value.partition(";")[2] if ";" in value else value
    value = value.strip().strip("<>").strip()
    match = re.search(r"[^\s<>\"'();,]+@[^\s<>\"'();,]+", value)
    return match.group(0).strip(".").lower() if match else ""


def entries(text: str) -> list[Entry]:
    """One entry per recipient block that names a recipient, an action or a status."""
    found: list[Entry] = []
    fields: dict[str, str] = {}
    for line in [*_unfolded(text), ""]:
        match = _FIELD.match(line.strip()) if line.strip() else None
        if match:
            fields.setdefault(match.group(1).lower(), match.group(2).strip())
            continue
        if line.strip() and fields:
            continue  # stray text in a block: keep reading its fields
        entry = _entry(fields)
        if entry is not None:
            found.append(entry)
        fields = {}
    return found


def _entry(fields: dict[str, str]) -> Entry | None:
    recipient = _address(
        fields.get("final-recipient")
        or fields.get("original-recipient")
        or fields.get("x-actual-recipient")
        or ""
    )
    action = fields.get("action", "").lower().split(" ")[0].strip("()")
    action = action if action in ACTIONS else ""
    status = status_in(fields.get("status", ""))
    diagnostic = fields.get("diagnostic-code", "")
    if ";" in diagnostic[:20]:
        diagnostic = diagnostic.partition(";")[2]
    diagnostic = " ".join(diagnostic.split())
    if not (recipient or action or status):
        return None
    return Entry(recipient, action, status, diagnostic)
