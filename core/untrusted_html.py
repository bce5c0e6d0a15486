"""The untrusted-content rule's one cleaner (docs/architecture.md, "Untrusted content").

Everything a client's user or a visitor wrote as HTML or as a design document (templates,
designer projects, campaign headers and footers, and every later form, landing page or
pop-up) goes through this module when it is written, before it is stored:

- `html_clean`: nh3 (ammonia) keeps the tags and attributes documents need (tables, inline
  styles, images, links, old presentational attributes) and drops the rest: script and
  style content that is not a stylesheet, event handlers, iframes, forms, objects, and URLs
  outside the caller's link schemes (`javascript:`, `vbscript:` and `data:` never pass).
  Template tags (`<% name || fallback %>`) are set aside as inert placeholders first and
  come back as written.
- `design_clean`: a GrapesJS project (the designer's `projectData`) is walked as data:
  components of a forbidden type or tag are dropped; attributes keep only plain names that
  are not event handlers, with URLs checked as above; HTML held in a `content` or in a
  string of `components` goes through `html_clean`; component scripts are dropped; style
  declarations that can carry code or markup are dropped.

Cleaning is the first wall; the second is where the result is shown: only in a frame
sandboxed without `allow-scripts`, or on an origin that holds no credential, or (an editor
such as GrapesJS' canvas) under the app's Content-Security-Policy. Running either cleaner
on its own output changes nothing."""

import re
import secrets
from collections.abc import Callable, Iterable

import nh3

# Schemes no URL in user content may use, whatever a caller allows.
NEVER_SCHEMES = frozenset({"javascript", "vbscript", "data", "livescript", "mocha"})
DEFAULT_LINK_SCHEMES = ("http", "https", "mailto", "tel")
_SOURCE_SCHEMES = ("http://", "https://", "//")

TAGS = frozenset(
    (nh3.ALLOWED_TAGS | {"style", "font", "center", "big", "address"}) - {"area", "map"}
)
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
_CONTENT_DROPPED = {"script", "noscript", "iframe", "object", "embed", "template"}

# A template tag: no markup or quote can hide in one, so putting it back is always inert.
TEMPLATE_TAG = re.compile(r"<%[^<>%\"]{1,300}%>")
_PLACEHOLDER = "mcmt{nonce}n{index}x"

# Designer components: these types render a script, a frame or a plugin whatever their tag.
FORBIDDEN_COMPONENT_TYPES = frozenset(
    {"script", "iframe", "video", "map", "svg", "svg-in", "object", "embed"}
)
# Component tags beyond TAGS that GrapesJS itself uses: a document's frame, and '' (a text
# node's, or "the type's own").
_DESIGN_TAGS = TAGS | {"html", "body", ""}
_ATTRIBUTE_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9_.:-]{0,63}")
_URL_ATTRIBUTES = frozenset(
    {
        "href",
        "src",
        "srcset",
        "background",
        "action",
        "formaction",
        "poster",
        "xlink:href",
        "data",
        "codebase",
        "cite",
        "longdesc",
        "lowsrc",
        "dynsrc",
        "ping",
        "manifest",
        "icon",
        "usemap",
        "profile",
        "classid",
    }
)
_DROPPED_ATTRIBUTES = frozenset({"srcdoc", "is", "nonce"})
# A component's own code, which GrapesJS runs in its canvas and exports as a <script>.
_SCRIPT_KEYS = frozenset({"script", "script-export", "script-props"})
# CSS that runs code in some engine, loads other style sheets or leaves its element.
_UNSAFE_CSS = re.compile(
    r"expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import|[<>]|\\",
    re.IGNORECASE,
)
_DESIGN_MAX_DEPTH = 200


def _scheme(value: str) -> str | None:
    """The URL's scheme as a browser reads it (control characters and spaces ignored), or
    None for a relative URL."""
    compact = re.sub(r"[\x00-\x20]", "", value).lower()
    head = compact.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    return head.split(":", 1)[0] if ":" in head else None


def url_allowed(value: str, *, link_schemes: Iterable[str] = DEFAULT_LINK_SCHEMES) -> bool:
    scheme = _scheme(value)
    if scheme is None:
        return True
    return scheme not in NEVER_SCHEMES and scheme in set(link_schemes)


def _source_allowed(value: str) -> bool:
    """Images and backgrounds only from the web (or a template tag's placeholder): never a
    local file or inline data, whatever the link schemes allow."""
    lowered = value.strip().lower()
    return not (":" in lowered.split("/", 1)[0] and not lowered.startswith(_SOURCE_SCHEMES))


def _attribute_filter(tag: str, attribute: str, value: str) -> str | None:
    if attribute in ("src", "background") and not _source_allowed(value):
        return None
    return value


