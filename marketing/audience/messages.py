"""The audience's messages: profiles, groups, tags, fields, domains, reps, imports, exports
and verification (the catalogue's audience part: core/messages.py says how the catalogue
works), in the spec's wording where it has one."""

# Spec 5.2's wording, shared by every app that takes an address.
from core.messages import INVALID_EMAIL  # noqa: F401

NOTHING_IMPORTED = "Something went wrong. Nothing was imported."


PROFILE_FIELD_NOT_FOUND = "Profile field not found."

GROUP_NOT_FOUND = "Group not found."

CATEGORY_NOT_FOUND = "Category not found."

PROFILE_NOT_FOUND = "Profile not found."

TAG_NOT_FOUND = "Tag not found."

INVALID_DOMAIN = "Please enter a valid domain name."

DOMAIN_EXISTS = "This domain already exists."

DOMAIN_NOT_FOUND = "Domain not found."

EMAIL_MISSING = "The email address is missing"

EMAIL_NOT_VALID = "The email address is not valid"

EMAIL_NEEDS_SMTPUTF8 = (
    "The email address has characters before the @ that cannot be delivered "
    "(that would need SMTPUTF8)"
)

CHOOSE_FROM_LIST = "Please choose from the list."

OPTIONS_NOT_UNIQUE = "Profile field list items must be unique."

OPTIONS_REQUIRED = "At least one list item is needed for this field type."

LABEL_TAKEN = "A profile field with this label already exists."

GROUP_NAME_COMMA = "A group name cannot contain commas."

GROUP_NAME_TAKEN = "A group with this name already exists."

CATEGORY_INACTIVE = "Please activate the category before adding groups."

CATEGORY_NAME_TAKEN = "A category with this name already exists."

CATEGORY_HAS_GROUPS = "Unable to delete as the category has groups."

DEFAULT_GROUP_DELETE = "Default groups cannot be deleted."

DEFAULT_GROUP_RENAME = "Default groups cannot be renamed."

EMAIL_NOT_MAPPED = "The email address must be mapped."

SEPARATOR_NEEDED = "A separator is required for checkbox fields."

UNKNOWN_FIELD = "The mapping names a field that does not exist."

UNKNOWN_COLUMN = "The mapping names a column that is not in the file."

FIELD_TWICE = "A field can be mapped to one column only."

ALREADY_STARTED = "This import has already been started."

STILL_READING = "The file is still being read; try again in a moment."

IMPORT_CANCELLED = "Cancelled: nothing was imported."

# What the job says while it runs (under the progress bar).
CHECKING_MESSAGE = "Checking the rows of the file…"

SAVING_MESSAGE = "Saving the profiles…"

INDEXING_MESSAGE = "Rebuilding the profile search and sort indexes…"

MSG_EXTENSION = "The file extension must be supported: upload a .csv, .txt or .xlsx file."

MSG_EMPTY = "The file is empty."

MSG_NO_DATA = "The file has a header row but no data rows."

MSG_TOO_LARGE = "The file is too large: the limit is {mb} MB."

MSG_LONG_LINE = "A line of the file is longer than {kb} KB; the file cannot be read as CSV."

MSG_ENCODING = "The file is not a text file in UTF-8 or Windows-1252 (Latin-1) encoding."

MSG_DUPLICATES = "Headers must be valid: duplicate column headers {names}."

MSG_BAD_HEADERS = "Headers must be valid: the header row has no column names."

MSG_BAD_CSV = "The file could not be read as CSV: {reason}."

MSG_BAD_XLSX = "The file is not a valid .xlsx workbook."

MSG_XLSX_BOMB = "The .xlsx file expands to too much data and was refused."

MSG_XLSX_UNREADABLE = "The .xlsx file could not be read; save it again or upload it as CSV."

EMAIL_EXISTS = "Email Already exists!"

SAME_EMAIL = "An email cannot be updated to the same email."

GROUP_REQUIRED = "At least one group is needed to save a profile."

CRM_UPDATE = "Unable to update as it is CRM Profile"

CRM_DELETE = "Unable to delete as it is CRM Profile"

BULK_DONE = "Profiles updated successfully."

NOTHING_TO_DO = "No profile was changed."

REP_USER_ID_TAKEN = "Another rep already has this rep user id."

TAG_NAME_TAKEN = "A tag with this name already exists."

UNKNOWN_VERIFICATION_STATUS = "Unknown verification status."

UNKNOWN_IMPORT_KIND = "Unknown import kind."

IMPORT_NOT_FOUND = "Import not found."

NO_ROW_ERRORS = "This import has no row errors."

DO_NOT_EMAIL_VALUES = "Do Not Email must be YES/NO, TRUE/FALSE or Y/N"

REP_NOT_KNOWN = "The rep email is not a known rep"

CELL_NUL = "A cell contains a NUL character"

UNKNOWN_REP = "Unknown rep."
REP_DISABLED = "This rep is disabled. Choose an active rep."

SELECT_GROUP = "Please select a group."

SELECT_TAG = "Please select a tag."

UNKNOWN_ACTION = "Unknown action."

UNKNOWN_SCOPE = "Unknown scope."

UNKNOWN_FIELD_TYPES = "Unknown field types: {types}."

# An import row's text cell: `{label}` is the field's label.
IMPORT_FORMULA = "{label}: formula values are not accepted"
IMPORT_TOO_LONG = "{label} is longer than {max_length} characters"

# Ids a request names that do not exist (groups, tags): `{label}` says which kind.
UNKNOWN_IDS = "Unknown {label}: {ids}."
