"""The forms preview (gate: config/operation_gates.py): what the public page would show."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from core.responses import ERRORS
from marketing.forms.preview import form_preview_html
from marketing.forms.schemas_preview import FormPreviewIn, FormPreviewOut

router = Router(tags=["forms"])


@router.post("/mm/forms/preview", response={200: FormPreviewOut, **ERRORS}, by_alias=True)
def formPreview(request: HttpRequest, data: FormPreviewIn):
    """A definition shown with a theme's styles by the public page's template."""
    html = form_preview_html(
        definition=data.definition,
        styles=data.styles,
        show_disclaimer=data.show_disclaimer,
        step=data.step,
    )
    return {"html": html}
