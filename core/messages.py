"""The back-end message catalogue, shared part: what any layer may say to a person. Each
package keeps its own messages in its `messages.py`, in the spec's wording where it has one;
a message is written once (tests/architecture/test_messages.py)."""

# The spec's answer to a request it cannot take; its `errors` say which field and why.
INVALID_REQUEST = "Invalid Request"

TOO_LARGE = "The request is too large: the limit is {mb} MB."

SOMETHING_WENT_WRONG = "Something went wrong."

# A query parameter naming a value the API does not know (its `errors` name the field).
UNKNOWN_STATUS = "Unknown status."
UNKNOWN_SORT = "Unknown sort."

PAGE_SIZE_CHOICES = "pageSize must be 10, 20 or 30."

# Input that can never be stored (PostgreSQL text refuses NUL).
NUL_NOT_ALLOWED = "Null characters are not allowed."
TEXT_NUL = "Text cannot contain NUL characters."

NUMBER_EXPECTED = "Please enter a number."

# An email address that is not one (spec 5.2's wording; profiles, senders, test sends).
INVALID_EMAIL = "Please enter valid Email ID"

# An export job that failed unexpectedly (its kind's failure message).
EXPORT_NOT_WRITTEN = "Something went wrong. The export was not written."

# An export past EXPORT_MAX_RECORDS (marketing.jobs.services.export_job_start).
EXPORT_LIMIT = "An export is limited to {limit:,} records; narrow the filters."

# Mail the platform sends for a person (core/person_mail.py), over an hourly limit.
PERSON_MAIL_TOO_MANY_TO_ADDRESS = (
    "Too many emails were sent to {email} in the last hour. Please try again later."
)
PERSON_MAIL_TOO_MANY = "Too many emails were requested in the last hour. Please try again later."

# Words more than one app shows: the unsubscribe link's and page's, the refusal to delete a
# default form (spec 5.5: update preferences and opt-out forms).
UNSUBSCRIBE = "Unsubscribe"
DEFAULT_FORM_UNDELETABLE = "Default forms cannot be deleted."

# A domain a client adds and proves in DNS (sender, tracking and page domains): its name,
# and each DNS record's check.
DOMAIN_INVALID = "Please enter a valid domain, such as example.com."
DOMAIN_EXISTS = "This domain has already been added."
DOMAIN_VERIFIED = "Domain verified."
DOMAIN_RECORDS_MISSING = "Domain could not be verified. Check the DNS records below."
RECORD_NOT_FOUND = "Record not found."
RECORD_CNAME_WRONG = "The CNAME points at {found} instead of {expected}."
RECORD_TXT_WRONG = "No TXT record with the expected value."
RECORD_DNS_FAILED = "The DNS lookup failed. Try again later."
DOMAIN_TAKEN = "This domain is already used by another site."
