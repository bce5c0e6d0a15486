"""The rules a page must meet to go live (spec 5.10), each with its message under the
setting it is about: a valid auto-redirect URL that is not the page itself; a sticky
header first on the page, with nothing above it; a background video from a direct link in
one of the spec's formats; a pop-up page with one popup setting enabled; a checkout page
with its checkout form; linked pop-up pages and forms that are live."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.conf import settings as django_settings

from core.errors import ValidationFailed
from marketing.forms.selectors import form_published_by_key
from marketing.sites import messages
from marketing.sites.models import LandingPage, PageType, PageVersion
from marketing.sites.page_settings import VIDEO_FORMATS, PageSettings, settings_read
from marketing.sites.selectors import popups_published

STICKY_CLASS = "mc-sticky-header"


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def web_url(value: str) -> bool:
    parts = urlsplit(value or "")
    return parts.scheme in ("http", "https") and bool(parts.hostname) and " " not in value


class _Sticky(HTMLParser):
    """Whether the first thing in the body is the only sticky header."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.first: bool | None = None
        self.headers = 0
        self.text_before = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        sticky = STICKY_CLASS in classes
        self.headers += sticky
        if self.first is None:
            self.first = sticky and not self.text_before

    def handle_data(self, data):
        if self.first is None and data.strip():
            self.text_before = True


def sticky_header_ok(html: str) -> bool:
    parser = _Sticky()
    parser.feed(html or "")
    parser.close()
    return bool(parser.first) and parser.headers == 1


def _redirect_to_itself(url: str, slug: str) -> bool:
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if path.rsplit("/", 1)[-1].lower() != slug.lower():
        return False
    return parts.hostname == django_settings.PAGES_HOST or path.lower() == f"/{slug.lower()}"


def video_ok(url: str) -> bool:
    path = urlsplit(url).path.lower()
    return web_url(url) and path.rsplit(".", 1)[-1] in VIDEO_FORMATS and "." in path


def settings_errors(page_settings: PageSettings) -> dict[str, list[str]]:
    """What a save refuses whatever the status: image links that are not web addresses."""
    errors: dict[str, list[str]] = {}
    for name in ("social_image", "favicon"):
        value = getattr(page_settings, name)
        if value and not web_url(value):
            key = "settings.socialImage" if name == "social_image" else "settings.favicon"
            errors[key] = [messages.IMAGE_URL_INVALID]
    return errors


def publish_check(page: LandingPage, version: PageVersion | None) -> None:
    """Raises ValidationFailed with every rule the page breaks."""
    errors: dict[str, list[str]] = {}

    def add(key: str, message: str) -> None:
        errors.setdefault(key, []).append(message)

    if version is None or not version.html.strip():
        raise ValidationFailed(
            messages.NOTHING_TO_PUBLISH, errors={"html": [messages.NOTHING_TO_PUBLISH]}
        )
    page_settings = settings_read(version.settings)
    redirect = page_settings.redirect
    if redirect.enabled:
        if not web_url(redirect.url):
            add("settings.redirect.url", messages.REDIRECT_URL_INVALID)
        elif _redirect_to_itself(redirect.url, page.slug):
            add("settings.redirect.url", messages.REDIRECT_SAME_PAGE)
    if page_settings.sticky_header and not sticky_header_ok(version.html):
        add("settings.stickyHeader", messages.STICKY_HEADER_PLACE)
    if page_settings.background_video and not video_ok(page_settings.background_video):
        add("settings.backgroundVideo", messages.VIDEO_URL_INVALID)
    if page.page_type == PageType.POPUP and not page_settings.popup.enabled():
        add("settings.popup", messages.POPUP_SETTING_REQUIRED)
    if page.page_type == PageType.CHECKOUT and page.checkout_form_id is None:
        add("checkoutFormId", messages.CHECKOUT_FORM_REQUIRED)
    live = popups_published(version.popup_ids)
    if any(popup_id not in live for popup_id in version.popup_ids):
        add("html", messages.POPUP_UNKNOWN)
    if any(form_published_by_key(key) is None for key in version.form_keys):
        add("html", messages.FORM_UNKNOWN)
    for key, found in errors.items():
        errors[key] = list(dict.fromkeys(found))
    if errors:
        first = next(iter(errors.values()))[0]
        raise ValidationFailed(first, errors=errors)
