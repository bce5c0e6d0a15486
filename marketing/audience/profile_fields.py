"""The one list of a profile's standard fields (spec 3): everything that names one reads it.

Each entry says where the value is stored (the Profile column), what it is called on the
wire (the API's camelCase key, the import mapping key, the merge tag), how it is shown
(label), checked and stored (kind, max length), and what it takes part in (imports and
their header aliases, the export, merge fields, the profile form, segments). So the
profile schemas, the import's header matching, staging table and apply, the export's
columns, getFields and the profile services are built from it; adding a field is one
entry here, its model column and its migration.

Custom fields are not here: they are rows (ProfileField) and their values live in
Profile.custom (services/field_values.py checks them).

Plain data, imported by models.py: no Django imports."""

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """How a standard field's value is checked and stored."""

    EMAIL = "email"  # the one email rule (services/email_rule.py)
    TEXT = "text"  # stripped text up to max_length; empty is ''
    REP = "rep"  # a rep: its id in the API, its email in an import file and the export
    BOOLEAN = "boolean"  # an import reads YES/NO, TRUE/FALSE, Y/N (spec 5.6)
    CHOICE = "choice"  # one of a fixed set of values, set by the platform
    DATETIME = "datetime"  # set by the platform


@dataclass(frozen=True)
class StandardField:
    column: str  # the Profile model column
    key: str  # the API's camelCase key (ProfileOut, ProfileIn, ProfilePatch)
    label: str  # as people read it: import mapping screen, export header, merge fields
    kind: Kind
    max_length: int = 0  # TEXT and EMAIL columns
    # The import mapping key (None: not importable) and the headers that suggest it,
    # matched after folding case, accents and punctuation (imports/headers.py).
    import_key: str | None = None
    aliases: tuple[str, ...] = ()
    # The merge tag `<% name %>` getFields offers (None: not a merge field), and its name
    # there when it differs from `label`.
    merge_tag: str | None = None
    merge_label: str | None = None
    editable: bool = False  # set through the profile form (profile_create/update)
    exportable: bool = True  # a column of the profile export
    segmentable: bool = True  # offered by the segment builder


PROFILE_FIELDS: tuple[StandardField, ...] = (
    StandardField(
        "email",
        "email",
        "Email",
        Kind.EMAIL,
        254,
        import_key="emailId",
        aliases=(
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
        merge_tag="mailId",
        editable=True,
    ),
    StandardField(
        "first_name",
        "firstName",
        "First Name",
        Kind.TEXT,
        100,
        import_key="firstName",
        aliases=("first name", "fname", "given name", "firstname", "vorname", "prenom", "nombre"),
        merge_tag="firstName",
        editable=True,
    ),
    StandardField(
        "last_name",
        "lastName",
        "Last Name",
        Kind.TEXT,
        100,
        import_key="lastName",
        aliases=(
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
        merge_tag="lastName",
        editable=True,
    ),
    StandardField(
        "phone",
        "phone",
        "Phone",
        Kind.TEXT,
        50,
        import_key="phone",
        aliases=(
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
        merge_tag="phone",
        editable=True,
    ),
    StandardField(
        "company",
        "company",
        "Company",
        Kind.TEXT,
        200,
        import_key="company",
        aliases=(
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
        merge_tag="company",
        editable=True,
    ),
    StandardField(
        "title",
        "title",
        "Title",
        Kind.TEXT,
        200,
        import_key="title",
        aliases=("title", "job title", "designation", "position", "jobtitle", "poste", "cargo"),
        merge_tag="title",
        editable=True,
    ),
    StandardField(
        "rep_id",
        "repId",
        "Rep Email",
        Kind.REP,
        import_key="repemailid",
        aliases=("rep email", "rep", "repemailid"),
        merge_tag="repName",
        merge_label="Rep Name",
        editable=True,
    ),
    StandardField(
        "address1",
        "address1",
        "Address 1",
        Kind.TEXT,
        255,
        import_key="address1",
        aliases=(
            "address1",
            "address 1",
            "address",
            "street",
            "street address",
            "adresse",
            "strasse",
            "direccion",
        ),
        merge_tag="address1",
        editable=True,
    ),
    StandardField(
        "address2",
        "address2",
        "Address 2",
        Kind.TEXT,
        255,
        import_key="address2",
        aliases=("address2", "address 2"),
        merge_tag="address2",
        editable=True,
    ),
    StandardField(
        "city",
        "city",
        "City",
        Kind.TEXT,
        100,
        import_key="city",
        aliases=("city", "stadt", "ort", "ville", "ciudad"),
        merge_tag="city",
        editable=True,
    ),
    StandardField(
        "state",
        "state",
        "State",
        Kind.TEXT,
        100,
        import_key="state",
        aliases=("state", "region", "province", "bundesland", "provincia"),
        merge_tag="state",
        editable=True,
    ),
    StandardField(
        "country",
        "country",
        "Country",
        Kind.TEXT,
        100,
        import_key="country",
        aliases=("country", "land", "pays", "pais"),
        merge_tag="country",
        editable=True,
    ),
    StandardField(
        "county",
        "county",
        "County",
        Kind.TEXT,
        100,
        import_key="county",
        aliases=("county",),
        merge_tag="county",
        editable=True,
    ),
    StandardField(
        "zip_code",
        "zipCode",
        "Zip Code",
        Kind.TEXT,
        20,
        import_key="zipCode",
        aliases=(
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
        merge_tag="zipCode",
        editable=True,
    ),
    StandardField(
        "do_not_email",
        "doNotEmail",
        "Do Not Email",
        Kind.BOOLEAN,
        import_key="doNotEmail",
        aliases=("do not email", "donotemail", "dnc", "do not contact"),
        editable=True,
    ),
    StandardField("verification_status", "verificationStatus", "Verification Status", Kind.CHOICE),
    StandardField("source", "source", "Source", Kind.CHOICE),
    StandardField("unsubscribed_at", "unsubscribedAt", "Unsubscribed At", Kind.DATETIME),
    StandardField("created_at", "createdAt", "Created At", Kind.DATETIME),
)

BY_COLUMN: dict[str, StandardField] = {field.column: field for field in PROFILE_FIELDS}


def max_length(column: str) -> int:
    """The model's max_length of a text column (models.py declares its columns with it)."""
    return BY_COLUMN[column].max_length


def profile_fields(**flags: bool) -> list[StandardField]:
    """The entries whose attributes have the given truth values, in order:
    `profile_fields(editable=True)`, `profile_fields(import_key=True)`."""
    return [
        field
        for field in PROFILE_FIELDS
        if all(bool(getattr(field, name)) == wanted for name, wanted in flags.items())
    ]
