from config.settings.base import DEBUG
from config.settings.env import env

# The app lives inside the parent suite's iframe (a cross-site frame): in production the
# cookies must be SameSite=None; Secure or the browser drops them. Cookies are host-only
# (no SESSION_COOKIE_DOMAIN), so client A's session never reaches client B's host.
_cross_site = env.bool("CROSS_SITE_COOKIES", default=not DEBUG)
SESSION_COOKIE_SAMESITE = "None" if _cross_site else "Lax"
SESSION_COOKIE_SECURE = _cross_site
CSRF_COOKIE_SAMESITE = SESSION_COOKIE_SAMESITE
CSRF_COOKIE_SECURE = _cross_site
# Cross-site cookies are also partitioned (CHIPS): browsers that block third-party cookies
# keep them in the parent suite's frame (tenants.middleware.PartitionedCookiesMiddleware).
SESSION_COOKIE_PARTITIONED = _cross_site
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=8 * 3600)
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Bearer tokens for browsers that block third-party cookies in the iframe: opaque, ended
# by this much disuse or by the end of their session (tenants/tokens.py).
API_TOKEN_MAX_AGE = env.int("API_TOKEN_MAX_AGE", default=30 * 60)
# Single-use tokens of file links (a browser following a link sends no header).
DOWNLOAD_TOKEN_MAX_AGE = env.int("DOWNLOAD_TOKEN_MAX_AGE", default=60)
# Parent-suite sign-in payloads may live at most this long.
SSO_MAX_AGE = env.int("SSO_MAX_AGE", default=300)

# Sign-in backoff (tenants/sign_in_guard.py): failures free per account (across every
# client) and per address; after them each attempt waits BASE * 2^n seconds, at most MAX;
# counts are forgotten after WINDOW seconds without a failure.
LOGIN_RATE_LIMIT_PER_ACCOUNT = env.int("LOGIN_RATE_LIMIT_PER_ACCOUNT", default=5)
LOGIN_RATE_LIMIT_PER_IP = env.int("LOGIN_RATE_LIMIT_PER_IP", default=20)
LOGIN_RATE_LIMIT_WINDOW = env.int("LOGIN_RATE_LIMIT_WINDOW", default=15 * 60)
LOGIN_BACKOFF_BASE = env.int("LOGIN_BACKOFF_BASE", default=2)
LOGIN_BACKOFF_MAX = env.int("LOGIN_BACKOFF_MAX", default=5 * 60)
# Mail the platform sends for a person (core/person_mail.py: sender activation now, opt-in
# confirmations and password resets later): at most this many of each kind an hour per
# target address, per signed-in sender, per client and per caller's address (0: no limit).
PERSON_MAIL_HOURLY_PER_ADDRESS = env.int("PERSON_MAIL_HOURLY_PER_ADDRESS", default=3)
PERSON_MAIL_HOURLY_PER_SENDER = env.int("PERSON_MAIL_HOURLY_PER_SENDER", default=20)
PERSON_MAIL_HOURLY_PER_CLIENT = env.int("PERSON_MAIL_HOURLY_PER_CLIENT", default=50)
PERSON_MAIL_HOURLY_PER_IP = env.int("PERSON_MAIL_HOURLY_PER_IP", default=20)
# Proxies (addresses or networks) whose X-Forwarded-For is believed; none by default.
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])

# The operators' admin (/django-admin/ on the public host): off unless DEBUG or enabled.
OPERATORS_ADMIN_ENABLED = env.bool("OPERATORS_ADMIN_ENABLED", default=DEBUG)

# HTTPS in production; config/checks.py refuses to start when this is half done. Behind a
# TLS-terminating proxy (a load balancer) every request reaches Django as plain http, so
# the proxy must say "this was https" in a header it always overwrites, named here as in
# request.META with its https value: SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https.
BEHIND_TLS_PROXY = env.bool("BEHIND_TLS_PROXY", default=False)
SECURE_PROXY_SSL_HEADER = tuple(env.list("SECURE_PROXY_SSL_HEADER", default=[])) or None
# Plain http is redirected to https unless DEBUG. What serves production settings over
# plain http on purpose turns it off: the browser tests' server (SECURE_SSL_REDIRECT=0),
# pytest's Django test client (conftest.py at the repo root).
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Paths answered over plain http too (regexes without the leading slash), e.g. a load
# balancer's health check that cannot follow a redirect; the app has none today.
SECURE_REDIRECT_EXEMPT = env.list("SECURE_REDIRECT_EXEMPT", default=[])
# Browsers remember "https only" for a year (sent on https responses only). Clients live
# on sub-domains of BASE_DOMAIN, all served with the wildcard certificate.
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
SILENCED_SYSTEM_CHECKS = [
    # No X-Frame-Options: the parent suite frames the app cross-site, and that header cannot
    # name the origins allowed to. FrameAncestorsMiddleware sends CSP frame-ancestors
    # instead; mailcraft.E005 fails when it is missing.
    "security.W002",
    # HSTS preload off by default: asking browsers to hard-code https for a whole domain
    # is its owner's decision (hstspreload.org, slow to undo), and a client may bring its
    # own domain. SECURE_HSTS_PRELOAD=1 opts in.
    "security.W021",
]

# Outbound requests (core/outbound.py: RSS feeds, webhooks, URL imports) refuse private,
# loopback, link-local and reserved addresses. Only tests that serve a feed from 127.0.0.1
# turn this on (the browser tests through the app server's environment); a deployment never
# should (it would open SSRF into its own network).
OUTBOUND_ALLOW_PRIVATE_NETWORKS = env.bool("OUTBOUND_ALLOW_PRIVATE_NETWORKS", default=False)
