"""What the designer sends, made safe to keep (the untrusted-content rule): the HTML through
core.untrusted_html's cleaner, the GrapesJS project through its design cleaner, the style
sheet refused when it holds anything but styles; and what the cleaned HTML links to (the
pop-up pages its buttons open, the forms it holds). The page slug rule (spec 5.1)."""

from __future__ import annotations

import re

from core.untrusted_html import design_clean, html_clean

# A button or link that opens a pop-up page: href="#mc-popup-<page id>".
POPUP_LINK = re.compile(r'href="#mc-popup-(\d{1,18})"')
# Where a form sits: a div with id="mc-form-<form key>" holding at most its label (the
# designer's Add form).
FORM_PLACE = re.compile(
    r'<div\b[^>]*\bid="mc-form-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"'
    r"[^>]*>[^<]*</div>"
)
FORM_PLACE_KEYS = re.compile(r'\bid="mc-form-([0-9a-f-]{36})"')
# CSS that closes its <style>, runs code in some engine or loads another style sheet.
_UNSAFE_SHEET = re.compile(
    r"</|<!--|expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import",
    re.IGNORECASE,
)
_NOT_SLUG = re.compile(r"[^a-z0-9 -]")


def slug_make(value: str) -> str:
    """Spec 5.1: the leading slash and the non-alphanumerics stripped, spaces turned into
    hyphens, lowercase (hyphens already there kept; none at either end)."""
    text = _NOT_SLUG.sub("", (value or "").strip().lstrip("/").lower())
    return re.sub(r"-{2,}", "-", text.replace(" ", "-")).strip("-")[:100]


def css_safe(css: str) -> bool:
    return not _UNSAFE_SHEET.search(css or "")


def content_clean(*, html: str, project: dict | None) -> tuple[str, dict]:
    return html_clean(html or ""), design_clean(project or {}) or {}


def links_of(html: str) -> tuple[list[int], list[str]]:
    """The pop-up pages the cleaned HTML opens and the forms it holds, in order, once each."""
    popups = list(dict.fromkeys(int(found) for found in POPUP_LINK.findall(html)))
    forms = list(dict.fromkeys(FORM_PLACE_KEYS.findall(html)))
    return popups, forms
