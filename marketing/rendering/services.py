"""The renderer's surface for other apps (content's preview, delivery's send, workflows).

Contract:

- `template_compile(subject, html, text) -> CompiledEmail`: compile once per template
  (cached per process by content). `compiled.render(context) -> RenderedEmail(subject,
  html, text)`; `compiled.links`: the HTML part's links `Link(index, url, text, tracked)`,
  bot-trap links (catalogue.BOT_LINK_GUIDS) left out; `compiled.link_url(index, context)`:
  a link's personalised destination, for the click redirect.
- `render_shared(values=..., rss_channel=..., article_count=...) -> SharedValues`: what
  every recipient of a send shares (campaign fields, RSS_ tags), built once per send.
- `render_context_for_profile(profile=... | profile_id=..., shared=..., extra=...,
  tracking=LinkTracking(click_base, token)) -> RenderContext`: one recipient's context;
  values come from the profile (standard fields of the registry, custom fields, rep
  names, customerId), then `extra` (per-recipient values of groups with no model here yet:
  subscription, order, notification fields) over them. No `tracking`: links stay as
  written. A profile of another client is not found (404).
- `template_preview(subject, html, text, profile_id=None) -> RenderedEmail`: the template
  for one profile, or with sample values (catalogue.SAMPLE_VALUES) when none is given.
- `links_check(html) -> list[LinkProblem]`: the links whose protocol spec 5.1 refuses.
- `merge_tags_check(subject=, html=, text=) -> dict[str, list[str]]`: per part given, the
  refusal of each `<% ... %>` the renderer cannot read (`<% firstName | "there" %>`).
- `html_links_utm_add(html, params)`, `text_links_utm_add(text, params)`: the template's
  web links with the UTM parameters they lack (utm.py says which links).
- `header_render(source, context) -> str`: any other header that may hold merge tags (a
  sender name such as `<% repName || Sales %>`), rendered like a subject: no value can
  add a line. `header_safe(value)`: a value with its control characters removed, for a
  header built without tags.

Merge-tag rules (syntax, fallbacks, escaping, tracking) are the compiler's docstring."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from marketing.audience.selectors.merge import profile_merge_values
from marketing.audience.selectors.profiles import profile_get
from marketing.rendering.catalogue import (
    LINK_PROTOCOLS,
    PREFERENCES_LINK,
    SAMPLE_VALUES,
    UNSUBSCRIBE_LINK,
    VIEW_IN_BROWSER_LINK,
)
from marketing.rendering.compiler import (
    CompiledEmail,
    CompiledPart,
    Link,
    LinkTracking,
    PartKind,
    RenderContext,
    RenderedEmail,
    RenderValues,
    header_safe,
    unreadable_tags,
)
from marketing.rendering.feeds import feed_values
from marketing.rendering.messages import LINK_EMPTY, LINK_PROTOCOL_INVALID, MERGE_TAG_UNREADABLE
from marketing.rendering.utm import html_links_utm_add, text_links_utm_add

__all__ = [
    "LINK_PROTOCOLS",
    "PREFERENCES_LINK",
    "UNSUBSCRIBE_LINK",
    "VIEW_IN_BROWSER_LINK",
    "CompiledEmail",
    "Link",
    "LinkProblem",
    "LinkTracking",
    "RenderContext",
    "RenderedEmail",
    "SharedValues",
    "header_render",
    "header_safe",
    "html_links_utm_add",
    "links_check",
    "merge_tags_check",
    "render_context_for_profile",
    "render_shared",
    "template_compile",
    "template_preview",
    "text_links_utm_add",
]

_COMPILED_CACHE_SIZE = 64
_SCHEMES_WITH_HOST = ("http", "https", "ftp")
_OTHER_SCHEMES = [p for p in LINK_PROTOCOLS if p not in _SCHEMES_WITH_HOST]
_PROTOCOL_RE = re.compile(
    rf"^(?:(?:{'|'.join(_SCHEMES_WITH_HOST)})://[^\s/?#]+|(?:{'|'.join(_OTHER_SCHEMES)}):\S)",
    re.I,
)


@lru_cache(maxsize=_COMPILED_CACHE_SIZE)
def template_compile(subject: str, html: str, text: str) -> CompiledEmail:
    """The template compiled into literal chunks and slots (compiler.py); the same
    content compiles once per process."""
    return CompiledEmail(subject or "", html or "", text or "")


@lru_cache(maxsize=_COMPILED_CACHE_SIZE)
def _header_compile(source: str) -> CompiledPart:
    return CompiledPart(source, PartKind.HEADER)


def header_render(source: str, context: RenderContext) -> str:
    """A header's text (a sender name, a reply-to name) with its merge tags filled,
    control characters stripped from the text and from every value."""
    return _header_compile(source or "").render(context)


@dataclass(frozen=True)
class SharedValues:
    values: RenderValues
    items: list[RenderValues] = field(default_factory=list)


def render_shared(
    *,
    values: Mapping[str, object] | None = None,
    rss_channel: dict | None = None,
    article_count: int | None = None,
) -> SharedValues:
    """Values every recipient of a send shares: `values` (campaignId and other campaign
    fields) and, from a getRSSXML channel, the RSS_ tags and items (at most
    `article_count`)."""
    own = RenderValues(values or {})
    if rss_channel is None:
        return SharedValues(own)
    rss, items = feed_values(rss_channel, article_count=article_count)
    html = {name: rss.html(name) for name in rss.raw if name not in own.raw}
    return SharedValues(RenderValues({**rss.raw, **own.raw}, html=html), items)


def render_context_for_profile(
    profile=None,
    *,
    profile_id: int | None = None,
    shared: SharedValues | None = None,
    extra: Mapping[str, object] | None = None,
    tracking: LinkTracking | None = None,
) -> RenderContext:
    """One recipient's context: the profile's values (profile_merge_values), `extra` over
    them, then `shared`. Pass `profile` (a Profile with its rep loaded) or `profile_id`."""
    if profile is None:
        profile = profile_get(profile_id=profile_id)
    values = profile_merge_values(profile)
    if extra:
        values.update(extra)
    return RenderContext(
        values,
        shared=shared.values if shared else None,
        items=shared.items if shared else (),
        tracking=tracking,
    )


def template_render(
    subject: str, html: str, text: str, values: Mapping[str, object]
) -> RenderedEmail:
    """The template with its merge tags filled from `values` alone (no profile), links as
    written: a message to typed addresses (a summary digest)."""
    return template_compile(subject, html, text).render(RenderContext(values))


def template_preview(
    subject: str,
    html: str,
    text: str,
    *,
    profile_id: int | None = None,
    shared: SharedValues | None = None,
) -> RenderedEmail:
    """The template rendered for a profile of this client, or with sample values; links
    are not rewritten (a preview records no click)."""
    compiled = template_compile(subject, html, text)
    if profile_id is None:
        context = RenderContext(
            SAMPLE_VALUES,
            shared=shared.values if shared else None,
            items=shared.items if shared else (),
        )
    else:
        context = render_context_for_profile(profile_id=profile_id, shared=shared)
    return compiled.render(context)


@dataclass(frozen=True)
class LinkProblem:
    index: int
    url: str
    text: str
    message: str


def links_check(html: str) -> list[LinkProblem]:
    """The HTML's links (bot traps aside) whose href is empty or uses a protocol spec 5.1
    does not accept; a link that starts with a merge tag is accepted."""
    problems = []
    for link in template_compile("", html or "", "").links:
        url = link.url.strip()
        if not url:
            message = LINK_EMPTY
        elif url.startswith("<%") or _PROTOCOL_RE.match(url):
            continue
        else:
            message = LINK_PROTOCOL_INVALID
        problems.append(LinkProblem(link.index, link.url, link.text, message))
    return problems


def merge_tags_check(
    *, subject: str | None = None, html: str | None = None, text: str | None = None
) -> dict[str, list[str]]:
    """Rule: every `<% ... %>` of a message is a merge tag the renderer reads; one it cannot
    (`<% firstName | "there" %>`) would go out as raw text, so it is refused, named. Answers
    the refusals by part ("subject", "html", "text"), only for parts that have any."""
    problems: dict[str, list[str]] = {}
    for part, source, kind in (
        ("subject", subject, PartKind.HEADER),
        ("html", html, PartKind.HTML),
        ("text", text, PartKind.TEXT),
    ):
        found = unreadable_tags(source or "", kind)
        if found:
            problems[part] = [MERGE_TAG_UNREADABLE.format(tag=tag) for tag in found]
    return problems
