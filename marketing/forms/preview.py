"""The builder's and the theme editor's preview (POST /api/mm/forms/preview): a form
definition shown with a theme by the public page's own template and stylesheet function
(templates/forms/page.html, definition.styles_css), so what a marketer sees is what a
visitor gets. The page is inert: no token, no action; the app shows it in a sandboxed
frame without scripts (ARCHITECTURE.md, the untrusted-content rule).

Without the page's script a multi-step form cannot step, so the preview draws one step
when asked (`step`, the builder's step choice) with the buttons a visitor sees there;
asked for none, it draws every section and every button, so that each style group of a
theme shows (the theme editor)."""

from __future__ import annotations

from django.template.loader import render_to_string

from marketing.audience.selectors.groups import group_names
from marketing.audience.selectors.tags import tag_names
from marketing.forms import messages
from marketing.forms.definition import FormDefinition, ThemeStyles, styles_css, styles_dump
from marketing.forms.page_context import page_choices, page_sections

# A choice field whose profile field has no options yet still shows its style group.
SAMPLE_OPTIONS = ["Option 1", "Option 2", "Option 3"]


def _sections(definition: FormDefinition) -> list[dict]:
    sections = page_sections(definition, None, {})
    for section in sections:
        for field in section["fields"]:
            if field["type"] in ("radio", "dropdown", "checkbox") and not field["options"]:
                field["options"] = SAMPLE_OPTIONS
    return sections


def form_preview_html(
    *, definition: FormDefinition, styles: ThemeStyles, show_disclaimer: bool, step: int | None
) -> str:
    sections = _sections(definition)
    stepped = definition.multi_step and len(sections) > 1
    if stepped and step is not None:
        shown = min(step, len(sections) - 1)
        last = shown == len(sections) - 1
        sections = [sections[shown]]
        buttons = {"previous": shown > 0, "next": not last, "submit": last}
    else:
        last = True
        buttons = {"previous": stepped, "next": stepped, "submit": True}
    context = {
        "form": definition,
        "action": "#",
        "token": "",
        "sections": sections,
        "groups": page_choices(definition.groups.choices, group_names, None, "groups")
        if last
        else [],
        "tags": page_choices(definition.tags.choices, tag_names, None, "tags") if last else [],
        "utm": {},
        "source_page": "",
        "disclaimer": messages.PREVIEW_DISCLAIMER if show_disclaimer and last else "",
        "consent_error": "",
        "consent_checked": False,
        "message": "",
        "honeypot": "website_url",
        "css": styles_css(styles_dump(styles)),
        "nonce": "",
        "buttons": buttons,
        "preview": True,  # shown in a sandbox without scripts: the page's script left out
    }
    return render_to_string("forms/page.html", context)
