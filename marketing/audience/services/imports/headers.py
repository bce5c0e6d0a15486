"""The fields a column can be mapped to, the header aliases of spec 3, and header checks.

Field keys are the wire names the front end shows and sends back in `mapping`; custom
fields are `custom.<key>`. A header is matched after normalising it: case and accents
folded, every run of non-alphanumerics turned into one space ("E-Mail Address" -> "e mail
address"). The aliases cover the export files of other tools (HubSpot, Mautic) and the
common German, French and Spanish headers."""

import re
import unicodedata
from dataclasses import dataclass

from marketing.audience.models import FieldType, ProfileField

EMAIL = "emailId"
DO_NOT_EMAIL = "doNotEmail"
REP_EMAIL = "repemailid"
CUSTOM_PREFIX = "custom."


@dataclass(frozen=True)
class SystemField:
    key: str
    label: str
    column: str  # audience_profile column (REP_EMAIL resolves to rep_id)
    max_length: int
    aliases: tuple[str, ...]


SYSTEM_FIELDS: tuple[SystemField, ...] = (
    SystemField(
        EMAIL,
        "Email",
        "email",
        254,
        (
            "email",
            "email address",
            "e mail",
            "e mail address",
            "mail",
            "email id",
            "emailid",
            "e mail adresse",
            "courriel",
            "adresse e mail",
            "correo",
            "correo electronico",
        ),
    ),
    SystemField(
        "firstName",
        "First Name",
        "first_name",
        100,
        ("first name", "fname", "given name", "firstname", "vorname", "prenom", "nombre"),
    ),
    SystemField(
        "lastName",
        "Last Name",
        "last_name",
        100,
        (
            "last name",
            "lname",
            "surname",
            "lastname",
            "nachname",
            "familienname",
            "nom",
            "nom de famille",
            "apellido",
            "apellidos",
        ),
    ),
    SystemField(
        "phone",
        "Phone",
        "phone",
        50,
        (
            "phone",
            "mobile",
            "telephone",
            "cell",
            "phone number",
            "telefon",
            "telefono",
            "handy",
            "movil",
        ),
    ),
    SystemField(
        "company",
        "Company",
        "company",
        200,
        (
            "company",
            "company name",
            "organisation",
            "organization",
            "firma",
            "unternehmen",
            "societe",
            "entreprise",
            "empresa",
        ),
    ),
    SystemField(
        "title",
        "Title",
        "title",
        200,
        ("title", "job title", "designation", "position", "jobtitle", "poste", "cargo"),
    ),
    SystemField(REP_EMAIL, "Rep Email", "rep_id", 254, ("rep email", "rep", "repemailid")),
    SystemField(
        "address1",
        "Address 1",
        "address1",
        255,
        (
            "address1",
            "address 1",
            "address",
            "street",
            "street address",
            "adresse",
            "strasse",
            "direccion",
        ),
    ),
    SystemField("address2", "Address 2", "address2", 255, ("address2", "address 2")),
    SystemField("city", "City", "city", 100, ("city", "stadt", "ort", "ville", "ciudad")),
    SystemField(
        "state", "State", "state", 100, ("state", "region", "province", "bundesland", "provincia")
    ),
    SystemField("country", "Country", "country", 100, ("country", "land", "pays", "pais")),
    SystemField("county", "County", "county", 100, ("county",)),
    SystemField(
        "zipCode",
        "Zip Code",
        "zip_code",
        20,
        (
            "zip code",
            "zip",
            "zipcode",
            "postal code",
            "postcode",
            "pincode",
            "pin code",
            "plz",
            "postleitzahl",
            "code postal",
            "codigo postal",
        ),
    ),
    SystemField(
        DO_NOT_EMAIL,
        "Do Not Email",
        "do_not_email",
        0,
        ("do not email", "donotemail", "dnc", "do not contact"),
    ),
)
SYSTEM_BY_KEY = {field.key: field for field in SYSTEM_FIELDS}

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
    for field in SYSTEM_FIELDS:
        table[normalise_header(field.key)] = field.key
        table[normalise_header(field.label)] = field.key
        for alias in field.aliases:
            table[alias] = field.key
    return table


def mappable_fields(kind: str, custom_fields: list[ProfileField]) -> list[dict]:
    """What the mapping screen offers: [{key, label, required}]."""
    if kind == "unsubscribers":
        return [{"key": EMAIL, "label": "Email", "required": True}]
    fields = [
        {"key": field.key, "label": field.label, "required": field.key == EMAIL}
        for field in SYSTEM_FIELDS
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
