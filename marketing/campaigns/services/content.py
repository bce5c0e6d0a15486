"""What a campaign sends: its template's content as it is when the send starts (the
ledger keeps this snapshot, so later template edits change nothing under way), with the
campaign's header and footer set into the body and its preview text as the hidden
pre-header (when the client's global setting shows preview text)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass

from marketing.campaigns.models import Campaign, CampaignSettings
from marketing.content.selectors import footer_get, header_get, template_get

_BODY_OPEN = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_BODY_CLOSE = re.compile(r"</body\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class CampaignContent:
    subject: str
    html: str
    text: str


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


def campaign_content(campaign: Campaign, *, settings: CampaignSettings) -> CampaignContent:
    """Raises NotFound when the template, header or footer is gone."""
    template = template_get(template_id=campaign.template_id)
    document = template.html
    text = template.text
    if campaign.header_id:
        document = _after_body_open(document, header_get(header_id=campaign.header_id).html)
    if campaign.footer_id:
        footer = footer_get(footer_id=campaign.footer_id)
        block = (
            f'<div style="background-color:{footer.background_color};'
            f'color:{footer.font_color}">{footer.html}</div>'
        )
        document = _before_body_close(document, block)
    preview = campaign.preview_text or template.preview_text
    if preview and settings.email_preview_text:
        document = _after_body_open(document, preheader(preview))
    return CampaignContent(subject=campaign.subject or template.subject, html=document, text=text)
