"""Email-safe HTML: what every saved template, header and footer goes through.

1. core.untrusted_html.html_clean, the untrusted-content rule's one cleaner, with the link
   protocols of spec 5.1: scripts, event handlers, frames, forms, objects and unsafe URLs
   go; merge tags (`<% name || fallback %>`) come back as written.
2. css-inline moves the `<style>` rules onto the elements without fetching anything
   (once: those rules are gone afterwards, so a second save finds nothing to inline). At-
   rules (`@media` above all: a responsive email's mobile layout) cannot be inlined and
   stay in a `<style>` of their own for the clients that read it. Merge tags are set aside
   again around the inliner, which would otherwise escape them.

Running it on its own output changes nothing."""

import re

import css_inline

from core.untrusted_html import design_clean, html_clean, template_tags_aside
from marketing.rendering.services import LINK_PROTOCOLS

_EMPTY_HEAD = re.compile(r"<head>\s*</head>")
_BODY = re.compile(r"<body>(.*)</body>", re.DOTALL)


def email_html_clean(html: str, *, fragment: bool = False) -> str:
    """Sanitize, then inline the CSS; merge tags kept intact. '' stays ''. A template is a
    whole document; a `fragment` (a campaign header or footer, set into a campaign's body)
    is what its body holds."""
    cleaned = html_clean(html, link_schemes=LINK_PROTOCOLS)
    if not cleaned:
        return ""
    protected, restore = template_tags_aside(cleaned)
    inlined = css_inline.inline(
        protected,
        load_remote_stylesheets=False,
        keep_style_tags=False,
        keep_at_rules=True,
        keep_link_tags=False,
    )
    # What stood between removed head elements is only whitespace: drop it, so that a
    # second pass finds the same document.
    inlined = _EMPTY_HEAD.sub("<head></head>", inlined, count=1)
    if fragment:
        body = _BODY.search(inlined)
        inlined = body.group(1) if body else inlined
    return restore(inlined)


def email_design_clean(project: dict | None) -> dict | None:
    """A designer project made safe to open in the designer (core.untrusted_html), with the
    link protocols of spec 5.1."""
    return design_clean(project, link_schemes=LINK_PROTOCOLS)
