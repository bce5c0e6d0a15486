"""A domain name a client types (sender, tracking and page domains): checked and written
one way (lower case, IDNA, no final dot)."""

import re

from core.errors import ValidationFailed
from core.messages import DOMAIN_INVALID

# Spec 5.1: labels of letters, digits, hyphen and underscore, up to 63 characters each,
# ending with a 2 to 6 letter top-level domain, no leading '://'.
DOMAIN_PATTERN = re.compile(r"^(?:[a-z0-9_-]{1,63}\.)+[a-z]{2,6}$")


def domain_normalise(text: str) -> str:
    name = text.strip().lower().rstrip(".")
    try:
        name = name.encode("idna").decode("ascii") if not name.isascii() else name
    except UnicodeError:
        name = ""
    if "://" in text or len(name) > 253 or not DOMAIN_PATTERN.match(name):
        raise ValidationFailed(DOMAIN_INVALID, errors={"name": [DOMAIN_INVALID]})
    return name
