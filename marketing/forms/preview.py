"""The builder's and the theme editor's preview (POST /api/mm/forms/preview): a form
definition shown with a theme by the public page's own template and stylesheet function
(templates/forms/page.html, definition.styles_css), so what a marketer sees is what a
visitor gets. The page is inert: no token, no action; the app shows it in a sandboxed
frame without scripts (ARCHITECTURE.md, the untrusted-content rule)."""

from __future__ import annotations

from django.template.loader import render_to_string

from marketing.audience.selectors.groups import group_names
from marketing.audience.selectors.tags import tag_names
from marketing.forms import messages
from marketing.forms.definition import FormDefinition, ThemeStyles, styles_css, styles_dump
from marketing.forms.page_context import page_choices, page_sections


def form_preview_html(
    *, definition: FormDefinition, styles: ThemeStyles, show_disclaimer: bool
) -> str:
    context = {
        "form": definition,
        "action": "#",
        "token": "",
        "sections": page_sections(definition, None, {}),
        "groups": page_choices(definition.groups.choices, group_names, None, "groups"),
        "tags": page_choices(definition.tags.choices, tag_names, None, "tags"),
        "utm": {},
        "source_page": "",
        "disclaimer": messages.PREVIEW_DISCLAIMER if show_disclaimer else "",
        "consent_error": "",
        "consent_checked": False,
        "message": "",
        "honeypot": "website_url",
        "css": styles_css(styles_dump(styles)),
        "nonce": "",
        "preview": True,  # shown in a sandbox without scripts: the page's script left out
    }
    return render_to_string("forms/page.html", context)
