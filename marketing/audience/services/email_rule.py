"""The one rule for an email address: imports, the API and the profile form all go
through `email_normalise`.

An address is stored stripped and lower-cased, its domain in Unicode (NFC): an
internationalised domain (IDNA) is accepted whichever way it is written (`exämple.com` or
its `xn--` form) and stored once. A local part (before the @) must be ASCII: delivering
anything else needs SMTPUTF8 end to end, which our sending path does not offer."""

import re

from email_validator import EmailNotValidError, validate_email

from marketing.audience.messages import EMAIL_MISSING, EMAIL_NEEDS_SMTPUTF8, EMAIL_NOT_VALID

MAX_LENGTH = 254

# The fast path for plain ASCII addresses (email-validator is ~50x slower): an import checks
# a million of them.
_ASCII_EMAIL = re.compile(
    r"^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$"
)
# The import's fast path (imports/fast_path.py, RE2) vouches for a row only if its email
# matches.
ASCII_EMAIL_PATTERN = _ASCII_EMAIL.pattern


class InvalidEmail(ValueError):
    """`str(exc)` is the reason, in the words a person is shown."""


def email_normalise(text: str) -> str:
    email = text.strip().lower()
    if not email:
        raise InvalidEmail(EMAIL_MISSING)
    if email.isascii() and "xn--" not in email:
        if len(email) > MAX_LENGTH or not _ASCII_EMAIL.match(email):
            raise InvalidEmail(EMAIL_NOT_VALID)
        return email
    try:
        info = validate_email(email, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError:
        local = email.rpartition("@")[0]
        raise InvalidEmail(EMAIL_NOT_VALID if local.isascii() else EMAIL_NEEDS_SMTPUTF8) from None
    if len(info.normalized) > MAX_LENGTH:
        raise InvalidEmail(EMAIL_NOT_VALID)
    return info.normalized.lower()
