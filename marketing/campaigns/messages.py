"""What the campaigns app says to people: spec 4, 5.2, 5.3 and 5.4's wording where the spec
gives it ('Please fill {field}' is spec 5.1's form helper), ours where it does not."""

from core.messages import UNSUBSCRIBE

# names (spec 5.4) and details (spec 5.2)
NAME_REQUIRED = "Please fill Campaign Name"
NAME_TAKEN = "A campaign with this name already exists."
TYPE_REQUIRED = "Please select campaign type"
TYPE_DISABLED = "This campaign type is disabled."
CAMPAIGN_NOT_FOUND = "Campaign not found."
AUTOSAVE_OFF = "Autosave is off in the campaign settings: save your changes with Save Draft."
NOT_EDITABLE = (
    "A campaign can be edited only when it is Draft, Published, Unpublished or Scheduled."
)

# sender (spec 5.2, 9; the sender's own words are the senders app's catalogue)
SENDER_ADDRESS_REQUIRED = "Please fill Sender Email"
SENDER_UNKNOWN = "The selected sender does not exist."
# Issue 23: every campaign carries an unsubscribe link and the client's postal address.
FOOTER_UNSUBSCRIBE = UNSUBSCRIBE
POSTAL_ADDRESS_MISSING = (
    "Add your postal address in the campaign settings before sending: every campaign "
    "carries it in its footer beside the unsubscribe link, as the law asks of bulk mail."
)
# Issue 23: one From, one confirmed sender: a name of one sender with another's address is refused.
FROM_MIXED = (
    "Sender Name and Sender Email must be those of one confirmed sender: {email} is sent as {name}."
)

# audience and content
AUDIENCE_REQUIRED = "Please select groups or segments"
GROUP_UNKNOWN = "A selected group does not exist."
SEGMENT_UNKNOWN = "A selected segment does not exist."
TEMPLATE_REQUIRED = "Please select a template"
TEMPLATE_UNKNOWN = "The selected template does not exist."
SUBJECT_REQUIRED = "Please fill Subject"

# schedule (spec 5.2)
SCHEDULE_REQUIRED = "Please fill Schedule Date and Time"
SCHEDULE_PAST = "Schedule date cannot be earlier than the current date."
DATE_RANGE = "The To date must be after the From date."

# resends (spec 5.2, 9)
RESEND_TIME_REQUIRED = "Please fill Resend Time"
RESEND_DAYS_RANGE = "Resend follow-up days must be from {low} to {high}."

# test sends (spec 5.2)
TEST_GROUP_TOO_LARGE = (
    "The group has more than {limit} valid recipients; a test goes to at most {limit}."
)
TEST_SENT = "Test email sent successfully."

# campaign types (spec 3, 5.2, 9)
TYPE_NAME_REQUIRED = "Please fill Campaign Type Name"
TYPE_NAME_TAKEN = "A campaign type with this name already exists."
TYPE_NOT_FOUND = "Campaign type not found."
TYPE_ACTIVE_LIMIT = "At most {limit} campaign types can be enabled at once."
TYPE_IN_USE = "This campaign type is used by campaigns and cannot be deleted."
PRIVATE_TOO_MANY = (
    "A private campaign type allows fewer than {limit} recipients; this campaign has {count}."
)

# RSS (spec 5.2) and poll (spec 5.3)
RSS_URL_REQUIRED = "Please fill RSS Feed URL"
RSS_URL_INVALID = "Please enter a valid RSS URL"
RSS_FREQUENCY_REQUIRED = "Please fill Frequency"
RSS_ARTICLES_REQUIRED = "Please fill Article Count"
POLL_EXPIRY_REQUIRED = "Please fill Poll Expiry Date"
POLL_EXPIRY_PAST = "Poll expiry cannot be earlier than now."
POLL_EXPIRY_BEFORE_SCHEDULE = "Poll expiry cannot be earlier than the schedule date."
POLL_ONE_SECTION = "Only one poll section is allowed per campaign."
POLL_NO_SECTION = "The poll template has no poll section."
POLL_IMAGE_ALT = "Images in poll templates need alt text."

# A/B (spec 3, 4)
AB_VARIANTS = "An A/B campaign needs variants A and B (and at most C)."
AB_VARIANT_SUBJECT = "Please fill Subject of variant {name}"
AB_VARIANT_TEMPLATE = "Please select a template for variant {name}"
AB_TEST_ON = "Please choose whether to test the subject or the content."
AB_PERCENT = "The test share must be from {low} to {high} percent."
AB_RULE = "Please choose the winning rule: opens or clicks after some hours."

# lifecycle (spec 4)
NO_RECIPIENTS = "The campaign failed as there were no recipients in the campaign"
NOT_SENDABLE = "Only a Draft, Published, Unpublished or Scheduled campaign can be sent."
NOT_PAUSABLE = "Only a scheduled or sending campaign can be paused."
NOT_RESUMABLE = "Only a paused campaign can be resumed."
PAUSED_BY_PERSON = "Paused by {email}."
NOT_DELETABLE_SENDING = "A campaign that is sending cannot be deleted; pause it first."
# sending limits (spec 5.2, 8)
# Spec 8: "the monthly limit was exceeded" (delivery counts the ledger: services/monthly.py).
MONTHLY_LIMIT_EXCEEDED = (
    "Monthly send limit exceeded: {month} allows {limit} messages; {used} are already sent "
    "or scheduled and this campaign adds {count}."
)
# Spec 5.2: "Warm-up campaigns need a minimum recipient count" (delivery's services/warmup.py).
WARMUP_TOO_FEW = (
    "A warm-up campaign needs at least {minimum} recipients; this one has {count}. "
    "Add recipients, or send it as a regular campaign."
)
WARMUP_NOTE = (
    "The sending domain {domain} is warming up: it sends at most {allowance} messages "
    "today and more each day; the rest goes out on the following days."
)
# reports
REPORT_EXPORT_TOO_MANY = "An export is limited to {limit:,} records; this list has {count:,}."
REPORT_OUTCOME_UNKNOWN = "Choose one of: opened, clicked, bounced, unsubscribed, notOpened."
REPORT_DAYS_RANGE = "Days must be from 1 to {limit}."
ZONE_NOT_FOR_KIND = (
    "A/B and RSS campaigns go out at the schedule's time in your time zone, not in each"
    " recipient's."
)
NOT_PUBLISHABLE = "Only a Draft or Unpublished campaign can be published."
NOT_UNPUBLISHABLE = "Only a Published campaign can be unpublished."
