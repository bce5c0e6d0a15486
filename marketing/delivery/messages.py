"""What the delivery pipeline tells people (the ledger's last reply, a paused send)."""

SUPPRESSED_AT_CLAIM = "Not sent: the address was unsubscribed or suppressed before sending."
SENDER_REFUSED = (
    "Sending is paused: a receiving server refused our sender ({reply}). Check the sender "
    "domain's SPF and DKIM records, then resume."
)
PROFILE_GONE = "Not sent: the profile was erased."
# The recipient's message could not be made (a value no encoder takes): never retried.
MESSAGE_UNBUILDABLE = "Not sent: the message for this recipient could not be built ({error})."
# Claimed this many times without an outcome (each run holding it died): given up.
ATTEMPTS_EXHAUSTED = "Not sent: every attempt for this recipient ended without an answer."
OPT_OUT_LINK_INVALID = "This unsubscribe link is not valid. Please use the link of a recent email."
ONE_CLICK_DONE = "You are unsubscribed."
PREFERENCES_LINK_INVALID = (
    "This preferences link is not valid. Please use the link of a recent email."
)
# The message's copy in the browser (services/web_view.py), for any link that does not hold.
WEB_VIEW_NOT_FOUND = "This email is not available. Please use the link of a recent email."
WEB_VIEW_NOT_FOUND_TITLE = "Email not available"
PREFERENCES_UNKNOWN_GROUP = "Please choose among the topics shown."
PREFERENCES_UNSUBSCRIBE_ALL_OFF = "Unsubscribing from all is not offered on this page."
PREFERENCES_CHOOSE_ONE = "Choose at least one topic, or unsubscribe from all."
UPDATE_PREFERENCES_NOT_FOUND = "Update preferences not found."
UPDATE_PREFERENCES_NAME_REQUIRED = "Form name is required."
UPDATE_PREFERENCES_NAME_TAKEN = "Update preferences with this name already exist."
UPDATE_PREFERENCES_HEADING_REQUIRED = "A heading is required."
UPDATE_PREFERENCES_GROUP_REQUIRED = "At least one group is required."
UPDATE_PREFERENCES_UNKNOWN_GROUP = "Some of these groups do not exist."
# Spec 5.5: "At least one default opt-out form and one default update-preferences must
# remain. Default forms cannot be deleted."
# Test sends (services/transactional.py; spec 5.2).
TEST_RECIPIENTS_LIMIT = "A test can be sent to at most {limit} recipients."
# Test sends are metered like every send (services/test_send_meter.py; spec 8: "the
# monthly limit was exceeded").
TEST_SEND_MONTHLY_LIMIT = (
    "Monthly send limit exceeded: {month} allows {limit} messages; {used} are already sent "
    "or scheduled and this test adds {count}."
)
TEST_SEND_HOURLY_USER = (
    "You can send tests to at most {limit} recipients an hour. Please try again later."
)
TEST_SEND_HOURLY_CLIENT = (
    "Tests to at most {limit} recipients an hour can be sent for this account. Please try "
    "again later."
)
# Sending transports (services/transports.py).
TRANSPORT_FIELD_MISSING = "This field is required; check its value."
TRANSPORT_KIND_INVALID = "Please choose SMTP, Mailgun, Postmark or Amazon SES."
TRANSPORT_NOT_FOUND = "Sending transport not found."
# Spec 8: "a hard-bounce or spam threshold exceeded" (services/breaker.py).
BREAKER_TRIPPED = (
    "Sending is stopped: the hard-bounce or spam threshold was exceeded ({detail}). Clean "
    "the audience, then ask an admin to resume sending."
)
BREAKER_DETAIL_COMPLAINTS = (
    "{complaints} spam complaints in {sent} messages, {rate:.2%} (at most {limit:.2%})"
)
BREAKER_DETAIL_BOUNCES = (
    "{bounces} hard bounces in {sent} messages, {rate:.2%} (at most {limit:.2%})"
)
BREAKER_DETAIL_SENDER = (
    "{bounces} hard bounces and {refused} refusals of the sender in {sent} messages,"
    " {rate:.2%} (at most {limit:.2%})"
)
BREAKER_NOT_TRIPPED = "Sending is not stopped."
# Pacing (services/throttle.py): a client's own rates.
PACE_KIND_INVALID = "Please choose a sending domain or a receiving domain."
PACE_RATE_RANGE = "Messages per minute must be from 0 (no limit) to {limit}."
PACE_NOT_FOUND = "Delivery rate not found."
# The mail to the client's admins when the breaker trips (services/breaker_alert.py).
BREAKER_ALERT_SUBJECT = "{client}: sending is stopped"
BREAKER_ALERT_BODY = (
    "Hello,\n\n{reason}\n\nNo campaign of {client} is sent, scheduled or resumed until an "
    "admin resumes sending. Once the audience is cleaned, resume it on the Sending Health "
    "screen; paused campaigns are then resumed one by one.\n\n{link}"
)
