"""What the senders and domains screens and their refusals say (spec 5.2, 8, 9)."""

# Shared with the tracking and page domains (core/messages.py); named here as before.
from core.messages import (  # noqa: F401
    DOMAIN_EXISTS,
    DOMAIN_INVALID,
    DOMAIN_RECORDS_MISSING,
    DOMAIN_TAKEN,
    DOMAIN_VERIFIED,
    INVALID_EMAIL,
    RECORD_CNAME_WRONG,
    RECORD_DNS_FAILED,
    RECORD_NOT_FOUND,
    RECORD_TXT_WRONG,
)

# senders (spec 5.2, 9)
SENDER_NAME_REQUIRED = "Please fill Sender Name"
SENDER_NAME_TOO_LONG = "Sender name can be at most 50 characters."
SENDER_EMAIL_INVALID = INVALID_EMAIL  # spec 5.2
SENDER_EXISTS = "A sender with this email already exists."
SENDER_NOT_FOUND = "Sender not found."
SENDER_DEFAULT_DELETE = (
    "The default sender cannot be deleted. Make another sender the default first."
)
SENDER_DEFAULT_DISABLED = "The default sender cannot be disabled."
SENDER_ALREADY_VERIFIED = "This sender is already verified."
SENDER_ACTIVATION_SENT = "Verification email sent to {email}."
SENDER_ACTIVATION_SUBJECT = "Confirm {email} as a sender"
SENDER_ACTIVATION_INVALID = (
    "This verification link is not valid. It may have expired or been used already."
)
SENDER_ACTIVATED = "{email} is now confirmed as a sender."
# spec 8's domain errors (their exact wording is not shown)
SENDER_NOT_VERIFIED = "The sender is not verified or not in the verified list."
DOMAIN_NOT_WHITELISTED = "The sender's domain is not whitelisted. Add it under Sender Domains."
SPF_DKIM_INVALID = "SPF or DKIM not found or invalid for the sender domain."

# sender domains (spec 4, 5.1, 9)
DOMAIN_NOT_FOUND = "Sender domain not found."
DOMAIN_IN_USE = "This domain has senders. Delete them first."
# DKIM key rollover (services/dkim_rollover.py).
DKIM_ROLLOVER_NEEDS_VERIFIED = "Verify the domain before replacing its DKIM keys."
DKIM_ROLLOVER_NONE = "No new DKIM key is waiting. Start a key rollover first."
DKIM_ROLLOVER_NOT_PUBLISHED = (
    "The new DKIM records were not found in DNS. Publish them, then activate the new keys."
)
RECORD_SPF_NO_INCLUDE = "The SPF record does not include {include}."
RECORD_SPF_MANY = "More than one SPF record: receivers treat that as an error."
RECORD_DKIM_WRONG = "The DKIM record does not hold this domain's public key."
RECORD_DMARC_MANY = "More than one DMARC record."

# tracking domains (spec 8)
TRACKING_DOMAIN_CNAME = "Tracking Domain could not be saved. Check domain CNAME configuration"
TRACKING_DOMAIN_TAKEN = DOMAIN_TAKEN
TRACKING_DOMAIN_SAVED = "Tracking domain saved."
TRACKING_DOMAIN_TXT = (
    "Tracking Domain could not be saved. Publish the TXT verification record shown, then save"
    " again."
)
