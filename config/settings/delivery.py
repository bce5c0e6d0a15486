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
