"""The preview's contract: a definition and a theme's styles in, the page's HTML out."""

from __future__ import annotations

from ninja import Schema

from core.schemas import CamelSchema
from marketing.forms.definition import FormDefinition, ThemeStyles


class FormPreviewIn(CamelSchema):
    definition: FormDefinition = FormDefinition()
    styles: ThemeStyles = ThemeStyles()
    show_disclaimer: bool = False


class FormPreviewOut(Schema):
    html: str  # the public page's HTML, escaped and inert (for a sandboxed frame)
