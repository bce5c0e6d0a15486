"""What a campaign sends: its template's content as it is when the send starts (the
ledger keeps this snapshot, so later template edits change nothing under way), with the
campaign's header and footer set into the body, the unsubscribe footer when the content
has no unsubscribe link (below), the "View this email in your browser"
line at the top (when the client's global setting "view in browser" is on and the
template does not place the viewInBrowserLink tag itself), its preview text as the hidden
pre-header (when the client's global setting shows preview text), and the system UTM
tags on its web links (unless the campaign's local setting excludes them).

Bulk mail carries an unsubscribe link and the sender's postal address in its body
(CAN-SPAM, the mailbox providers' bulk-sender rules; RFC 8058 covers only the header).
Unless the template, header or footer already places the unsubscribeLink merge tag, the
client's footer (the campaign's, else the client's default footer of the footer settings)
is added with a line holding the client's postal address (campaign settings) and an
Unsubscribe link; the plain-text part gets the same line. A send is refused while no
postal address is on file (validation.py)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass

from django.conf import settings as django_settings
from django.utils.text import slugify

from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignSettings
from marketing.content.selectors import footer_default, footer_get, header_get, template_get
from marketing.delivery.services.web_view import view_line_add
from marketing.rendering.services import (
    UNSUBSCRIBE_LINK,
    html_links_utm_add,
    merge_tags_check,
    text_links_utm_add,
)

_BODY_OPEN = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_BODY_CLOSE = re.compile(r"</body\s*>", re.IGNORECASE)
_UNSUBSCRIBE_TAG = re.compile(rf"(?:<|&lt;)%\s*{UNSUBSCRIBE_LINK}\b", re.IGNORECASE)
_FOOTER_LINE_STYLE = (
    "padding:16px;text-align:center;font-family:Arial,sans-serif;font-size:12px;"
    "line-height:18px;color:#555555"
)


@dataclass(frozen=True)
class CampaignContent:
    subject: str
    html: str
    text: str
    view_in_browser: bool = False  # each message links to its copy in the browser


def _after_body_open(document: str, fragment: str) -> str:
    match = _BODY_OPEN.search(document)
    if match is None:
        return fragment + document
    return document[: match.end()] + fragment + document[match.end() :]


def _before_body_close(document: str, fragment: str) -> str:
    matches = list(_BODY_CLOSE.finditer(document))
    if not matches:
        return document + fragment
    at = matches[-1].start()
    return document[:at] + fragment + document[at:]


def preheader(text: str) -> str:
    """The inbox's preview line: shown by mail clients, hidden in the message."""
    return (
        '<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">'
        f"{html_lib.escape(text)}</div>"
    )


def _footer_block(footer) -> str:
    return (
        f'<div style="background-color:{footer.background_color};'
        f'color:{footer.font_color}">{footer.html}</div>'
    )


def unsubscribe_footer(postal_address: str) -> tuple[str, str]:
    """The line every bulk message carries when its content has no unsubscribe link: the
    postal address and an Unsubscribe link, as HTML and as plain text. The address is the
    client's text: escaped, its "%" too (it never forms a merge tag)."""
    lines = [line.strip() for line in postal_address.splitlines() if line.strip()]
    safe = "<br>".join(html_lib.escape(line).replace("%", "&#37;") for line in lines)
    link = f'<a href="<% {UNSUBSCRIBE_LINK} %>">{messages.FOOTER_UNSUBSCRIBE}</a>'
    html = f'<div style="{_FOOTER_LINE_STYLE}">{safe + "<br>" if safe else ""}{link}</div>'
    text = "\n".join([*lines, f"{messages.FOOTER_UNSUBSCRIBE}: <% {UNSUBSCRIBE_LINK} %>"])
    return html, text


def campaign_content(campaign: Campaign, *, settings: CampaignSettings) -> CampaignContent:
    """Raises NotFound when the template, header or footer is gone."""
    template = template_get(template_id=campaign.template_id)
    document = template.html
    text = template.text
    if campaign.header_id:
        document = _after_body_open(document, header_get(header_id=campaign.header_id).html)
    footer = footer_get(footer_id=campaign.footer_id) if campaign.footer_id else None
    if footer is not None:
        document = _before_body_close(document, _footer_block(footer))
    if not _UNSUBSCRIBE_TAG.search(document):
        if footer is None and (default := footer_default()) is not None:
            document = _before_body_close(document, _footer_block(default))
    if not _UNSUBSCRIBE_TAG.search(document):
        line_html, line_text = unsubscribe_footer(settings.postal_address)
        document = _before_body_close(document, line_html)
        if text.strip() and not _UNSUBSCRIBE_TAG.search(text):
            text = f"{text.rstrip()}\n\n{line_text}\n"
    if settings.view_in_browser:
        # Before the pre-header goes in: the inbox preview starts with the preview text.
        document, text = view_line_add(document, text)
    preview = campaign.preview_text or template.preview_text
    if preview and settings.email_preview_text:
        document = _after_body_open(document, preheader(preview))
    if not campaign.exclude_system_utm:
        utm = utm_params(campaign)
        document, text = html_links_utm_add(document, utm), text_links_utm_add(text, utm)
    return CampaignContent(
        subject=campaign.subject or template.subject,
        html=document,
        text=text,
        view_in_browser=settings.view_in_browser,
    )


def utm_params(campaign: Campaign) -> dict[str, str]:
    """The system UTM tags of the campaign's links: the platform as source (an operator's
    CAMPAIGN_UTM_SOURCE), email as medium, the campaign's name as a slug (its id when the
    name has no letter or digit) as campaign. Links keep any of them the marketer wrote."""
    name = slugify(campaign.name, allow_unicode=True)[:100] or f"campaign-{campaign.pk}"
    return {
        "utm_source": django_settings.CAMPAIGN_UTM_SOURCE,
        "utm_medium": "email",
        "utm_campaign": name,
    }


def content_merge_tag_problems(*contents: CampaignContent) -> dict[str, list[str]]:
    """The merge tags the renderer cannot read in what would be sent (the subject; the
    template with its header and footer), by the campaign field that holds them: a test
    and a send refuse them rather than mail them as raw text."""
    problems: dict[str, list[str]] = {}
    for content in contents:
        found = merge_tags_check(subject=content.subject, html=content.html, text=content.text)
        for part, refusals in found.items():
            listed = problems.setdefault("subject" if part == "subject" else "templateId", [])
            listed += [message for message in refusals if message not in listed]
    return problems
