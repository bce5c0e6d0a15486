"""What the delivery pipeline tells people (the ledger's last reply, a paused send)."""

SUPPRESSED_AT_CLAIM = "Not sent: the address was unsubscribed or suppressed before sending."
SENDER_REFUSED = (
    "Sending is paused: a receiving server refused our sender ({reply}). Check the sender "
    "domain's SPF and DKIM records, then resume."
)
PROFILE_GONE = "Not sent: the profile was erased."
OPT_OUT_LINK_INVALID = "This unsubscribe link is not valid. Please use the link of a recent email."
ONE_CLICK_DONE = "You are unsubscribed."
