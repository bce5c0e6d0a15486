"""The merge-tag renderer: a template part is compiled once into literal chunks and slots,
then applied per recipient without a regular expression.

Syntax: `<% name %>` or `<% name || fallback %>`, whitespace tolerant; names are matched
case-insensitively. A fallback may be quoted as in code (`<% firstName || "there" %>`,
`'there'`, or the HTML-escaped `&quot;there&quot;`): the quotes are the author's, not the
reader's, and are dropped when the tag is compiled. Anything else opened by `<%` and closed
by `%>` (`<% firstName | "there" %>`) is a tag the renderer cannot read:
`unreadable_tags` names them, so a save, a test and a send can refuse them. In an HTML
part the designer's escaped form `&lt;% name %&gt;` is the same tag. A tag without a value
(unknown, empty, or a group with no data yet) renders its fallback, else nothing: never
the tag itself. `<% RSS_ITEMS %>…<% /RSS_ITEMS %>` repeats its content once per RSS item
of the context.

Values are made safe for where they land: HTML-escaped in HTML parts (quotes too: a value
may land in an attribute), stripped of every control character (CR and LF included) in
header parts, as they are in plain-text parts. Fallbacks are the template author's text,
inserted as written (stripped of control characters in header parts).

Links: the `<a href>` of an HTML part are found at compile time (`CompiledPart.links`,
bot-trap links of catalogue.BOT_LINK_GUIDS left out). With a `LinkTracking` in the context,
each trackable link (http or https; one whose href starts with a merge tag counts when its
rendered value does) is rewritten to `{click_base}/{token}/{index}`; links inside an RSS
loop are not tracked (one index would stand for many destinations). A `LinkTracking.href`
function chooses each link's URL itself instead (the tracking app's rewriting). `link_url(index,
context)` gives a link's personalised destination (what the click redirect needs)."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from marketing.rendering.catalogue import BOT_LINK_GUIDS, RSS_LOOP, TRACKED_PROTOCOLS

# A fallback is plain text up to the closing "%>": no "<", ">", "&lt;" nor "&gt;" (so it
# cannot run on over markup, and every match attempt stops at the next one of them:
# linear on any input).
_FALLBACK = r"(?:\|\|((?:[^<>%&]++|%(?!>|&gt;)|&(?!gt;|lt;))*+))?"
_NAME = r"(/?[A-Za-z_][\w.\-]{0,99})"
TAG_RE = re.compile(r"<%\s*" + _NAME + r"\s*" + _FALLBACK + r"\s*%>", re.S)
HTML_TAG_RE = re.compile(r"(?:<|&lt;)%\s*" + _NAME + r"\s*" + _FALLBACK + r"\s*%(?:>|&gt;)", re.S)
# Placeholders standing for tags while links are looked for (private-use characters).
_OPEN, _CLOSE = "\ue000", "\ue001"
_PLACEHOLDER_RE = re.compile(_OPEN + r"(\d+)" + _CLOSE)
# An opening <a> tag (quoted values may hold ">"), then its href. Possessive and free of
# "<", so every attempt stops at the next "<": linear on any input.
A_TAG_RE = re.compile(r"<a\b(?:[^<>\"']++|\"[^\"<]*+\"|'[^'<]*+')*+>", re.I)
HREF_RE = re.compile(r"\shref\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))", re.I)


def link_hrefs(text: str) -> Iterator[tuple[re.Match, int, int]]:
    """Each `<a>` tag of `text` that has an href, with the span of the href's value (inside
    its quotes, if any)."""
    for anchor in A_TAG_RE.finditer(text):
        match = HREF_RE.search(text, anchor.start(), anchor.end())
        if match is not None:
            group = next(g for g in (1, 2, 3) if match.group(g) is not None)
            yield (anchor, *match.span(group))


_LINK_TEXT_SCAN = 2000  # characters looked at for a link's closing </a>
_END_A_RE = re.compile(r"</a\s*>", re.I)
_MARKUP_RE = re.compile(r"<[^>]*>")
_SPACES_RE = re.compile(r"\s+")
_LOOP_OPEN, _LOOP_CLOSE = RSS_LOOP.lower(), "/" + RSS_LOOP.lower()
# Every control character (C0, DEL, C1) and the Unicode line and paragraph separators.
_CONTROLS_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_TRACKED_PREFIXES = tuple(f"{scheme}://" for scheme in TRACKED_PROTOCOLS)
_BOT_GUIDS = tuple(guid.lower() for guid in BOT_LINK_GUIDS)
LINK_TEXT_MAX = 200


class PartKind(StrEnum):
    HTML = "html"
    TEXT = "text"
    HEADER = "header"  # a subject, a sender name: anything that reaches a header


def header_safe(value: str) -> str:
    """`value` without control characters: "x\\r\\nBcc: a@b" becomes "xBcc: a@b"."""
    # isprintable() is False for every control character (and for other separators,
    # which the expression then leaves alone): most values skip the expression.
    return value if value.isprintable() else _CONTROLS_RE.sub("", value)


def escape(value: str) -> str:
    """HTML-escaped (`& < > " '`, like html.escape); values without any of them, most
    names and addresses, are returned after five scans and no copy."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "'" in value:
        value = value.replace("'", "&#x27;")
    return value


