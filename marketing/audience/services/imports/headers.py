"""The fields a column can be mapped to, their header aliases, and header checks.

The standard fields, their mapping keys and aliases are the field registry's
(profile_fields.py); custom fields are `custom.<key>`. Field keys are the wire names the
front end shows and sends back in `mapping`. A header is matched after normalising it:
case and accents folded, every run of non-alphanumerics turned into one space ("E-Mail
Address" -> "e mail address"), and so is every alias."""

import re
import unicodedata

from marketing.audience.models import FieldType, ProfileField
from marketing.audience.profile_fields import BY_COLUMN, StandardField, profile_fields

CUSTOM_PREFIX = "custom."


def importable() -> list[StandardField]:
    """The standard fields a column can be mapped to, in the registry's order."""
    return profile_fields(import_key=True)


def by_import_key() -> dict[str, StandardField]:
    return {field.import_key: field for field in importable()}


EMAIL = BY_COLUMN["email"].import_key

_NON_ALNUM = re.compile(r"[^0-9a-z]+")


def normalise_header(text: str) -> str:
    """Case, accents and punctuation aside: "Prénom" -> "prenom", "E-Mail" -> "e mail",
    "Straße" -> "strasse"."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return _NON_ALNUM.sub(" ", plain).strip()


def _alias_table(custom_fields: list[ProfileField]) -> dict[str, str]:
    table: dict[str, str] = {}
    for field in custom_fields:  # system aliases win over custom labels
        table[normalise_header(field.label)] = CUSTOM_PREFIX + field.key
        table[normalise_header(field.key)] = CUSTOM_PREFIX + field.key
    for field in importable():
        for name in (field.import_key, field.label, *field.aliases):
            table[normalise_header(name)] = field.import_key
    return table


def mappable_fields(kind: str, custom_fields: list[ProfileField]) -> list[dict]:
    """What the mapping screen offers: [{key, label, required}]."""
    if kind == "unsubscribers":
        return [{"key": EMAIL, "label": BY_COLUMN["email"].label, "required": True}]
    fields = [
        {"key": field.import_key, "label": field.label, "required": field.import_key == EMAIL}
        for field in importable()
    ]
    fields += [
        {"key": CUSTOM_PREFIX + field.key, "label": field.label, "required": False}
        for field in custom_fields
    ]
    return fields


def suggest_mapping(
    headers: list[str], kind: str, custom_fields: list[ProfileField]
) -> dict[str, str]:
    """{column index (as text): field key}; each field is suggested for one column at most."""
    table = _alias_table(custom_fields)
    allowed = {field["key"] for field in mappable_fields(kind, custom_fields)}
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for index, header in enumerate(headers):
        key = table.get(normalise_header(header))
        if key and key in allowed and key not in taken:
            mapping[str(index)] = key
            taken.add(key)
    return mapping


def duplicate_headers(headers: list[str]) -> list[str]:
    seen: set[str] = set()
    duplicates: list[str] = []
    for header in headers:
        norm = normalise_header(header) or header.strip().lower()
        if not norm:
            continue
        if norm in seen and header not in duplicates:
            duplicates.append(header)
        seen.add(norm)
    return duplicates


def needs_separator(mapping: dict[str, str], custom_fields: list[ProfileField]) -> bool:
    checkbox_keys = {
        CUSTOM_PREFIX + field.key
        for field in custom_fields
        if field.field_type == FieldType.CHECKBOX
    }
    return any(key in checkbox_keys for key in mapping.values())
