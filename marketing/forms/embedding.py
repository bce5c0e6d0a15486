"""Where a client's form lives on the pages host (core/pages.py) and how a website embeds
it (/embeddedTrackingCode): one script tag that mounts the form in a frame of its own
(static/forms/embed.js), or the frame itself.

Both reserve the form's height before it loads (no layout shift): `embed_height` is a
generous estimate from the definition (the tallest step of a multi-step form), and the
frame only ever grows from it. A site with its own Content-Security-Policy lets the pages
host in: `script-src` (the script tag) and `frame-src` (both)."""

from __future__ import annotations

from html import escape

from django.db import connection

from core.pages import pages_origin, pages_path
from marketing.audience.selectors.fields import form_field_list
from marketing.forms.definition import FormDefinition, FormSection, definition_read
from marketing.forms.models import FormStatus, FormType
from marketing.forms.selectors import form_get

_FRAME = 96  # the page's margins and padding
_HEADER = {"title": 56, "description": 44}
_ROW = 78  # a label, an input and room for its message
_OPTION = 26  # one radio or checkbox line
_CHOICES = 40  # the label of the groups or tags boxes
_DISCLAIMER = 130
_BUTTONS = 64
_ALTCHA = 28  # the proof-of-work status line


def form_page_path(key: str) -> str:
    """The form's page on the pages host, for the current client."""
    return pages_path(connection.schema_name, f"/pf/{key}")


def form_page_url(key: str) -> str:
    return pages_origin() + form_page_path(key)


def form_public_url(form) -> str:
    """Where visitors open the form: a survey at its URL path (/s/<path>), any other form
    at its key (/pf/<key>), on the pages host."""
    if form.form_type == FormType.SURVEY and form.survey_path:
        return pages_origin() + pages_path(connection.schema_name, f"/s/{form.survey_path}")
    return form_page_url(str(form.key))


def _section_height(section: FormSection, options: dict[str, int]) -> int:
    rows = 30 if section.title else 0
    for field in section.fields:
        choices = options.get(field.key, 0) if field.type in ("radio", "checkbox") else 0
        rows += _ROW + _OPTION * choices
    return rows


def embed_height(definition: FormDefinition, options: dict[str, int]) -> int:
    """Pixels the frame reserves. `options`: how many choices each radio or checkbox
    field offers (the profile field registry's)."""
    height = _FRAME + _BUTTONS + _ALTCHA
    height += _HEADER["title"] if definition.title else 0
    height += _HEADER["description"] if definition.description else 0
    sections = [_section_height(section, options) for section in definition.sections] or [0]
    last = (_CHOICES + _OPTION * len(definition.groups.choices)) if definition.groups.choices else 0
    last += (_CHOICES + _OPTION * len(definition.tags.choices)) if definition.tags.choices else 0
    last += _DISCLAIMER
    if definition.multi_step and len(sections) > 1:
        return height + max(*sections[:-1], sections[-1] + last)
    return height + sum(sections) + last


def form_embed_code(*, form_id: int) -> dict:
    """/embeddedTrackingCode for one form: the snippets of what its page serves (the
    published version; the draft while it was never published)."""
    form = form_get(form_id=form_id)
    version = form.published_version
    definition = definition_read(version.definition if version else form.definition)
    options = {field.key: len(field.options) for field in form_field_list()}
    return {
        "form_id": form.pk,
        "name": form.name,
        "published": form.status == FormStatus.PUBLISHED,
        **embed_snippets(key=str(form.key), title=definition.title or form.name,
                         definition=definition, options=options),
    }  # fmt: skip


def embed_snippets(
    *, key: str, title: str, definition: FormDefinition, options: dict[str, int]
) -> dict:
    """The two snippets, their height, and the page's address."""
    read = definition
    height = embed_height(read, options)
    url = form_page_url(key)
    label = escape(title or "Form", quote=True)
    popup = " data-popup" if read.popup.enabled else ""
    script = (
        f'<script src="{pages_origin()}/-/embed.js" data-form="{escape(form_page_path(key))}" '
        f'data-height="{height}" data-title="{label}"{popup}></script>'
    )
    iframe = (
        f'<iframe src="{escape(url)}?embed=1" title="{label}" width="100%" height="{height}" '
        'frameborder="0" scrolling="auto"></iframe>'
    )
    return {
        "public_url": url,
        "pages_origin": pages_origin(),
        "height": height,
        "script_snippet": script,
        "iframe_snippet": iframe,
        "popup": read.popup.enabled,
    }
