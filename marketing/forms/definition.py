"""A form's definition and a theme's styles as typed documents (pydantic): what the
builder writes and the public page reads. Shape only; the rules that need the database
(fields in the registry, groups and tags that exist, names and paths free) are
services/checking.py's.

    {"title": "Join us", "description": "", "multiStep": false,
     "sections": [{"id": "s1", "title": "", "fields": [
         {"key": "email", "type": "email", "label": "Email", "required": true},
         {"key": "custom.interests", "type": "checkbox", "label": "Interests",
          "separator": ","}]}],
     "groups": {"fixed": [3], "choices": [4, 5], "label": "Newsletters"},
     "tags": {"fixed": [], "choices": [], "label": ""},
     "hidden": [{"key": "custom.campaign", "value": "spring"}],
     "utm": true,
     "submitText": "Submit", "nextText": "Next", "previousText": "Previous",
     "thankYou": {"kind": "page", "html": "<p>Thanks!</p>"}  |  {"kind": "redirect", "url": ...},
     "confirmation": {"subject": "Please confirm your subscription", "fromName": ""},
     "popup": {"enabled": false, "frequency": 1, "duration": 1, "delaySeconds": 5,
               "scrollPercent": null, "exitIntent": false}}

A field's `key` is a profile field's API key (`email`, `firstName`, ...) or
`custom.<key>` for a custom field (the profile field registry: marketing/audience)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic.alias_generators import to_camel

from marketing.forms import messages

FieldType = Literal["text", "email", "number", "date", "radio", "dropdown", "checkbox"]
SectionId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
FieldKey = Annotated[str, StringConstraints(pattern=r"^(custom\.)?[A-Za-z][A-Za-z0-9_]{0,63}$")]
MAX_FIELDS = 100


def _text(max_length: int):
    return Annotated[str, StringConstraints(strip_whitespace=True, max_length=max_length)]


class _Doc(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class FormFieldDef(_Doc):
    key: FieldKey
    type: FieldType
    label: _text(200) = ""
    required: bool = False
    placeholder: _text(200) = ""
    separator: Annotated[str, StringConstraints(max_length=5)] = ""  # checkbox fields (spec 5.6)
    as_buttons: bool = False  # a radio field drawn as buttons (spec 3's radio-as-button group)


class FormSection(_Doc):
    id: SectionId
    title: _text(200) = ""
    fields: Annotated[list[FormFieldDef], Field(max_length=MAX_FIELDS)] = []


class FormChoices(_Doc):
    """Groups (or tags): `fixed` ones every submitter joins, `choices` offered as boxes."""

    fixed: Annotated[list[int], Field(max_length=50)] = []
    choices: Annotated[list[int], Field(max_length=50)] = []
    label: _text(200) = ""


class FormHiddenField(_Doc):
    key: FieldKey
    value: _text(1000) = ""


class FormThankYou(_Doc):
    kind: Literal["page", "redirect"] = "page"
    html: Annotated[str, StringConstraints(max_length=20_000)] = ""  # cleaned on write
    url: _text(2000) = ""


class FormConfirmation(_Doc):
    subject: _text(200) = "Please confirm your subscription"
    from_name: _text(100) = ""


POPUP_FREQUENCIES = (1, 2, 3, 4, 5, 10)  # spec 9
POPUP_DURATIONS = (1, 2, 5, 10, 20, 30, 60)  # spec 9


class FormPopup(_Doc):
    """How an embedded form shows as a pop-up on the client's site (embed.js): at most
    `frequency` times to one visitor in `duration` days, once one trigger fires (the
    seconds after the page opened, the share of the page scrolled, the pointer leaving
    the window). Off: the form sits where its snippet is."""

    enabled: bool = False
    frequency: Literal[POPUP_FREQUENCIES] = 1
    duration: Literal[POPUP_DURATIONS] = 1
    delay_seconds: Annotated[int, Field(ge=0, le=600)] | None = 5
    scroll_percent: Annotated[int, Field(ge=1, le=100)] | None = None
    exit_intent: bool = False

    @model_validator(mode="after")
    def _a_trigger(self) -> FormPopup:
        if self.enabled and self.delay_seconds is None and not self.scroll_percent:
            if not self.exit_intent:
                raise ValueError(messages.POPUP_TRIGGER_REQUIRED)
        return self


class FormDefinition(_Doc):
    title: _text(200) = ""
    description: _text(2000) = ""
    multi_step: bool = False
    sections: Annotated[list[FormSection], Field(max_length=20)] = []
    groups: FormChoices = FormChoices()
    tags: FormChoices = FormChoices()
    hidden: Annotated[list[FormHiddenField], Field(max_length=20)] = []
    utm: bool = True
    submit_text: _text(50) = "Submit"
    next_text: _text(50) = "Next"
    previous_text: _text(50) = "Previous"
    thank_you: FormThankYou = FormThankYou()
    confirmation: FormConfirmation = FormConfirmation()
    popup: FormPopup = FormPopup()

    def fields(self) -> list[FormFieldDef]:
        return [field for section in self.sections for field in section.fields]


def definition_read(data: dict) -> FormDefinition:
    return FormDefinition.model_validate(data or {})


def definition_dump(definition: FormDefinition) -> dict:
    return definition.model_dump(mode="json", by_alias=True)


def definition_default() -> dict:
    """A new form: one section holding the email field."""
    return definition_dump(
        FormDefinition(
            sections=[
                FormSection(
                    id="s1",
                    fields=[FormFieldDef(key="email", type="email", label="Email", required=True)],
                )
            ]
        )
    )


# --- themes (spec 3) --------------------------------------------------------------------

# Every value lands in a stylesheet: each is held to a pattern that cannot close a rule,
# open a URL or carry markup.
_RGB = r"rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)"
_COLOR = rf"^(#[0-9A-Fa-f]{{3,8}}|{_RGB}|transparent)$"
_LENGTH = r"^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$"
_BOX = r"^(\d{1,3}(px|em|rem|%)?)( \d{1,3}(px|em|rem|%)?){0,3}$"
FONT_FAMILIES = (
    "Arial",
    "Helvetica",
    "Georgia",
    "Times New Roman",
    "Verdana",
    "Tahoma",
    "Trebuchet MS",
    "Courier New",
    "system-ui",
    "sans-serif",
    "serif",
    "monospace",
)
Color = Annotated[str, StringConstraints(pattern=_COLOR)]
Length = Annotated[str, StringConstraints(pattern=_LENGTH)]
Box = Annotated[str, StringConstraints(pattern=_BOX)]


class ThemeStyleGroup(_Doc):
    """The properties every style group of spec 3 has (font, size, color, padding,
    border and similar); an absent one is the page's default."""

    font_family: Literal[FONT_FAMILIES] | None = None
    font_size: Length | None = None
    font_weight: Literal["normal", "bold", "300", "400", "500", "600", "700"] | None = None
    font_style: Literal["normal", "italic"] | None = None
    color: Color | None = None
    background_color: Color | None = None
    padding: Box | None = None
    margin: Box | None = None
    border_width: Length | None = None
    border_style: Literal["none", "solid", "dashed", "dotted"] | None = None
    border_color: Color | None = None
    border_radius: Length | None = None
    text_align: Literal["left", "center", "right"] | None = None
    width: Length | None = None


