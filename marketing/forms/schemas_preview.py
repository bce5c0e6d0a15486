"""The preview's contract: a definition and a theme's styles in, the page's HTML out."""

from __future__ import annotations

from typing import Annotated

from ninja import Schema
from pydantic import Field

from core.schemas import CamelSchema
from marketing.forms.definition import FormDefinition, ThemeStyles


class FormPreviewIn(CamelSchema):
    definition: FormDefinition = FormDefinition()
    styles: ThemeStyles = ThemeStyles()
    show_disclaimer: bool = False
    # A multi-step form's step to draw (the builder); none: every section and button.
    step: Annotated[int, Field(ge=0, le=19)] | None = None


class FormPreviewOut(Schema):
    html: str  # the public page's HTML, escaped and inert (for a sandboxed frame)
