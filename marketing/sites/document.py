"""The document a visitor of a published page receives, built once at publish from the
version (its cleaned HTML and CSS and its settings) and kept with it, so serving is
handing over bytes.

Everything in it that a marketer wrote was cleaned when it was saved; what this module
adds is ours and escaped: the head (title, description, social image, favicon), the
auto-redirect (a meta refresh: no script), the background video, each form's frame (the
form's public page, which posts to the forms' public endpoint) and the one script
(/-/lp.js) that opens pop-up pages, sizes form frames and counts the visit. Addresses
are relative to the page, so the same bytes serve on the pages host (/<schema>/<slug>)
and on a client's page domain (/<slug>)."""

from __future__ import annotations

import json
from html import escape

from marketing.sites.models import LandingPage, PageType, PageVersion
from marketing.sites.page_settings import settings_read
from marketing.sites.services.content import FORM_PLACE

SCRIPT_PATH = "../-/lp.js"
VISIT_PATH = "_v/{page_id}"
FORM_HEIGHT = 480  # reserved; the form's page tells the script its real height
BASE_CSS = (
    "html,body{margin:0}body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,"
    "sans-serif}img,video{max-width:100%}.mc-form-frame{display:block;width:100%;border:0}"
    ".mc-sticky-header{position:sticky;top:0;z-index:1000}"
    ".mc-bg-video{position:fixed;inset:0;width:100%;height:100%;object-fit:cover;"
    "z-index:-1}"
    ".mc-layout-twoColumn>.mc-body{display:grid;grid-template-columns:1fr 1fr;gap:16px}"
    ".mc-layout-horizontal>.mc-body{display:flex;flex-wrap:wrap;gap:16px}"
    "@media (max-width:426px){.mc-layout-twoColumn>.mc-body{grid-template-columns:1fr}}"
)


def _attr(value: str) -> str:
    return escape(value, quote=True)


def _form_frame(match) -> str:
    key = match.group(1)
    return (
        f'<iframe class="mc-form-frame" src="pf/{key}?embed=1" title="Form" '
        f'height="{FORM_HEIGHT}" loading="lazy"></iframe>'
    )


def popup_config(popup: LandingPage) -> dict:
    trigger = settings_read(popup.published_version.settings).popup
    return {
        "id": popup.pk,
        "path": popup.slug,
        "button": trigger.button,
        "delay": trigger.delay_seconds,
        "scroll": trigger.scroll_percent,
        "exit": trigger.exit_intent,
        "frequency": trigger.frequency,
        "duration": trigger.duration,
    }


def page_document(page: LandingPage, version: PageVersion, popups: list[LandingPage]) -> str:
    settings = settings_read(version.settings)
    title = settings.seo_title or page.name
    head = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f'<meta property="og:title" content="{_attr(title)}">',
    ]
    if settings.seo_description:
        description = _attr(settings.seo_description)
        head.append(f'<meta name="description" content="{description}">')
        head.append(f'<meta property="og:description" content="{description}">')
    if settings.social_image:
        head.append(f'<meta property="og:image" content="{_attr(settings.social_image)}">')
    if settings.favicon:
        head.append(f'<link rel="icon" href="{_attr(settings.favicon)}">')
    if settings.redirect.enabled and settings.redirect.url:
        refresh = f"{settings.redirect.delay_seconds};url={settings.redirect.url}"
        head.append(f'<meta http-equiv="refresh" content="{_attr(refresh)}">')
    head.append(f"<style>{BASE_CSS}{version.css}</style>")
    video = ""
    if settings.background_video:
        video = (
            '<video class="mc-bg-video" autoplay muted loop playsinline '
            f'src="{_attr(settings.background_video)}"></video>'
        )
    body = FORM_PLACE.sub(_form_frame, version.html)
    script = {
        "visit": VISIT_PATH.format(page_id=page.pk),
        "popups": [popup_config(popup) for popup in popups],
    }
    kind = "mc-popup-page" if page.page_type == PageType.POPUP else "mc-landing-page"
    return (
        f'<!doctype html><html lang="en"><head>{"".join(head)}</head>'
        f'<body class="{kind} mc-layout-{page.layout}">{video}<div class="mc-body">{body}</div>'
        f'<script src="{SCRIPT_PATH}" data-page="{_attr(json.dumps(script))}" defer></script>'
        "</body></html>"
    )
