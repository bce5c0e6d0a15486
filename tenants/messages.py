"""The messages of clients, people, sign-in and access (the catalogue's tenants part:
core/messages.py says how the catalogue works)."""

ACCESS_DENIED = "Accessed only by Admin Users"

NO_MKM_ACCESS = "You do not have access to Marketing Manager, please contact your administrator"

JSON_ONLY = "Sign-in accepts application/json only."

SESSION_EXPIRED = "Your session has expired."

SIGN_IN_REQUIRED = "Please sign in."

CSRF_FAILED = "CSRF check failed."

LIMIT_EXCEEDS = "Limit Exceeds"

INVALID_CREDENTIALS = "Invalid email or password."

UNKNOWN_WEBSITE = "This website does not belong to the client."

ENABLED_FOR_USERS = "Enabled for users successfully."

DISABLED_FOR_USERS = "Disabled for users successfully."

TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please try again later."

ORIGIN_REFUSED = "Sign-in is not allowed from this page."

SSO_FAILED = "Something went wrong. Please try again later."

UNKNOWN_MODULE = "Unknown module."

UNKNOWN_ACTION_TYPE = "Unknown action type."

OPERATORS_ADMIN_OFF = "The operators' admin is switched off."

# client settings (spec 5.10: site key, site secret and time zone cannot be empty)
TIME_ZONE_REQUIRED = "Time Zone cannot be empty."
TIME_ZONE_UNKNOWN = "Unknown time zone."
SITE_KEY_REQUIRED = "Site Key cannot be empty."
SITE_SECRET_REQUIRED = "Site Secret cannot be empty."
CAPTCHA_UNKNOWN = "Choose altcha or recaptcha."

# trial area (spec 1, 2.4 /trial/*)
TRIAL_SIGNUP_SENT = "Check your email: we sent a link to confirm your address."
TRIAL_TERMS_REQUIRED = "Please accept the terms of service."
TRIAL_LINK_INVALID = "This link is invalid or has expired. Please sign up again."
TRIAL_TOO_MANY = "Too many sign-ups. Please try again later."
TRIAL_SIGN_UP_FIRST = "Please confirm your email address first."
TRIAL_PLAN_UNKNOWN = "Please choose one of the plans shown."
TRIAL_PAID_PLANS_LATER = "Paid plans are not available yet. Please start the free trial."
TRIAL_CONFIRM_SUBJECT = "Confirm your email address"
TRIAL_EXISTING_SUBJECT = "You already have an account"
TRIAL_FIELD_REQUIRED = "This field is required."
TRIAL_COMPANY_SIZE_UNKNOWN = "Unknown company size."
TRIAL_COUNTRY_UNKNOWN = "Unknown country."
TRIAL_SET_NEW_PASSWORD = "Set a new password"
