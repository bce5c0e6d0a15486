"""The plain-text part of a message whose template has none: made from the HTML template,
once per send, before personalising (merge tags pass through as text, so the renderer
fills them in the text part as in the HTML).

A multipart/alternative message whose text part is empty or unlike its HTML is what
filters flag (SpamAssassin's MIME_HTML_MOSTLY and MPART_ALT_DIFF, ~2.3 points together),
and people whose client shows text see nothing. So the text reads like the HTML: headings,
paragraphs and list items on their own lines, links as `text (url)`, images by their alt
text, no style, script or head content."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCKS = {
    "address", "article", "blockquote", "div", "footer", "h1", "h2", "h3", "h4", "h5",
    "h6", "header", "hr", "li", "ol", "p", "pre", "section", "table", "tr", "ul",
}  # fmt: skip
_SKIPPED = {"head", "script", "style", "title", "template"}
_SPACES = re.compile(r"[ \t\r\f\v\n]+")
_BLANK_LINES = re.compile(r"\n{3,}")
_MERGE_TAG = re.compile(r"^\s*<%")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skipping = 0
        self.links: list[tuple[str, int]] = []  # (href, where its text starts in out)

    def _break(self, lines: int = 1) -> None:
        self.out.append("\n" * lines)

    def handle_starttag(self, tag, attrs):
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "br":
            self._break()
        elif tag in _BLOCKS:
            self._break(2 if tag in {"p", "h1", "h2", "h3", "table", "hr"} else 1)
            if tag == "li":
                self.out.append("- ")
        elif tag == "img":
            alt = dict(attrs).get("alt") or ""
            if alt.strip():
                self.out.append(f" {alt.strip()} ")
        elif tag == "a":
            self.links.append((dict(attrs).get("href") or "", len(self.out)))
        if tag in {"td", "th"}:
            self.out.append(" ")

    def handle_endtag(self, tag):
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag == "a" and self.links:
            self._link_end()
        elif tag in _BLOCKS and tag != "li":  # the next item or the list's end breaks
            self._break(2 if tag in {"p", "h1", "h2", "h3", "table"} else 1)

    def _link_end(self) -> None:
        href, start = self.links.pop()
        text = " ".join("".join(self.out[start:]).split())
        href = href.strip()
        if not href or href.startswith(("#", "javascript:")) or href == text:
            return
        if href.lower().startswith("mailto:") and href[7:] == text:
            return
        self.out.append(f" ({href})")

    def close(self) -> None:
        super().close()
        while self.links:  # an <a> never closed still shows where it leads
            self._link_end()

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(_SPACES.sub(" ", data))


def text_from_html(html: str) -> str:
    """The readable text of `html` (merge tags kept as written)."""
    parser = _Text()
    parser.feed(html or "")
    parser.close()
    lines = (line.strip() for line in "".join(parser.out).split("\n"))
    text = "\n".join(lines)
    return _BLANK_LINES.sub("\n\n", text).strip() + "\n"
