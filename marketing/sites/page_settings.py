"""A page's settings (saved with each version): SEO, the pop-up's triggers (spec 9's
frequency and duration choices), the auto-redirect, the sticky header and the background
video (spec 5.10). Shapes are checked here on every save; the rules that hold only for a
page that goes live are checked at publish (services/checking.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from pydantic.alias_generators import to_camel

POPUP_FREQUENCIES = (1, 2, 3, 4, 5, 10)  # spec 9
POPUP_DURATIONS = (1, 2, 5, 10, 20, 30, 60)  # spec 9 (days)
VIDEO_FORMATS = ("mp4", "webm", "mov", "mkv")  # spec 9


def _text(max_length: int):
    return Annotated[str, StringConstraints(strip_whitespace=True, max_length=max_length)]


class _Doc(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class PagePopup(_Doc):
    """How a pop-up page (PP) shows on the landing pages that link to it: by a button (a
    link to it), `delay_seconds` after the page opened, at `scroll_percent` of the page,
    or when the pointer leaves the window; at most `frequency` times to one visitor in
    `duration` days (spec 9)."""

    button: bool = True
    delay_seconds: Annotated[int, Field(ge=0, le=600)] | None = None
    scroll_percent: Annotated[int, Field(ge=1, le=100)] | None = None
    exit_intent: bool = False
    frequency: Literal[POPUP_FREQUENCIES] = 1
    duration: Literal[POPUP_DURATIONS] = 1

    def enabled(self) -> bool:
        return (
            self.button
            or self.delay_seconds is not None
            or self.scroll_percent is not None
            or self.exit_intent
        )


class PageRedirect(_Doc):
    enabled: bool = False
    url: _text(2000) = ""
    delay_seconds: Annotated[int, Field(ge=0, le=600)] = 5


class PageSettings(_Doc):
    seo_title: _text(200) = ""
    seo_description: _text(500) = ""
    social_image: _text(2000) = ""
    favicon: _text(2000) = ""
    popup: PagePopup = PagePopup()
    redirect: PageRedirect = PageRedirect()
    sticky_header: bool = False
    background_video: _text(2000) = ""


def settings_read(data: dict | None) -> PageSettings:
    return PageSettings.model_validate(data or {})


def settings_dump(settings: PageSettings) -> dict:
    return settings.model_dump(by_alias=True)
