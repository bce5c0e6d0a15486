"""A form's rules (spec 5.4, 5.5, 5.6, 5.10), worded as the spec words them.

`save` refuses what is wrong: a malformed definition, a section without fields (spec 5.5),
a field not in the profile field registry or of another type, a field twice, a checkbox
field without its separator (spec 5.6), groups or tags that do not exist, a redirect that
is no web address, a survey path already taken (spec 5.5) or malformed, an unknown
disclaimer. `publish` also refuses what is missing: the required Email field, a group the
submitters join, a survey form's URL path (spec 5.5).

Errors are keyed by where they are: "name", "surveyPath", "disclaimerId", "themeId",
"definition.sections.<i>.fields", "definition.sections.<i>.fields.<j>.key", ...; the
answer's message is the first of them."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from pydantic import ValidationError

from core.errors import ValidationFailed
from core.untrusted_html import html_clean, url_allowed
from marketing.audience.selectors.fields import form_field_list
from marketing.audience.selectors.groups import group_names
from marketing.audience.selectors.tags import tag_names
from marketing.forms import messages
from marketing.forms.definition import FormDefinition, definition_dump, definition_read
from marketing.forms.models import Disclaimer, FormTheme, FormType
from marketing.forms.selectors import survey_path_taken

SURVEY_PATH = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$")


def _pydantic_errors(prefix: str, exc: ValidationError) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for error in exc.errors():
        path = ".".join(str(part) for part in (prefix, *error["loc"]))
        errors.setdefault(path, []).append(error["msg"])
    return errors


def definition_parse(data: dict) -> FormDefinition:
    try:
        return definition_read(data)
    except ValidationError as exc:
        raise ValidationFailed(
            messages.DEFINITION_INVALID, errors=_pydantic_errors("definition", exc)
        ) from None


def registry_types() -> dict[str, str]:
    """The form field type of every profile field a form may ask for, by field key."""
    return {field.key: field.type for field in form_field_list()}


def _missing(names, ids: list[int]) -> bool:
    return bool(ids) and len(names(set(ids))) != len(set(ids))


def _redirect_ok(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.netloc) and url_allowed(url)


def _definition_errors(definition: FormDefinition, *, publishing: bool) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}

    def add(key: str, message: str) -> None:
        errors.setdefault(key, []).append(message)

    types = registry_types()
    if not definition.sections:
        add("definition.sections", messages.SECTION_EMPTY)
    seen: set[str] = set()
    email_required = False
    for i, section in enumerate(definition.sections):
        where = f"definition.sections.{i}"
        if not section.fields:
            add(f"{where}.fields", messages.SECTION_EMPTY)
        for j, field in enumerate(section.fields):
            at = f"{where}.fields.{j}"
            expected = types.get(field.key)
            if expected is None:
                add(f"{at}.key", messages.FIELD_UNKNOWN)
                continue
            if field.key in seen:
                add(f"{at}.key", messages.FIELD_TWICE)
            seen.add(field.key)
            if field.type != expected:
                add(f"{at}.type", messages.FIELD_TYPE_MISMATCH.format(type=expected))
            if field.type == "checkbox" and not field.separator:
                add(f"{at}.separator", messages.SEPARATOR_REQUIRED)
            if field.key == "email" and field.required:
                email_required = True
    for k, hidden in enumerate(definition.hidden):
        if hidden.key not in types:
            add(f"definition.hidden.{k}.key", messages.FIELD_UNKNOWN)
    groups = definition.groups
    if _missing(group_names, groups.fixed + groups.choices):
        add("definition.groups", messages.GROUP_UNKNOWN)
    if _missing(tag_names, definition.tags.fixed + definition.tags.choices):
        add("definition.tags", messages.TAG_UNKNOWN)
    thank_you = definition.thank_you
    if thank_you.kind == "redirect" and not _redirect_ok(thank_you.url):
        add("definition.thankYou.url", messages.REDIRECT_URL_INVALID)
    if publishing:
        if not email_required:
            add("definition.sections", messages.EMAIL_FIELD_REQUIRED)
        if not groups.fixed:
            add("definition.groups.fixed", messages.GROUP_REQUIRED)
    return errors


def form_check(
    *,
    form_id: int | None,
    form_type: str,
    definition: dict,
    survey_path: str | None,
    disclaimer_id: int | None,
    theme_id: int | None,
    publishing: bool = False,
) -> dict:
    """The definition as stored (typed, its thank-you HTML cleaned), or ValidationFailed
    naming every problem."""
    typed = definition_parse(definition)
    typed.thank_you.html = html_clean(typed.thank_you.html)
    errors = _definition_errors(typed, publishing=publishing)
    if form_type == FormType.SURVEY:
        if not survey_path:
            if publishing:
                errors["surveyPath"] = [messages.SURVEY_PATH_UNIQUE]
        elif not SURVEY_PATH.match(survey_path):
            errors["surveyPath"] = [messages.SURVEY_PATH_INVALID]
        elif survey_path_taken(survey_path, exclude=form_id):
            errors["surveyPath"] = [messages.SURVEY_PATH_UNIQUE]
    live = Disclaimer.objects.filter(deleted_at__isnull=True, pk=disclaimer_id)
    if disclaimer_id is not None and not live.exists():
        errors["disclaimerId"] = [messages.DISCLAIMER_UNKNOWN]
    if theme_id is not None and not FormTheme.objects.filter(pk=theme_id).exists():
        errors["themeId"] = [messages.THEME_NOT_FOUND]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    return definition_dump(typed)