def _as_text(value: object) -> str:
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return ", ".join(_as_text(item) for item in value)
    return str(value)


class RenderValues:
    """One set of values (a profile's, a campaign's, an RSS item's) by lower-cased tag
    name, with their HTML and header forms made once, when first needed. `html` gives
    forms already safe for HTML (e.g. an RSS description cleaned by nh3) that are used
    as they are."""

    __slots__ = ("raw", "_html", "_header")

    def __init__(self, raw: Mapping[str, object], *, html: Mapping[str, str] | None = None):
        self.raw = {
            name.lower(): text
            for name, value in raw.items()
            if value is not None and (text := _as_text(value)) != ""
        }
        self._html = {name.lower(): value for name, value in (html or {}).items()}
        self._header: dict[str, str] = {}

    def html(self, name: str) -> str | None:
        value = self._html.get(name)
        if value is None:
            raw = self.raw.get(name)
            if raw is None:
                return None
            value = self._html[name] = escape(raw)
        return value

    def text(self, name: str) -> str | None:
        return self.raw.get(name)

    def header(self, name: str) -> str | None:
        value = self._header.get(name)
        if value is None:
            raw = self.raw.get(name)
            if raw is None:
                return None
            value = self._header[name] = header_safe(raw)
        return value


@dataclass(frozen=True)
class LinkTracking:
    """Where clicks go: `{click_base}/{token}/{index}`; the token is the recipient's (the
    delivery pipeline makes it). With `href`, that function decides instead, link by link
    (bot traps included, their index -1, -2, ...): it answers the link's HTML-safe click
    URL, or None to render the link as written (the tracking app's `links.py`)."""

    click_base: str = ""
    token: str = ""
    href: Callable[[Link], str | None] | None = None

    def prefix(self) -> str:
        return f"{self.click_base.rstrip('/')}/{self.token}/"


class RenderContext:
    """What one render reads: values looked up in order (the recipient's first, then the
    campaign's shared ones), RSS items for RSS_ITEMS blocks, and link tracking (none: links
    stay as written)."""

    __slots__ = ("chain", "items", "tracking")

    def __init__(
        self,
        values: RenderValues | Mapping[str, object] | None = None,
        *,
        shared: RenderValues | None = None,
        items: Iterable[RenderValues] = (),
        tracking: LinkTracking | None = None,
    ):
        own = values if isinstance(values, RenderValues) else RenderValues(values or {})
        self.chain = (own, shared) if shared is not None else (own,)
        self.items = tuple(items)
        self.tracking = tracking

    def _item(self, item: RenderValues) -> RenderContext:
        context = object.__new__(RenderContext)
        context.chain = (item, *self.chain)
        context.items = ()
        context.tracking = None
        return context

    def html(self, name: str) -> str:
        for values in self.chain:
            value = values.html(name)
            if value is not None:
                return value
        return ""

    def text(self, name: str) -> str:
        for values in self.chain:
            value = values.raw.get(name)
            if value is not None:
                return value
        return ""

    def header(self, name: str) -> str:
        for values in self.chain:
            value = values.header(name)
            if value is not None:
                return value
        return ""


