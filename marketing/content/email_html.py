"""Email-safe HTML: what every saved template, header and footer goes through.

1. Merge tags (`<% name || fallback %>`) are set aside as inert placeholders, so neither
   the sanitizer nor the inliner escapes or moves them; they come back as written.
2. nh3 (ammonia) keeps the tags and attributes email needs (tables, inline styles, images,
   links, old presentational attributes) and drops the rest: script and style content
   that is not a stylesheet, event handlers, iframes, forms, objects, and URLs outside the
   link protocols of spec 5.1 (`javascript:`, `data:`, `vbscript:` among them).
3. css-inline moves the `<style>` rules onto the elements without fetching anything
   (once: those rules are gone afterwards, so a second save finds nothing to inline). At-
   rules (`@media` above all: a responsive email's mobile layout) cannot be inlined and
   stay in a `<style>` of their own for the clients that read it.

Running it on its own output changes nothing."""

import re
import secrets

import css_inline
import nh3

from marketing.rendering.services import LINK_PROTOCOLS

# Spec 5.1 link protocols (the renderer's list). `file` is in the spec's list for links
# only: it never reaches an image or a background (see _attribute_filter).
URL_SCHEMES = set(LINK_PROTOCOLS)
_SOURCE_SCHEMES = ("http://", "https://", "//")

TAGS = (nh3.ALLOWED_TAGS | {"style", "font", "center", "big", "address"}) - {"area", "map"}
_COMMON = {
    "style",
    "class",
    "id",
    "align",
    "valign",
    "width",
    "height",
    "bgcolor",
    "background",
    "border",
    "dir",
    "lang",
    "title",
    "role",
    "aria-label",
    "aria-hidden",
}
_TABLE = {"cellpadding", "cellspacing", "colspan", "rowspan", "nowrap", "summary", "scope"}
ATTRIBUTES = {
    "*": _COMMON,
    "a": {"href", "target", "name", "rel"},
    "img": {"src", "alt", "hspace", "vspace"},
    "table": _TABLE,
    "td": _TABLE,
    "th": _TABLE,
    "tr": _TABLE,
    "font": {"color", "face", "size"},
    "ol": {"start", "type"},
    "ul": {"type"},
    "li": {"value"},
    "col": {"span"},
    "colgroup": {"span"},
    "style": {"type", "media"},
}
# A merge tag: no markup or quote can hide in one, so putting it back is always inert.
MERGE_TAG = re.compile(r"<%[^<>%\"]{1,300}%>")
_PLACEHOLDER = "mcmt{nonce}n{index}x"
_EMPTY_HEAD = re.compile(r"<head>\s*</head>")
_BODY = re.compile(r"<body>(.*)</body>", re.DOTALL)


def _attribute_filter(tag: str, attribute: str, value: str) -> str | None:
    """Images and backgrounds only from the web (or a merge tag placeholder): never a
    local file, whatever the link protocols allow."""
    if attribute in ("src", "background"):
        lowered = value.strip().lower()
        if ":" in lowered.split("/", 1)[0] and not lowered.startswith(_SOURCE_SCHEMES):
            return None
    return value


def email_html_clean(html: str, *, fragment: bool = False) -> str:
    """Sanitize, then inline the CSS; merge tags kept intact. '' stays ''. A template is a
    whole document; a `fragment` (a campaign header or footer, set into a campaign's body)
    is what its body holds."""
    if not html.strip():
        return ""
    nonce = secrets.token_hex(4)
    tags: list[str] = []

    def aside(match: re.Match) -> str:
        tags.append(match.group(0))
        return _PLACEHOLDER.format(nonce=nonce, index=len(tags) - 1)

    protected = MERGE_TAG.sub(aside, html)
    cleaned = nh3.clean(
        protected,
        tags=TAGS,
        clean_content_tags={"script", "noscript", "iframe", "object", "embed", "template"},
        attributes=ATTRIBUTES,
        attribute_filter=_attribute_filter,
        url_schemes=URL_SCHEMES,
        link_rel=None,
        strip_comments=True,
    )
    inlined = css_inline.inline(
        cleaned,
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
    if not tags:
        return inlined
    placeholder = re.compile(_PLACEHOLDER.format(nonce=nonce, index=r"(\d+)"))
    return placeholder.sub(lambda m: tags[int(m.group(1))], inlined)