class ThemeStyles(_Doc):
    page: ThemeStyleGroup = ThemeStyleGroup()
    title: ThemeStyleGroup = ThemeStyleGroup()
    title_description: ThemeStyleGroup = ThemeStyleGroup()
    label: ThemeStyleGroup = ThemeStyleGroup()
    field: ThemeStyleGroup = ThemeStyleGroup()
    checkboxes: ThemeStyleGroup = ThemeStyleGroup()
    radio_button: ThemeStyleGroup = ThemeStyleGroup()
    radio_as_button: ThemeStyleGroup = ThemeStyleGroup()
    tags_groups: ThemeStyleGroup = ThemeStyleGroup()
    disclaimer: ThemeStyleGroup = ThemeStyleGroup()
    submit_button: ThemeStyleGroup = ThemeStyleGroup()
    next_button: ThemeStyleGroup = ThemeStyleGroup()
    previous_button: ThemeStyleGroup = ThemeStyleGroup()


def styles_read(data: dict) -> ThemeStyles:
    return ThemeStyles.model_validate(data or {})


def styles_dump(styles: ThemeStyles) -> dict:
    """Only the groups and properties set."""
    dumped = styles.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {group: properties for group, properties in dumped.items() if properties}


# The CSS selector of each style group on the public page (templates/forms/page.html).
GROUP_SELECTORS = {
    "page": ".mc-form",
    "title": ".mc-title",
    "titleDescription": ".mc-description",
    "label": ".mc-label",
    "field": ".mc-input",
    "checkboxes": ".mc-checkbox",
    "radioButton": ".mc-radio",
    "radioAsButton": ".mc-radio-button",
    "tagsGroups": ".mc-choices",
    "disclaimer": ".mc-disclaimer",
    "submitButton": ".mc-submit",
    "nextButton": ".mc-next",
    "previousButton": ".mc-previous",
}
_PROPERTY = re.compile(r"(?<!^)(?=[A-Z])")


