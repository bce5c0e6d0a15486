from config.settings.env import env

# The public side of forms (marketing/forms): how many submissions an address of the
# internet may make per hour across a client's forms, how many one form takes per hour
# (a flood from many addresses), and how many confirmation emails one inbox gets per hour
# whoever asks (list-bombing). 0: no limit.
FORM_SUBMITS_HOURLY_PER_IP = env.int("FORM_SUBMITS_HOURLY_PER_IP", default=30)
FORM_SUBMITS_HOURLY_PER_FORM = env.int("FORM_SUBMITS_HOURLY_PER_FORM", default=20_000)
FORM_CONFIRMATIONS_HOURLY_PER_ADDRESS = env.int("FORM_CONFIRMATIONS_HOURLY_PER_ADDRESS", default=3)
# A form page's token (it proves the page was fetched) and a confirmation link expire.
FORM_TOKEN_MAX_AGE_SECONDS = env.int("FORM_TOKEN_MAX_AGE_SECONDS", default=86_400)
FORM_CONFIRM_MAX_AGE_DAYS = env.int("FORM_CONFIRM_MAX_AGE_DAYS", default=7)
# A submission whose processing failed this many times is set aside (and counted).
FORM_SUBMISSION_MAX_ATTEMPTS = env.int("FORM_SUBMISSION_MAX_ATTEMPTS", default=5)
# The sweep takes submissions older than this that no task processed.
FORM_SWEEP_AFTER_SECONDS = env.int("FORM_SWEEP_AFTER_SECONDS", default=20)
# The confirmation email's sender when the form names none.
FORM_CONFIRMATION_FROM_ADDRESS = env(
    "FORM_CONFIRMATION_FROM_ADDRESS", default="no-reply@mailcraft.localhost"
)
# The public form's proof of work (ALTCHA, marketing/forms/services/proof_of_work.py): the
# largest number a visitor's browser may have to try (about half of it on average), and
# the key its challenges are signed with (default: derived from SECRET_KEY).
FORM_ALTCHA_MAX_NUMBER = env.int("FORM_ALTCHA_MAX_NUMBER", default=50_000)
FORM_ALTCHA_HMAC_KEY = env("FORM_ALTCHA_HMAC_KEY", default="")
# A client that chose Google reCAPTCHA (client settings): where its answers are verified
# (Google's siteverify; tests point it at a local stand-in), and how long to wait.
FORM_RECAPTCHA_VERIFY_URL = env(
    "FORM_RECAPTCHA_VERIFY_URL", default="https://www.google.com/recaptcha/api/siteverify"
)
FORM_RECAPTCHA_TIMEOUT_SECONDS = env.float("FORM_RECAPTCHA_TIMEOUT_SECONDS", default=5.0)
