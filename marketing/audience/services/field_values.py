"""The one rule for a custom field's value, whichever way it comes: the profile form and
the API (`custom_values_clean`, services/fields.py) and an import file (imports/rows.py).

`custom_value_parse` gives the verdict and the typed JSON value; each path words a refusal
in its own catalogue below (the API's messages are the form's, an import's name the field
for the error report), so the same value is accepted or refused the same way on both.

- text: stripped, at most TEXT_VALUE_MAX characters, no NUL (PostgreSQL text cannot hold
  it), and no formula (a leading '='): values reach spreadsheets through the export;
- number: finite and below 10^15 in size; stored as an integer when it is whole;
- date: YYYY-MM-DD, a real day, the year in 1700-2260 (spec 5.7);
- radio and dropdown: one of the options, matched case-insensitively and stored as the
  option is written;
- checkbox: a list of options (an import cell is split on the import's separator, empty
  parts ignored), matched like radio, each kept once.

Empty (None, a blank string, an empty list) means no value: None."""

import datetime
import re
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from core.messages import NUMBER_EXPECTED, TEXT_NUL
from marketing.audience.messages import CELL_NUL, CHOOSE_FROM_LIST, IMPORT_FORMULA
from marketing.audience.models import FieldType, ProfileField

TEXT_VALUE_MAX = 1000
NUMBER_MAX = Decimal(10) ** 15
MIN_YEAR, MAX_YEAR = 1700, 2260
_DATE = re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")


class Reason(StrEnum):
    NOT_TEXT = "not_text"
    NUL = "nul"
    TOO_LONG = "too_long"
    FORMULA = "formula"
    NOT_NUMBER = "not_number"
    NOT_DATE = "not_date"
    YEAR_RANGE = "year_range"
    NOT_OPTION = "not_option"
    NOT_OPTIONS = "not_options"


YEAR_RANGE = f"Year must be between {MIN_YEAR} and {MAX_YEAR}."

# The profile form's and the API's words (errors under `custom.<key>`).
API_MESSAGES: dict[Reason, str] = {
    Reason.NOT_TEXT: "Please enter text.",
    Reason.NUL: TEXT_NUL,
    Reason.TOO_LONG: f"At most {TEXT_VALUE_MAX} characters.",
    Reason.FORMULA: "Formula values are not accepted.",
    Reason.NOT_NUMBER: NUMBER_EXPECTED,
    Reason.NOT_DATE: "Please enter a date as YYYY-MM-DD.",
    Reason.YEAR_RANGE: YEAR_RANGE,
    Reason.NOT_OPTION: CHOOSE_FROM_LIST,
    Reason.NOT_OPTIONS: CHOOSE_FROM_LIST,
}

# An import's error report: `{label}` is the field's label.
IMPORT_MESSAGES: dict[Reason, str] = {
    Reason.NOT_TEXT: "{label} must be text",
    Reason.NUL: CELL_NUL,
    Reason.TOO_LONG: f"{{label}} is longer than {TEXT_VALUE_MAX} characters",
    Reason.FORMULA: IMPORT_FORMULA,
    Reason.NOT_NUMBER: "{label} must be a number",
    Reason.NOT_DATE: "{label} must be a date YYYY-MM-DD",
    Reason.YEAR_RANGE: f"{{label}}: the year must be between {MIN_YEAR} and {MAX_YEAR}",
    Reason.NOT_OPTION: "{label} must be one of its options",
    Reason.NOT_OPTIONS: "{label} must be a subset of its options",
}


class ValueRefused(ValueError):
    def __init__(self, reason: Reason):
        super().__init__(reason)
        self.reason = reason


def _empty(value: Any) -> bool:
    return value is None or value == [] or (isinstance(value, str) and not value.strip())


def _text(value: Any) -> str:
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        raise ValueRefused(Reason.NOT_TEXT)
    text = str(value).strip()
    if "\x00" in text:
        raise ValueRefused(Reason.NUL)
    if text[0] == "=":
        raise ValueRefused(Reason.FORMULA)
    if len(text) > TEXT_VALUE_MAX:
        raise ValueRefused(Reason.TOO_LONG)
    return text


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ValueRefused(Reason.NOT_NUMBER)
    try:
        number = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueRefused(Reason.NOT_NUMBER) from None
    if not number.is_finite() or abs(number) >= NUMBER_MAX:
        raise ValueRefused(Reason.NOT_NUMBER)
    return int(number) if number == number.to_integral_value() else float(number)


def _date(value: Any) -> str:
    match = _DATE.match(value.strip()) if isinstance(value, str) else None
    if match is None:
        raise ValueRefused(Reason.NOT_DATE)
    try:
        day = datetime.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        raise ValueRefused(Reason.NOT_DATE) from None
    if not MIN_YEAR <= day.year <= MAX_YEAR:
        raise ValueRefused(Reason.YEAR_RANGE)
    return day.isoformat()


def _options(field: ProfileField) -> dict[str, str]:
    return {option.lower(): option for option in field.options}


def _one_of(options: dict[str, str], value: Any, reason: Reason) -> str:
    if not isinstance(value, str) or value.strip().lower() not in options:
        raise ValueRefused(reason)
    return options[value.strip().lower()]


def custom_value_parse(
    field: ProfileField,
    value: Any,
    *,
    separator: str | None = None,
    options: dict[str, str] | None = None,
) -> Any:
    """The typed value of `field` (None for an empty one); raises ValueRefused. A checkbox
    value is a list, or with `separator` (an import's) a string to split. `options`: the
    field's options by lower-cased option, when the caller has them already."""
    if _empty(value):
        return None
    kind = field.field_type
    if kind == FieldType.TEXT:
        return _text(value)
    if kind == FieldType.NUMBER:
        return _number(value)
    if kind == FieldType.DATE:
        return _date(value)
    options = options if options is not None else _options(field)
    if kind == FieldType.CHECKBOX:
        if separator and isinstance(value, str):
            value = [part for part in value.split(separator) if part.strip()]
            if not value:
                return None
        if not isinstance(value, list):
            raise ValueRefused(Reason.NOT_OPTIONS)
        return list(dict.fromkeys(_one_of(options, v, Reason.NOT_OPTIONS) for v in value))
    return _one_of(options, value, Reason.NOT_OPTION)


def custom_value_parser(field: ProfileField, separator: str | None = None):
    """`custom_value_parse` for one field, its options looked up once (an import calls it
    for every row)."""
    options = _options(field)

    def parse(value: Any) -> Any:
        return custom_value_parse(field, value, separator=separator, options=options)

    return parse
