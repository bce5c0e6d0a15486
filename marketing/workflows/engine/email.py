"""What a workflow's email step sends: its template as it is when the first enrollment
reaches the step (the ledger's `Send` keeps that snapshot, as a campaign's does), with the
campaign rules every bulk message follows: the client's unsubscribe footer and postal
address when the content has no unsubscribe link. The step names its sender:

    {"type": "sendEmail", "templateId": 7, "subject": "optional, else the template's",
     "fromName": "Acme", "fromAddress": "news@acme.example", "replyTo": "", "next": "s3"}
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from marketing.campaigns.selectors import campaign_settings_get
from marketing.campaigns.services.content import unsubscribe_footer
from marketing.content.selectors import template_get
from marketing.rendering.services import UNSUBSCRIBE_LINK

_UNSUBSCRIBE_TAG = re.compile(rf"(?:<|&lt;)%\s*{UNSUBSCRIBE_LINK}\b", re.IGNORECASE)
_BODY_CLOSE = re.compile(r"</body\s*>", re.IGNORECASE)

NO_TEMPLATE = "The email step has no template."
NO_SENDER = "The email step has no sender address."


class StepRefused(Exception):
    """A step that cannot run as defined: the enrollment fails with this message (no
    retry: the same definition fails the same way)."""


@dataclass(frozen=True)
class StepEmail:
    subject: str
    html: str
    text: str
    from_name: str
    from_address: str
    reply_to: str


def step_email(step: dict) -> StepEmail:
    template_id = step.get("templateId")
    if not template_id:
        raise StepRefused(NO_TEMPLATE)
    from_address = str(step.get("fromAddress") or step.get("fromEmail") or "").strip()
    if not from_address:
        raise StepRefused(NO_SENDER)
    try:
        template = template_get(template_id=int(template_id))
    except Exception as exc:  # NotFound: the template was deleted since publishing
        raise StepRefused(f"The email step's template {template_id} is gone.") from exc
    html, text = template.html, template.text
    if not _UNSUBSCRIBE_TAG.search(html):
        line_html, line_text = unsubscribe_footer(campaign_settings_get().postal_address)
        closes = list(_BODY_CLOSE.finditer(html))
        at = closes[-1].start() if closes else len(html)
        html = html[:at] + line_html + html[at:]
        if text.strip() and not _UNSUBSCRIBE_TAG.search(text):
            text = f"{text.rstrip()}\n\n{line_text}\n"
    return StepEmail(
        subject=str(step.get("subject") or template.subject or ""),
        html=html,
        text=text,
        from_name=str(step.get("fromName") or ""),
        from_address=from_address,
        reply_to=str(step.get("replyTo") or ""),
    )
