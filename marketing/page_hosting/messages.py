"""What the page domain screen (/lpDomainSetupPage) and its refusals say; the words every
domain shares are core's (core/messages.py: DOMAIN_INVALID, DOMAIN_EXISTS, DOMAIN_TAKEN,
DOMAIN_VERIFIED, DOMAIN_RECORDS_MISSING, RECORD_*)."""

PAGE_DOMAIN_PLATFORM = "This domain belongs to the platform. Enter a domain of your own."
PAGE_DOMAIN_NOT_FOUND = "Page domain not found."
PAGE_STORAGE_CHOSEN = "The storage for pages has already been chosen and cannot be changed."
PAGE_STORAGE_UNAVAILABLE = "This storage is not available."