@dataclass
class Link:
    index: int  # its number in the click URL
    url: str  # the href as written (HTML entities decoded; merge tags kept)
    text: str  # what the reader sees (markup dropped), at most LINK_TEXT_MAX characters
    tracked: bool  # rewritten when tracking is on (http/https or starting with a tag)
    seq: _Seq  # the href's own chunks and tags
    static: bool = False  # the href has no merge tag


class _Seq:
    """Literal chunks with holes (None) and what fills each hole."""

    __slots__ = ("chunks", "tags", "links", "loops")

    def __init__(self):
        self.chunks: list[str | None] = []
        self.tags: list[tuple[int, str, str]] = []
        self.links: list[tuple[int, Link, str]] = []  # (hole, link, its index as text)
        self.loops: list[tuple[int, _Seq]] = []

    def literal(self, text: str) -> None:
        if not text:
            return
        if self.chunks and self.chunks[-1] is not None:
            self.chunks[-1] += text
        else:
            self.chunks.append(text)

    def hole(self) -> int:
        self.chunks.append(None)
        return len(self.chunks) - 1

    def render(self, context: RenderContext, kind: PartKind, prefix: str | Callable | None) -> str:
        out = self.chunks.copy()
        if kind is PartKind.HTML:
            # The hot path: the recipient's own values looked up and escaped inline, once
            # per context (only their own: other sets may be shared by every recipient).
            own = context.chain[0]
            cache, raw = own._html, own.raw
            for position, name, fallback in self.tags:
                value = cache.get(name)
                if value is None:
                    text = raw.get(name)
                    if text is None:
                        value = context.html(name)
                    else:
                        value = cache[name] = escape(text)
                out[position] = value or fallback
        elif kind is PartKind.TEXT:
            raw = context.chain[0].raw
            for position, name, fallback in self.tags:
                value = raw.get(name)
                if value is None:
                    value = context.text(name)
                out[position] = value or fallback
        else:
            own = context.chain[0]
            cache, raw = own._header, own.raw
            for position, name, fallback in self.tags:
                value = cache.get(name)
                if value is None:
                    text = raw.get(name)
                    if text is None:
                        value = context.header(name)
                    else:
                        value = cache[name] = header_safe(text)
                out[position] = value or fallback
        for position, link, number in self.links:
            if callable(prefix):  # LinkTracking.href
                out[position] = prefix(link) or link.seq.render(context, kind, None)
            elif prefix is not None and link.tracked:
                if link.static:
                    out[position] = prefix + number
                    continue
                url = link.seq.render(context, kind, None)
                out[position] = prefix + number if _tracked_url(url) else url
            else:
                out[position] = link.seq.render(context, kind, None)
        for position, body in self.loops:
            out[position] = "".join(
                body.render(context._item(item), kind, None) for item in context.items
            )
        return "".join(out)


class CompiledPart:
    __slots__ = ("kind", "source", "_seq", "links", "traps", "_links_by_index", "_static")

    def __init__(self, source: str, kind: PartKind):
        self.kind = kind
        self.source = source
        self._seq, self.links, self.traps = _compile(source, kind)
        self._links_by_index = {link.index: link for link in self.links}
        seq = self._seq
        dynamic = seq.tags or seq.links or seq.loops
        self._static = None if dynamic else "".join(c for c in seq.chunks if c is not None)

    def render(self, context: RenderContext) -> str:
        if self._static is not None:
            return self._static
        tracking = context.tracking
        prefix = None
        if tracking is not None and self.kind is PartKind.HTML:
            prefix = tracking.href or escape(tracking.prefix())
        return self._seq.render(context, self.kind, prefix)

    def link_url(self, index: int, context: RenderContext) -> str | None:
        """Link `index`'s destination for this context (merge tags rendered), or None."""
        link = self._links_by_index.get(index)
        if link is None:
            return None
        return html_lib.unescape(link.seq.render(context, self.kind, None)).strip()