def template_tags_aside(html: str) -> tuple[str, Callable[[str], str]]:
    """The HTML with its template tags replaced by inert placeholders, and the function that
    puts them back into whatever a cleaner or inliner made of it."""
    nonce = secrets.token_hex(4)
    tags: list[str] = []

    def aside(match: re.Match) -> str:
        tags.append(match.group(0))
        return _PLACEHOLDER.format(nonce=nonce, index=len(tags) - 1)

    protected = TEMPLATE_TAG.sub(aside, html)
    placeholder = re.compile(_PLACEHOLDER.format(nonce=nonce, index=r"(\d+)"))

    def restore(result: str) -> str:
        return placeholder.sub(lambda m: tags[int(m.group(1))], result) if tags else result

    return protected, restore


def html_clean(html: str, *, link_schemes: Iterable[str] = DEFAULT_LINK_SCHEMES) -> str:
    """The HTML with only what ATTRIBUTES and TAGS allow and links in `link_schemes`;
    template tags kept intact. '' stays ''."""
    if not html.strip():
        return ""
    protected, restore = template_tags_aside(html)
    cleaned = nh3.clean(
        protected,
        tags=set(TAGS),
        clean_content_tags=_CONTENT_DROPPED,
        attributes=ATTRIBUTES,
        attribute_filter=_attribute_filter,
        url_schemes=set(link_schemes) - NEVER_SCHEMES,
        link_rel=None,
        strip_comments=True,
    )
    return restore(cleaned)


def css_value_allowed(value: object) -> bool:
    return isinstance(value, int | float) or (
        isinstance(value, str) and not _UNSAFE_CSS.search(value)
    )


def _style(style: object):
    if isinstance(style, dict):
        return {
            key: value
            for key, value in style.items()
            if isinstance(key, str) and _ATTRIBUTE_NAME.fullmatch(key) and css_value_allowed(value)
        }
    if isinstance(style, str):
        kept = [part for part in style.split(";") if css_value_allowed(part)]
        return ";".join(kept)
    return {}


def _attributes(attributes: dict, schemes: frozenset[str]) -> dict:
    kept = {}
    for name, value in attributes.items():
        if not isinstance(name, str) or not _ATTRIBUTE_NAME.fullmatch(name):
            continue
        lowered = name.lower()
        if lowered.startswith("on") or lowered in _DROPPED_ATTRIBUTES:
            continue
        if isinstance(value, str) and lowered in _URL_ATTRIBUTES:
            allowed = url_allowed(value, link_schemes=schemes)
            if lowered in ("src", "background", "srcset", "poster"):
                allowed = allowed and _source_allowed(value)
            if not allowed:
                continue
        if lowered == "style":
            value = _style(value)
        if not isinstance(value, str | int | float | bool) and value is not None:
            continue
        kept[name] = value
    return kept


def _forbidden_component(node: dict) -> bool:
    kind = node.get("type")
    tag = node.get("tagName")
    if isinstance(kind, str) and kind.lower() in FORBIDDEN_COMPONENT_TYPES:
        return True
    return tag is not None and (not isinstance(tag, str) or tag.lower() not in _DESIGN_TAGS)


# What a forbidden component leaves in its list: nothing.
_DROP = object()


def _design_node(value, schemes: frozenset[str], depth: int):
    if depth > _DESIGN_MAX_DEPTH:
        return None
    if isinstance(value, list):
        cleaned = (_design_node(item, schemes, depth + 1) for item in value)
        return [item for item in cleaned if item is not _DROP]
    if not isinstance(value, dict):
        return value
    if _forbidden_component(value):
        return _DROP
    node = {}
    for key, item in value.items():
        if not isinstance(key, str) or key in _SCRIPT_KEYS:
            continue
        if key == "attributes" and isinstance(item, dict):
            node[key] = _attributes(item, schemes)
        elif key == "content" and isinstance(item, str) and value.get("type") != "textnode":
            node[key] = html_clean(item, link_schemes=schemes)
        elif key == "components" and isinstance(item, str):
            node[key] = html_clean(item, link_schemes=schemes)
        elif key == "style" and isinstance(item, dict | str):
            node[key] = _style(item)
        elif key in ("src", "href") and isinstance(item, str):
            allowed = url_allowed(item, link_schemes=schemes)
            if key == "src":
                allowed = allowed and _source_allowed(item)
            if allowed:
                node[key] = item
        else:
            kept = _design_node(item, schemes, depth + 1)
            node[key] = None if kept is _DROP else kept
    return node


def design_clean(
    project: dict | None, *, link_schemes: Iterable[str] = DEFAULT_LINK_SCHEMES
) -> dict | None:
    """A GrapesJS project with nothing in it that could run as script when GrapesJS renders
    it (see the module's rule); None stays None. A component of a forbidden type or tag
    goes with its children. Text nodes' `content` is text (GrapesJS never parses it), kept
    as written so template tags in text survive."""
    if project is None:
        return None
    schemes = frozenset(link_schemes) - NEVER_SCHEMES
    cleaned = _design_node(project, schemes, 0)
    return cleaned if isinstance(cleaned, dict) else {}
