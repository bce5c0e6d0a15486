"""UTM tags on a template's web links, added to the template's source once (a campaign's
content when its send starts), so every message, its text part, its web copy and the
recorded click destinations all carry the same URLs.

A link gets the `params` it does not already have: a parameter the marketer wrote
(`utm_source=spring`, in any case) is never replaced. Only links written out as http(s)
URLs are touched; left as written:
- a link whose href starts with a merge tag (the message's own unsubscribe, preferences
  and view-in-browser links, `<% websiteLink %>`): its destination is not known here;
- mailto:, tel:, anchors and every other protocol;
- the hidden bot-trap links (catalogue.BOT_LINK_GUIDS), whose URL must stay as recorded.
The new parameters go at the end of the query, before any #fragment; the rest of the URL
keeps its own spelling and merge tags (`?id=<% customerId %>` stays as written)."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Mapping
from urllib.parse import parse_qsl, urlencode

from marketing.rendering.catalogue import BOT_LINK_GUIDS
from marketing.rendering.compiler import HTML_TAG_RE, TAG_RE, link_hrefs

# Merge tags stand as private-use placeholders while links are looked for (a tag may hold
# "<" or ">", which the anchor expression stops at).
_OPEN, _CLOSE = "\ue002", "\ue003"
_PLACEHOLDER_RE = re.compile(_OPEN + r"(\d+)" + _CLOSE)
_WEB_RE = re.compile(r"^https?://[^\s/?#]", re.I)
# A URL in plain text: up to white space or a character that closes a sentence or markup.
_TEXT_URL_RE = re.compile(r"https?://[^\s<>\"'()\[\]]+", re.I)
_TEXT_URL_TRAILING = ".,;:!?"
_BOT_GUIDS = tuple(guid.lower() for guid in BOT_LINK_GUIDS)


def _hide_tags(source: str, pattern: re.Pattern) -> tuple[str, list[str]]:
    tags: list[str] = []

    def placeholder(match: re.Match) -> str:
        tags.append(match.group(0))
        return f"{_OPEN}{len(tags) - 1}{_CLOSE}"

    text = source.replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd")
    return pattern.sub(placeholder, text), tags


def _show_tags(text: str, tags: list[str]) -> str:
    return _PLACEHOLDER_RE.sub(lambda m: tags[int(m.group(1))], text)


def _addition(url: str, params: Mapping[str, str]) -> str:
    """The query text to add to `url` (as decoded: entities resolved), or ""."""
    if not _WEB_RE.match(url) or any(guid in url.lower() for guid in _BOT_GUIDS):
        return ""
    query = url.split("#", 1)[0].partition("?")[2]
    present = {key.lower() for key, _ in parse_qsl(query, keep_blank_values=True)}
    missing = {key: value for key, value in params.items() if key.lower() not in present}
    return urlencode(missing) if missing else ""


def _with_query(written: str, addition: str, separator: str) -> str:
    """`written` (the URL as spelled in the source) with `addition` at the end of its query."""
    head, hash_mark, fragment = written.partition("#")
    if "?" not in head:
        joined = f"{head}?{addition}"
    elif head.endswith(("?", "&", "&amp;")):
        joined = head + addition
    else:
        joined = head + separator + addition
    return joined + hash_mark + fragment


def html_links_utm_add(html: str, params: Mapping[str, str]) -> str:
    """The HTML with `params` added to each of its `<a href>` web links (rules above)."""
    if not html or not params:
        return html
    text, tags = _hide_tags(html, HTML_TAG_RE)
    out: list[str] = []
    position = 0
    for _anchor, start, end in link_hrefs(text):
        written = text[start:end].strip()
        if written.startswith(_OPEN):  # starts with a merge tag
            continue
        addition = _addition(html_lib.unescape(_show_tags(written, tags)), params)
        if not addition:
            continue
        out.append(text[position:start])
        out.append(_with_query(written, html_lib.escape(addition), "&amp;"))
        position = end
    out.append(text[position:])
    return _show_tags("".join(out), tags)


def text_links_utm_add(text: str, params: Mapping[str, str]) -> str:
    """The plain text with `params` added to each web URL written in it."""
    if not text or not params:
        return text
    hidden, tags = _hide_tags(text, TAG_RE)

    def tagged(match: re.Match) -> str:
        url = match.group(0)
        trailing = len(url) - len(url.rstrip(_TEXT_URL_TRAILING))
        url, rest = url[: len(url) - trailing], url[len(url) - trailing :]
        addition = _addition(_show_tags(url, tags), params)
        return (_with_query(url, addition, "&") if addition else url) + rest

    return _show_tags(_TEXT_URL_RE.sub(tagged, hidden), tags)