def styles_css(styles: dict) -> str:
    """The stylesheet of a theme's (validated) styles."""
    typed = styles_dump(styles_read(styles))
    rules = []
    for group, selector in GROUP_SELECTORS.items():
        properties = typed.get(group) or {}
        body = ";".join(
            f"{_PROPERTY.sub('-', name).lower()}:{value}" for name, value in properties.items()
        )
        if body:
            rules.append(f"{selector}{{{body}}}")
    return "\n".join(rules)


PRESET_THEMES = {
    "Classic": {
        "page": {"fontFamily": "Arial", "backgroundColor": "#ffffff", "padding": "24px"},
        "title": {"fontSize": "24px", "fontWeight": "bold", "color": "#1a1a1a"},
        "label": {"fontSize": "14px", "color": "#333333"},
        "field": {
            "borderWidth": "1px",
            "borderStyle": "solid",
            "borderColor": "#cccccc",
            "borderRadius": "4px",
            "padding": "8px",
        },  # fmt: skip
        "submitButton": {
            "backgroundColor": "#1971c2",  # 5.0:1 with white (WCAG AA)
            "color": "#ffffff",
            "padding": "10px 20px",
            "borderRadius": "4px",
            "borderStyle": "none",
        },  # fmt: skip
    },
    "Dark": {
        "page": {
            "fontFamily": "Helvetica",
            "backgroundColor": "#1a1b1e",
            "color": "#f1f3f5",
            "padding": "24px",
        },  # fmt: skip
        "title": {"fontSize": "24px", "color": "#ffffff"},
        "label": {"color": "#ced4da"},
        "field": {
            "backgroundColor": "#25262b",
            "color": "#f1f3f5",
            "borderColor": "#373a40",
            "borderStyle": "solid",
            "borderWidth": "1px",
            "padding": "8px",
        },  # fmt: skip
        "submitButton": {
            "backgroundColor": "#237a37",  # 5.4:1 with white (WCAG AA)
            "color": "#ffffff",
            "padding": "10px 20px",
            "borderStyle": "none",
        },  # fmt: skip
    },
    "Minimal": {
        "page": {"fontFamily": "system-ui", "padding": "16px"},
        "field": {"borderStyle": "solid", "borderWidth": "1px", "borderColor": "#dee2e6"},
        "submitButton": {"backgroundColor": "#212529", "color": "#ffffff", "padding": "8px 16px"},
    },
}