_QUOTE_PAIRS = (('"', '"'), ("'", "'"), ("\u201c", "\u201d"), ("\u2018", "\u2019"))
_HTML_QUOTE_PAIRS = (
    *_QUOTE_PAIRS,
    *((q, q) for q in ("&quot;", "&#34;", "&#x22;", "&#39;", "&#x27;", "&apos;")),
)


def fallback_unquoted(fallback: str, kind: PartKind) -> str:
    """`"there"` and `'there'` (in HTML also `&quot;there&quot;`) are `there`."""
    for opening, closing in _HTML_QUOTE_PAIRS if kind is PartKind.HTML else _QUOTE_PAIRS:
        if (
            len(fallback) >= len(opening) + len(closing)
            and fallback.startswith(opening)
            and fallback.endswith(closing)
        ):
            return fallback[len(opening) : len(fallback) - len(closing)]
    return fallback


_OPENING_RE = re.compile(r"<%")
_HTML_OPENING_RE = re.compile(r"<%|&lt;%")
_CLOSING_RE = re.compile(r"%>")
_HTML_CLOSING_RE = re.compile(r"%(?:>|&gt;)")
_UNREADABLE_SCAN = 200  # characters looked at for an unreadable tag's closing "%>"


def unreadable_tags(source: str, kind: PartKind) -> list[str]:
    """The `<% ... %>` of `source` that are not merge tags the renderer reads, as written
    (each once, in order). An opening with no closing within a few words, or with another
    opening before it, is ordinary text ("5 <% 10"), not a tag."""
    if "%" not in source:
        return []
    html = kind is PartKind.HTML
    pattern = HTML_TAG_RE if html else TAG_RE
    openings = _HTML_OPENING_RE if html else _OPENING_RE
    closings = _HTML_CLOSING_RE if html else _CLOSING_RE
    found: list[str] = []
    for opening in openings.finditer(source):
        if pattern.match(source, opening.start()):
            continue
        closing = closings.search(source, opening.end(), opening.end() + _UNREADABLE_SCAN)
        if closing is None or openings.search(source, opening.end(), closing.start()):
            continue
        written = source[opening.start() : closing.end()]
        if html:
            written = html_lib.unescape(written)
        if written not in found:
            found.append(written)
    return found


def _tag_parts(kind: PartKind, match: re.Match) -> tuple[str, str]:
    name = match.group(1).lower()
    fallback = fallback_unquoted((match.group(2) or "").strip(), kind)
    if kind is PartKind.HEADER:
        fallback = header_safe(fallback)
    return name, fallback


def _compile(source: str, kind: PartKind) -> tuple[_Seq, list[Link], list[Link]]:
    text = source.replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd")
    if kind is PartKind.HEADER:
        text = header_safe(text)
    tags: list[tuple[str, str, str]] = []  # (name, fallback, as written)
    pattern = HTML_TAG_RE if kind is PartKind.HTML else TAG_RE

    def placeholder(match: re.Match) -> str:
        tags.append((*_tag_parts(kind, match), match.group(0)))
        return f"{_OPEN}{len(tags) - 1}{_CLOSE}"

    text = pattern.sub(placeholder, text)
    tokens: list[tuple] = []
    position = 0
    if kind is PartKind.HTML:
        for anchor, start, end in link_hrefs(text):
            tokens += _tokens(text[position:start], tags)
            url = html_lib.unescape(_restore(text[start:end], tags)).strip()
            tokens.append(("link", url, _link_text(text, anchor.end(), tags), text[start:end]))
            position = end
    tokens += _tokens(text[position:], tags)
    return _build(tokens, tags)


