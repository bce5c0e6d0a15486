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
# A batch costs PostgreSQL ~6 ms whatever its size (the claim, the suppression look, the
# profiles, the locked read, their plans): 200 rows make it ~0.03 ms a message, against
# ~0.12 at 50; an unsubscribe waits for the batch's handover (~0.3 s at 200) and a pause
# made meanwhile is read before the next batch.
DELIVERY_BATCH_SIZE = env.int("DELIVERY_BATCH_SIZE", default=200)
DELIVERY_LEASE_SECONDS = env.int("DELIVERY_LEASE_SECONDS", default=300)
# One task runs this long at most, then sends itself again (no task holds a message for
# minutes, so a restart or a deploy loses little).
DELIVERY_TASK_SECONDS = env.int("DELIVERY_TASK_SECONDS", default=20)
# Runs of one send at once, each on a worker process of its own (claims skip what another
# run holds): one run spends most of its time waiting on the database and the relay.
DELIVERY_RUNS_PER_SEND = env.int("DELIVERY_RUNS_PER_SEND", default=2)
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
# Test sends are mail to outside addresses like any other (issue 22.2): recipients per
# member and per client in any hour (0: no limit); services/test_send_meter.py.
TEST_SEND_HOURLY_PER_USER = env.int("TEST_SEND_HOURLY_PER_USER", default=10)
TEST_SEND_HOURLY_PER_CLIENT = env.int("TEST_SEND_HOURLY_PER_CLIENT", default=50)

# Pacing (services/throttle.py, buckets.py): token buckets in Redis, per client, for each
# sending domain and each receiving domain, in messages per minute; 0 = no limit. The
# platform's relay or ESP has limits of its own, so the defaults limit only the big
# mailbox providers, who throttle or block senders that go faster than they like. A
# client's own rates (model DeliveryPace, `deliveryPaceSet`) replace these.
DELIVERY_SENDER_PER_MINUTE = env.int("DELIVERY_SENDER_PER_MINUTE", default=0)
DELIVERY_DOMAIN_PER_MINUTE = env.int("DELIVERY_DOMAIN_PER_MINUTE", default=0)
DELIVERY_DOMAIN_RATES = {
    "gmail.com": 3000,
    "googlemail.com": 3000,
    "outlook.com": 1200,
    "hotmail.com": 1200,
    "live.com": 1200,
    "msn.com": 1200,
    "yahoo.com": 1200,
    "aol.com": 600,
    "icloud.com": 600,
    "me.com": 600,
}
# A bucket holds this many seconds of its rate (at least one message): the burst allowed
# after a quiet spell.
DELIVERY_PACE_BURST_SECONDS = env.int("DELIVERY_PACE_BURST_SECONDS", default=5)
# The highest rate a client may set for itself.
DELIVERY_PACE_MAX_PER_MINUTE = env.int("DELIVERY_PACE_MAX_PER_MINUTE", default=60000)
# A receiver's 421 or 4.7.x ("slow down") halves that domain's rate for this long (each
# further one halves it again, at most once per step; no limit set: from the start rate),
# never below the floor.
DELIVERY_SLOW_DOWN_SECONDS = env.int("DELIVERY_SLOW_DOWN_SECONDS", default=900)
DELIVERY_SLOW_DOWN_STEP_SECONDS = env.int("DELIVERY_SLOW_DOWN_STEP_SECONDS", default=10)
DELIVERY_SLOW_DOWN_START_PER_MINUTE = env.int("DELIVERY_SLOW_DOWN_START_PER_MINUTE", default=600)
DELIVERY_SLOW_DOWN_FLOOR_PER_MINUTE = env.int("DELIVERY_SLOW_DOWN_FLOOR_PER_MINUTE", default=6)

# Warm-up of a sending domain verified recently (services/warmup.py): on its first day
# (the day it was verified, in the client's zone) it sends at most FIRST_DAY messages,
# each later day GROWTH times more, and after DAYS days as much as its rates allow.
DELIVERY_WARMUP_FIRST_DAY = env.int("DELIVERY_WARMUP_FIRST_DAY", default=500)
DELIVERY_WARMUP_GROWTH = env.float("DELIVERY_WARMUP_GROWTH", default=2.0)
DELIVERY_WARMUP_DAYS = env.int("DELIVERY_WARMUP_DAYS", default=10)

# Monthly send limit (services/monthly.py): messages per calendar month in the client's
# zone, when the client's plan names none (plan limit "MonthlySends"); 0 = no limit.
DELIVERY_MONTHLY_LIMIT = env.int("DELIVERY_MONTHLY_LIMIT", default=0)
MONTHLY_SENDS_PLAN_KEY = "MonthlySends"

# The breaker (services/breaker.py): over the last WINDOW_DAYS (from the last resume at
# most), with at least MIN_SENT messages sent, a complaint rate or a hard-bounce rate above
# these stops the client's sending until an admin resumes it. Looked at when a bounce or a
# complaint is recorded (at most every CHECK_SECONDS per client) and on every sweep.
DELIVERY_BREAKER_WINDOW_DAYS = env.int("DELIVERY_BREAKER_WINDOW_DAYS", default=7)
DELIVERY_BREAKER_MIN_SENT = env.int("DELIVERY_BREAKER_MIN_SENT", default=500)
DELIVERY_BREAKER_COMPLAINT_RATE = env.float("DELIVERY_BREAKER_COMPLAINT_RATE", default=0.003)
DELIVERY_BREAKER_HARD_BOUNCE_RATE = env.float("DELIVERY_BREAKER_HARD_BOUNCE_RATE", default=0.05)
DELIVERY_BREAKER_CHECK_SECONDS = env.int("DELIVERY_BREAKER_CHECK_SECONDS", default=10)
