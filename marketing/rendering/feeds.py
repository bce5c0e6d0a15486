"""RSS feeds: fetched through the safe fetcher (core/outbound.py), checked for entity
declarations with defusedxml, parsed by feedparser from the bytes (feedparser never fetches
here), answered in spec 7's getRSSXML shape and turned into RSS_ merge-tag values."""

from __future__ import annotations

import hashlib
import html as html_lib
import io
import re

import feedparser
import nh3
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring
from django.core.cache import cache

from core.errors import ValidationFailed
from core.outbound import (
    MAX_BYTES,
    REASON_ADDRESS,
    REASON_REDIRECTS,
    REASON_TIMEOUT,
    REASON_URL,
    OutboundRefused,
    outbound_get,
)
from marketing.rendering import messages
from marketing.rendering.catalogue import RSS_CHANNEL_TITLE, RSS_ITEM_FIELDS, RSS_PREFIX
from marketing.rendering.compiler import RenderValues

FEED_CACHE_SECONDS = 300
URL_MAX_LENGTH = 2048
ITEMS_MAX = 50
_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9"
_REFUSALS = {
    REASON_URL: messages.RSS_URL_INVALID,
    REASON_ADDRESS: messages.RSS_URL_REFUSED,
    REASON_TIMEOUT: messages.RSS_TIMEOUT,
    REASON_REDIRECTS: messages.RSS_TOO_MANY_REDIRECTS,
}
# An entity declaration in any casing; also looked for in UTF-16 text.
_ENTITY_RE = re.compile(rb"<!\s*ENTITY", re.I)
_MARKUP_RE = re.compile(r"<[^>]*>")
_SPACES_RE = re.compile(r"\s+")


def _refuse(message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={"rssFeedUrl": [message]})


def _declares_entities(body: bytes) -> bool:
    """Whether the document declares entities (a billion-laughs or external-entity feed).
    Feeds have no use for them, so any declaration refuses the feed before a parser that
    might expand it sees it."""
    if _ENTITY_RE.search(body) or _ENTITY_RE.search(body.replace(b"\x00", b"")):
        return True
    try:
        fromstring(body, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        return True
    except (ParseError, ValueError):
        return False  # not well-formed: feedparser's tolerant parser reads what it can
    return False


def _plain(value: str) -> str:
    return _SPACES_RE.sub(" ", html_lib.unescape(_MARKUP_RE.sub(" ", value))).strip()


def _item(entry) -> dict[str, str]:
    enclosures = entry.get("enclosures") or []
    return {
        "title": _plain(entry.get("title", "")),
        "description": entry.get("summary", "") or entry.get("description", ""),
        "pubDate": entry.get("published", "") or entry.get("updated", ""),
        "link": entry.get("link", ""),
        "guid": entry.get("id", ""),
        "author": entry.get("author", ""),
        "enclosure": enclosures[0].get("href", "") if enclosures else "",
    }


def feed_parse(body: bytes) -> dict:
    """The feed in getRSSXML's channel shape; refuses what is not a feed."""
    if _declares_entities(body):
        raise _refuse(messages.RSS_NOT_A_FEED)
    parsed = feedparser.parse(io.BytesIO(body), sanitize_html=True, resolve_relative_uris=False)
    if not parsed.get("version") and not parsed.entries:
        raise _refuse(messages.RSS_NOT_A_FEED)
    channel = parsed.feed
    return {
        "title": _plain(channel.get("title", "")),
        "link": channel.get("link", ""),
        "description": _plain(channel.get("subtitle", "") or channel.get("description", "")),
        "item": [_item(entry) for entry in parsed.entries[:ITEMS_MAX]],
    }


def _cache_key(url: str) -> str:
    return "rendering:rss:" + hashlib.sha256(url.encode()).hexdigest()


def feed_fetch(url: str) -> dict:
    """The feed at `url` in the channel shape, cached FEED_CACHE_SECONDS per client (the
    cache's keys carry the schema). Refusals are 400s with a message from the catalogue."""
    url = (url or "").strip()
    if not url or len(url) > URL_MAX_LENGTH:
        raise _refuse(messages.RSS_URL_INVALID)
    key = _cache_key(url)
    cached = cache.get(key)
    if cached is not None:
        return cached
    try:
        response = outbound_get(url, accept=_ACCEPT)
    except OutboundRefused as refusal:
        raise _refuse(_REFUSALS.get(refusal.reason, messages.RSS_UNREACHABLE)) from None
    if response.status != 200:
        raise _refuse(messages.RSS_HTTP_ERROR.format(status=response.status))
    if response.truncated:
        raise _refuse(messages.RSS_TOO_LARGE.format(mb=MAX_BYTES // (1024 * 1024)))
    channel = feed_parse(response.body)
    cache.set(key, channel, FEED_CACHE_SECONDS)
    return channel


def feed_values(
    channel: dict, *, article_count: int | None = None
) -> tuple[RenderValues, list[RenderValues]]:
    """RSS_ tag values from a channel: the shared ones (channel title; the first item's
    fields bare, `RSS_title`, and every item's numbered, `RSS_title_2`) and one set per
    item for RSS_ITEMS blocks, at most `article_count` items (the campaign's
    rssFeedObject.articleCount). A description is HTML: cleaned by nh3 for HTML parts,
    reduced to its text elsewhere."""
    items = channel.get("item", [])
    if article_count is not None:
        items = items[: max(article_count, 0)]
    shared_raw: dict[str, str] = {RSS_CHANNEL_TITLE: channel.get("title", "")}
    shared_html: dict[str, str] = {}
    per_item: list[RenderValues] = []
    for number, item in enumerate(items, start=1):
        raw, cleaned = {}, {}
        for field in RSS_ITEM_FIELDS:
            name = f"{RSS_PREFIX}{field}"
            value = item.get(field, "") or ""
            if field == "description":
                cleaned[name] = nh3.clean(value)
                value = _plain(value)
            raw[name] = value
        per_item.append(RenderValues(raw, html=cleaned))
        suffixed = {f"{name}_{number}": value for name, value in raw.items()}
        shared_raw |= suffixed
        shared_html |= {f"{name}_{number}": value for name, value in cleaned.items()}
        if number == 1:
            shared_raw |= raw
            shared_html |= cleaned
    return RenderValues(shared_raw, html=shared_html), per_item
