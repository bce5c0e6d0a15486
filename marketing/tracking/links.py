"""Rewriting a message's links for tracking, and its open pixel (called by delivery's
sending through services.send_tracking_start).

What is rewritten to `<tracking origin>/t/c/<token>`: the HTML part's http and https
links whose href is written out in full (no merge tag), outside RSS loops, and the hidden
honeypot links (rendering's bot traps, recorded with indexes from HONEYPOT_BASE up). Each
is recorded once per send (SendLink) and a click goes to that recorded URL only.

What is left as written:
- links holding a merge tag (`https://shop.example/?id=<% customerId %>`,
  `<% websiteLink %>`): their destination differs per recipient, and the redirect could
  only find it by reading the profile (a database read on every click) or by trusting a
  URL carried in the request (an open redirect); neither is acceptable, so personalised
  links go out personalised and untracked;
- the message's own unsubscribe and update-preferences links (merge tags, so already
  above): a scanner must not be sent through a redirect to them, and RFC 8058 one-click
  needs the bare link;
- mailto:, tel:, sms: and every other non-web protocol (nothing to redirect).

The pixel is a 1x1 image at `<tracking origin>/t/o/<token>` put before `</body>` (or at
the end), in messages that already show an image. A message without one goes without
the pixel: SpamAssassin's HTML_IMAGE_ONLY_* rules fire on any <img> in an HTML part with
under 3,200 bytes of text, and measured on our stock messages the pixel alone added 1.4
to 2.8 points (tests/marketing/delivery/test_spam_score.py); such a message's opens are
not counted, its clicks are.

Links are duck-typed rendering Link objects (index, url, static, tracked): this app sits
below rendering and does not import it."""

from __future__ import annotations

import re
import time

from marketing.tracking.tokens import CLICK, HONEYPOT_BASE, OPEN, TrackingToken, tracking_token

_WEB = re.compile(r"^https?://[^\s/?#]+", re.I)
# Matched against the HTML lowered (str.lower in C): a search without IGNORECASE scans
# for its literal prefix in C, one with it steps through every character.
_BODY_END = re.compile(r"</body\s*>")
_IMAGE = re.compile(r"<img\b")


def link_index(link) -> int | None:
    """The tracked index of a rendering Link (a honeypot's from HONEYPOT_BASE), or None
    when the link is left as written."""
    if not link.static or not _WEB.match(link.url):
        return None
    if link.index < 0:  # a bot trap: -1, -2, ...
        return HONEYPOT_BASE - 1 - link.index
    return link.index if link.tracked else None


class MessageTracking:
    """One send's tracking: `for_message(profile_id)` gives the link rewriter (for
    rendering's LinkTracking.href) and the pixel adder of one recipient's message."""

    def __init__(self, *, client_id: int, send_id: int, origin: str, indexes: frozenset[int]):
        self.client_id = client_id
        self.send_id = send_id
        self.origin = origin.rstrip("/")
        self.indexes = indexes

    def for_message(self, profile_id: int, sent_at: int | None = None) -> Message:
        return Message(self, profile_id, int(time.time()) if sent_at is None else sent_at)


class Message:
    __slots__ = ("tracking", "profile_id", "sent_at")

    def __init__(self, tracking: MessageTracking, profile_id: int, sent_at: int):
        self.tracking, self.profile_id, self.sent_at = tracking, profile_id, sent_at

    def _token(self, purpose: bytes, link: int) -> str:
        t = self.tracking
        return tracking_token(
            purpose, TrackingToken(t.client_id, t.send_id, self.profile_id, link, self.sent_at)
        )

    def href(self, link) -> str | None:
        """The click URL of a rendering Link, or None to leave it as written."""
        index = link_index(link)
        if index is None or index not in self.tracking.indexes:
            return None
        return f"{self.tracking.origin}/t/c/{self._token(CLICK, index)}"

    def pixel_add(self, html: str) -> str:
        if not html:
            return html
        # U+0130 is the one character str.lower makes two of: swapped first, the lowered
        # text's offsets are the HTML's.
        lowered = html.replace("\u0130", "I").lower()
        if not _IMAGE.search(lowered):
            return html
        tag = (
            f'<img src="{self.tracking.origin}/t/o/{self._token(OPEN, 0)}" width="1" '
            'height="1" alt="" style="display:block;border:0;width:1px;height:1px">'
        )
        at = lowered.rfind("</body")
        while at >= 0 and not _BODY_END.match(lowered, at):
            at = lowered.rfind("</body", 0, at)
        if at < 0:
            return html + tag
        return html[:at] + tag + html[at:]