def _tokens(segment: str, tags) -> list[tuple]:
    out: list[tuple] = []
    position = 0
    for match in _PLACEHOLDER_RE.finditer(segment):
        out.append(("literal", segment[position : match.start()]))
        out.append(("tag", int(match.group(1))))
        position = match.end()
    out.append(("literal", segment[position:]))
    return out


def _restore(text: str, tags) -> str:
    return _PLACEHOLDER_RE.sub(lambda m: tags[int(m.group(1))][2], text)


def _link_text(text: str, start: int, tags) -> str:
    end = _END_A_RE.search(text, start, start + _LINK_TEXT_SCAN)
    inner = text[start : end.start() if end else start]
    inner = _SPACES_RE.sub(" ", html_lib.unescape(_MARKUP_RE.sub(" ", inner))).strip()
    return _restore(inner, tags)[:LINK_TEXT_MAX]


def _tracked_url(url: str) -> bool:
    return url.lstrip().lower().startswith(_TRACKED_PREFIXES)


def _bot_trap(url: str) -> bool:
    lowered = url.lower()
    return any(guid in lowered for guid in _BOT_GUIDS)


def _build(tokens: list[tuple], tags) -> tuple[_Seq, list[Link], list[Link]]:
    root = _Seq()
    stack = [root]
    links: list[Link] = []
    traps: list[Link] = []
    for token in tokens:
        seq = stack[-1]
        if token[0] == "literal":
            seq.literal(token[1])
        elif token[0] == "tag":
            name, fallback, _written = tags[token[1]]
            if name == _LOOP_OPEN:
                body = _Seq()
                seq.loops.append((seq.hole(), body))
                stack.append(body)
            elif name == _LOOP_CLOSE:
                if len(stack) > 1:
                    stack.pop()
            else:
                seq.tags.append((seq.hole(), name, fallback))
        else:
            _kind, url, link_text, written = token
            href = _Seq()
            for part in _tokens(written, tags):
                if part[0] == "literal":
                    href.literal(part[1])
                else:
                    name, fallback, _written = tags[part[1]]
                    href.tags.append((href.hole(), name, fallback))
            static = not href.tags
            if _bot_trap(url):
                # Rendered as written, never listed nor tracked (spec 5.1).
                trap = Link(-1 - len(traps), url, link_text, False, href, static)
                traps.append(trap)
                seq.links.append((seq.hole(), trap, ""))
                continue
            trackable = _tracked_url(url) or href.chunks[:1] == [None]
            tracked = trackable and len(stack) == 1
            link = Link(len(links), url, link_text, tracked, href, static)
            links.append(link)
            seq.links.append((seq.hole(), link, str(link.index)))
    return root, links, traps


class RenderedEmail(NamedTuple):
    subject: str
    html: str
    text: str


class CompiledEmail:
    """A template's subject, HTML and plain-text parts, compiled once; `render` applies
    them to one recipient's context."""

    __slots__ = ("subject", "html", "text")

    def __init__(self, subject: str, html: str, text: str):
        self.subject = CompiledPart(subject, PartKind.HEADER)
        self.html = CompiledPart(html, PartKind.HTML)
        self.text = CompiledPart(text, PartKind.TEXT)

    @property
    def links(self) -> list[Link]:
        """The HTML part's links (bot traps left out), by index."""
        return self.html.links

    @property
    def traps(self) -> list[Link]:
        """The HTML part's bot-trap (honeypot) links, indexes -1, -2, ..."""
        return self.html.traps

    def render(self, context: RenderContext) -> RenderedEmail:
        return RenderedEmail(
            self.subject.render(context), self.html.render(context), self.text.render(context)
        )

    def link_url(self, index: int, context: RenderContext) -> str | None:
        return self.html.link_url(index, context)
