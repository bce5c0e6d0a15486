"""Reading what comes back: the VERP address a report was sent to (`verp_read`: which
client and delivery a return path names; its signature is checked in
services/bounce_notices.py, so a forged bounce suppresses no one), and the report itself
(`notice_read`, from the bounce_reading package: the reason taxonomy, DSNs, the MTAs' own
formats, complaints)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from marketing.delivery.bounce_reading import Notice, NoticeKind, Reason, notice_read

__all__ = ["Reason", "Notice", "NoticeKind", "VerpAddress", "notice_read", "verp_read"]

_VERP = re.compile(
    r"^bounces\+(?P<schema>[a-z0-9_]+)\.(?P<delivery>\d+)\.(?P<token>[0-9a-f]{12})@", re.I
)


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
