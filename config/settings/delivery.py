"""The send pipeline (marketing/delivery): where mail goes and how hard we try."""

from config.settings.env import env

# The relay every send goes through (a local MTA, an ESP's SMTP endpoint, or the sink of
# `make run`). Defaults to the same host and port as Django's own mail.
DELIVERY_SMTP_HOST = env("DELIVERY_SMTP_HOST", default=env("EMAIL_HOST", default="127.0.0.1"))
DELIVERY_SMTP_PORT = env.int("DELIVERY_SMTP_PORT", default=env.int("EMAIL_PORT", default=1025))
DELIVERY_SMTP_USER = env("DELIVERY_SMTP_USER", default="")
DELIVERY_SMTP_PASSWORD = env("DELIVERY_SMTP_PASSWORD", default="")
DELIVERY_SMTP_REQUIRE_TLS = env.bool("DELIVERY_SMTP_REQUIRE_TLS", default=False)
DELIVERY_SMTP_CONNECTIONS = env.int("DELIVERY_SMTP_CONNECTIONS", default=4)
# Rows a worker claims at once, and how long the claim holds before another may take over.
DELIVERY_BATCH_SIZE = env.int("DELIVERY_BATCH_SIZE", default=50)
DELIVERY_LEASE_SECONDS = env.int("DELIVERY_LEASE_SECONDS", default=300)
# One task runs this long at most, then sends itself again (no task holds a message for
# minutes, so a restart or a deploy loses little).
DELIVERY_TASK_SECONDS = env.int("DELIVERY_TASK_SECONDS", default=20)
# The first retry of a deferred message; each further one waits twice as long.
DELIVERY_RETRY_FIRST_SECONDS = env.int("DELIVERY_RETRY_FIRST_SECONDS", default=60)
# The domain of VERP return paths (bounces+<token>@...) and of Message-IDs.
DELIVERY_BOUNCE_DOMAIN = env("DELIVERY_BOUNCE_DOMAIN", default="bounces.mailcraft.localhost")
# Links in messages (unsubscribe, tracking) point at the sending client's own host:
# <scheme>://<client host><port>/...; `make run` serves http on PORT, production https.
DELIVERY_LINK_SCHEME = env("DELIVERY_LINK_SCHEME", default="https")
DELIVERY_LINK_PORT = env("DELIVERY_LINK_PORT", default="")

# ESP transports (django-anymail; marketing/delivery/esp.py). A client's own credentials are
# stored encrypted with its transport (models.SendingTransport); the API endpoints are the
# platform's, never a client's choice (an address a client could set would let it point our
# workers anywhere). Tests point them at tests/support/fake_esp.py.
ANYMAIL = {
    "MAILGUN_API_URL": env("MAILGUN_API_URL", default="https://api.mailgun.net/v3"),
    "POSTMARK_API_URL": env("POSTMARK_API_URL", default="https://api.postmarkapp.com/"),
    # (connect, read) seconds for one API call; a read timeout is an unknown outcome.
    "REQUESTS_TIMEOUT": (5, 30),
}
# Mailgun's EU region, for an account whose credentials say region "eu".
DELIVERY_MAILGUN_EU_API_URL = env(
    "DELIVERY_MAILGUN_EU_API_URL", default="https://api.eu.mailgun.net/v3"
)
# Amazon SES: the API endpoint ("" = the region's own) and the region when a client gives none.
DELIVERY_SES_ENDPOINT_URL = env("DELIVERY_SES_ENDPOINT_URL", default="")
DELIVERY_SES_REGION = env("DELIVERY_SES_REGION", default="us-east-1")
# A test send goes to at most this many addresses (spec 5.2: "Test campaigns allow a limited
# number of recipients"; the value is not given).
TEST_SEND_MAX_RECIPIENTS = env.int("TEST_SEND_MAX_RECIPIENTS", default=10)
