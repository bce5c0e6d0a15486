"""A message's copy in the browser ("View in browser", Mailchimp's *|ARCHIVE|*).

A send with `view_in_browser` gives each message a link `/v/<token>` on the client's own
host (`sending.web_view_url`, the `viewInBrowserLink` merge tag): a recipient token of the
WEB_VIEW action, so it names one profile of one send, is refused on another client's host
and cannot be altered. When the template places no such tag, the campaign puts
`VIEW_LINE_HTML` at the top of the body and `VIEW_LINE_TEXT` at the top of the text part
(`view_line_add`, before the hidden pre-header goes in, so the inbox preview still starts
with the preview text).

`web_view_render(token)` is the page: the send's frozen subject and HTML, rendered with
the profile's merge values as they are now, its own unsubscribe and preferences links and
the same click links as the message (the links the send recorded, with the time the
message was sent, so a click counts as the message's), without the open pixel and
without the "View this email in your browser" line. Reading it records nothing: not an
open (a person who opens the page has usually opened the message already; Mailchimp
counts it, we keep the figures to what the mailbox reported) nor any other event.

A token that does not verify, a send or ledger row that does not exist, and a profile
deleted or erased since all answer NotFound, one message for all."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass

from django.db import connection

from core.errors import NotFound
from marketing.audience.selectors.mailable import profiles_by_id
from marketing.delivery.messages import WEB_VIEW_NOT_FOUND
from marketing.delivery.models import Delivery, Send
from marketing.delivery.services.batch_sending import message_links
from marketing.delivery.services.ledger import Claimed
from marketing.delivery.services.recipients import AddressOnly, is_address_row
from marketing.delivery.services.tracked import tracking_origin
from marketing.delivery.tokens import WEB_VIEW, BadToken, recipient_token_read
from marketing.rendering.services import (
    VIEW_IN_BROWSER_LINK,
    LinkTracking,
    render_context_for_profile,
    render_shared,
    template_compile,
)
from marketing.tracking.selectors import send_link_indexes
from marketing.tracking.services import MessageTracking

_VIEW_TAG = f"<% {VIEW_IN_BROWSER_LINK} %>"
VIEW_LINE_TEXT = f"View this email in your browser: {_VIEW_TAG}\n\n"
VIEW_LINE_HTML = (
    '<div style="padding:8px 0;text-align:center;font-family:Arial,Helvetica,sans-serif;'
    'font-size:12px;line-height:18px;color:#5f6368">'
    f'<a href="{_VIEW_TAG}" style="color:#5f6368;text-decoration:underline">'
    "View this email in your browser</a></div>"
)
_TAG_RE = re.compile(rf"(?:<|&lt;)%\s*{VIEW_IN_BROWSER_LINK}\b", re.I)
_BODY_OPEN = re.compile(r"<body\b[^>]*>", re.I)
_HEAD_OPEN = re.compile(r"<head\b[^>]*>", re.I)
_HTML_OPEN = re.compile(r"<html\b[^>]*>", re.I)
_TITLE = re.compile(r"<title\b", re.I)


def view_line_add(html: str, text: str) -> tuple[str, str]:
    """The content with the "View this email in your browser" line at the top of each
    part, unless the HTML places the viewInBrowserLink tag itself (then the text part is
    left as written too). An empty part stays empty (delivery makes a missing text part
    from the HTML, line included)."""
    if _TAG_RE.search(html or "") or _TAG_RE.search(text or ""):
        return html, text
    if html:
        body = _BODY_OPEN.search(html)
        at = body.end() if body else 0
        html = html[:at] + VIEW_LINE_HTML + html[at:]
    if text:
        text = VIEW_LINE_TEXT + text
    return html, text


@dataclass(frozen=True)
class WebView:
    subject: str
    html: str  # a whole document


def _profile(profile_id: int, email: str):
    if is_address_row(profile_id):  # a test send's typed address: fallbacks only
        return AddressOnly(email)
    profile = profiles_by_id([profile_id]).get(profile_id)
    if profile is None or profile.deleted_at is not None:
        raise NotFound(WEB_VIEW_NOT_FOUND)
    return profile


def _document(subject: str, html: str) -> str:
    """`html` as a page with the subject as its title (when it has none)."""
    title = f"<title>{html_lib.escape(subject)}</title>"
    if _TITLE.search(html):
        return html
    head = _HEAD_OPEN.search(html)
    if head:
        return html[: head.end()] + title + html[head.end() :]
    root = _HTML_OPEN.search(html)
    if root:
        return f"{html[: root.end()]}<head>{title}</head>{html[root.end() :]}"
    head = f'<!DOCTYPE html><html><head><meta charset="utf-8">{title}</head>'
    return f"{head}<body>{html}</body></html>"


def web_view_render(token: str) -> WebView:
    """The message of the token's recipient as a page (module docstring); NotFound for
    any token, send, row or profile that does not hold."""
    try:
        profile_id, send_id = recipient_token_read(WEB_VIEW, token, schema=connection.schema_name)
    except BadToken:
        raise NotFound(WEB_VIEW_NOT_FOUND) from None
    send = Send.objects.filter(pk=send_id, view_in_browser=True).first()
    row = (
        Delivery.objects.filter(send_id=send_id, profile_id=profile_id)
        .values("id", "email", "sent_at")
        .first()
    )
    if send is None or row is None:
        raise NotFound(WEB_VIEW_NOT_FOUND)
    profile = _profile(profile_id, row["email"])
    claimed = Claimed(row["id"], profile_id, row["email"], "", 0)
    sent_at = int(row["sent_at"].timestamp()) if row["sent_at"] else None
    tracker = MessageTracking(
        client_id=connection.tenant.pk,
        send_id=send.pk,
        origin=tracking_origin(),
        indexes=frozenset(send_link_indexes(send.pk)),
    )
    links = message_links(send, claimed)
    # Rendered as the message was (the line's link counts in the link indexes), then the
    # line taken out of what was rendered.
    compiled = template_compile(send.subject, send.html, "" if send.html else send.text)
    rendered = compiled.render(
        render_context_for_profile(
            profile,
            shared=render_shared(
                values={"campaignId": send.source_id or ""}, rss_channel=send.rss_channel
            ),
            extra=links,
            tracking=LinkTracking(href=tracker.for_message(profile_id, sent_at).href),
        )
    )
    own = links[VIEW_IN_BROWSER_LINK]  # a base64url token: nothing to escape
    if send.html:
        html = rendered.html.replace(VIEW_LINE_HTML.replace(_VIEW_TAG, own), "", 1)
        return WebView(rendered.subject, _document(rendered.subject, html))
    text = rendered.text.replace(VIEW_LINE_TEXT.replace(_VIEW_TAG, own), "", 1)
    body = (
        '<pre style="white-space:pre-wrap;font:15px/1.5 sans-serif;margin:16px">'
        f"{html_lib.escape(text)}</pre>"
    )
    return WebView(rendered.subject, _document(rendered.subject, body))
