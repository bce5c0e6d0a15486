"""What the forms app says to people: the spec's wording where it gives it (spec 5.1's
form helper 'Please fill {field} ', with its trailing space; 5.4; 5.5; 6's lock message;
8's 'Theme not found'), ours where it does not. Everything a visitor reads on a public
page is here too."""

FILL = "Please fill {field} "  # spec 5.1

# forms (spec 5.4, 5.5, 6)
NAME_REQUIRED = FILL.format(field="Form Name")
NAME_TAKEN = "A form with this name already exists."
FORM_NOT_FOUND = "Form not found."
SECTION_EMPTY = "Each dynamic form section must have fields."
SURVEY_PATH_UNIQUE = "A survey form needs a unique URL path."  # missing or taken
SURVEY_PATH_INVALID = "A URL path holds letters, digits and hyphens only."
EMAIL_FIELD_REQUIRED = "A form needs the Email field, marked required."
FIELD_UNKNOWN = "This field is not in the profile field registry."
FIELD_TWICE = "A field can be on a form only once."
FIELD_TYPE_MISMATCH = "This field's type is {type}."
SEPARATOR_REQUIRED = FILL.format(field="Separator")  # spec 5.6: checkbox fields need one
GROUP_REQUIRED = FILL.format(field="Group")
GROUP_UNKNOWN = "A group on this form does not exist."
TAG_UNKNOWN = "A tag on this form does not exist."
REDIRECT_URL_INVALID = "Please enter a valid redirect URL."
DISCLAIMER_UNKNOWN = "This disclaimer does not exist."
DEFINITION_INVALID = "The form's sections are not in a form the builder writes."
LOCK_NOT_CREATOR = "You dont have rights to lock the form as it has not been created by you"
LOCKED = "This form is locked by its creator."
DELETE_PUBLISHED = "Please unpublish the form before deleting it."
ALREADY_PUBLISHED = "The form is already published."
NOT_PUBLISHED = "The form is not published."
REP_REQUIRED = FILL.format(field="Rep")  # spec 5.5: a rep is required for copy to CRM
CAMPAIGN_UNKNOWN = "A campaign of this progressive form does not exist."
CAMPAIGNS_TOO_MANY = "A progressive form starts at most 20 campaigns."

# reports (/formConversions, /surveyFormReport, /external/dynamicformreport)
RANGE_ORDER = "The end date must be on or after the start date."
RANGE_TOO_LONG = "A report covers at most 366 days."
QUESTION_UNKNOWN = "This form has no such free-text question."
REPORT_NOT_SHARED = "This report is not shared, or its link was revoked."
SURVEY_REPORT_TITLE = "Survey report"
RESPONDENTS = "Respondents"
ANSWERED = "Answered"
NO_ANSWERS = "No answers yet."

POPUP_TRIGGER_REQUIRED = "A pop-up needs one trigger: a delay, a scroll depth or exit intent."

# themes (spec 3, 5.4, 8)
THEME_NAME_REQUIRED = FILL.format(field="Theme Name")
THEME_NAME_TAKEN = "A theme with this name already exists."
THEME_NOT_FOUND = "Theme not found"
THEME_PRESET = "Preset themes cannot be changed or deleted."
THEME_STYLES_INVALID = "The theme's styles are not in a form the builder writes."

# disclaimers (spec 2.2)
DISCLAIMER_NAME_REQUIRED = FILL.format(field="Disclaimer Name")
DISCLAIMER_TEXT_REQUIRED = FILL.format(field="Disclaimer Text")
DISCLAIMER_NAME_TAKEN = "A disclaimer with this name already exists."
DISCLAIMER_NOT_FOUND = "Disclaimer not found."
DISCLAIMER_IN_USE = "This disclaimer is used by a form."

# the public pages
PAGE_NOT_FOUND = "This form is not available."
TOKEN_EXPIRED = "This form has expired. Please reload the page and try again."
TOO_MANY = "Too many submissions. Please try again later."
CONSENT_REQUIRED = "Please accept the disclaimer."
NEEDS_SCRIPT = "This form needs JavaScript to check you are not a robot."
CHECKING = "Checking you are not a robot…"
NOT_A_ROBOT = "Please wait a moment while we check you are not a robot, then submit again."
TEXT_TOO_LONG = "At most {limit} characters."
PROFILE_DELETED = "The profile of this address was deleted."
THANK_YOU = "Thank you! Your submission has been received."
CHECK_INBOX = "Thank you! Please check your inbox to confirm your subscription."
CONFIRM_TITLE = "Confirm your subscription"
CONFIRM_BUTTON = "Confirm"
CONFIRMED = "Your subscription is confirmed. Thank you!"
ALREADY_CONFIRMED = "Your subscription was already confirmed."
LINK_EXPIRED = "This confirmation link has expired or is not valid."
CONFIRM_FAILED = "Something went wrong. Please try again."
CONFIRMATION_ASK = "Please confirm your subscription to {form}."
CONFIRMATION_IGNORE = "If you did not ask for it, ignore this message."
CONFIRMATION_TEXT = (
    "Please confirm your subscription to {form} by opening this link:\n\n{link}\n\n"
    + CONFIRMATION_IGNORE
)

# opt-out forms (spec 2.1, 5.4, 5.5)
OPTOUT_NAME_REQUIRED = FILL.format(field="Form Name")
OPTOUT_NAME_TAKEN = "An opt-out form with this name already exists."
OPTOUT_HEADING_REQUIRED = FILL.format(field="Heading")
OPTOUT_BUTTON_REQUIRED = FILL.format(field="Unsubscribe Button Text")
OPTOUT_CATEGORY_REQUIRED = FILL.format(field="Form Category")
OPTOUT_GROUP_REQUIRED = FILL.format(field="Group")
OPTOUT_GROUP_NOT_IN_CATEGORY = "Each group must belong to the form's category."
OPTOUT_CATEGORY_UNKNOWN = "This category does not exist."
OPTOUT_REASON_REQUIRED = "Please add at least one reason."
OPTOUT_REASON_TWICE = "Each reason can be listed only once."
OPTOUT_NOT_FOUND = "Opt-out form not found."
OPTOUT_REASON_UNKNOWN = "Please choose one of the reasons."
OPTOUT_GROUP_UNKNOWN = "Please choose among the lists offered."

# the preview (preview.py): the disclaimer's place, in the disclaimer style group
PREVIEW_DISCLAIMER = "I agree to receive emails and accept the privacy policy."
