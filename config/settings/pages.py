from config.settings.base import BASE_DOMAIN
from config.settings.env import env

# The pages host: the separate origin public pages are served from (config/pages.py). It
# receives no app cookie (the app's cookies are host-only) and serves neither the app nor
# the API.
PAGES_HOST = env("PAGES_HOST", default=f"pages.{BASE_DOMAIN}").lower()
# What a request on the pages host passes through: no session, no CSRF cookie, no sign-in,
# no tenant-by-host; the client comes from the first segment of the path.
PAGES_MIDDLEWARE = [
    "core.body_limit.RequestBodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.pages.PagesClientMiddleware",
]

# Page domains (marketing/page_hosting): a client's own host for its pages. It proves it is
# the client's by a CNAME to PAGES_HOST and one TXT record, <label>.<domain> =
# "<prefix><token>", looked up with the senders' resolver (SENDERS_DNS_NAMESERVERS).
PAGE_DOMAIN_TXT_LABEL = env("PAGE_DOMAIN_TXT_LABEL", default="_mailcraft")
PAGE_DOMAIN_TXT_PREFIX = "mailcraft-page-verification="
# The edge proxy's question before it issues a certificate for a host (Caddy's on-demand
# TLS `ask`): GET http://<PAGES_TLS_ASK_HOST>/tls-ask?domain=<host>, answered only to a
# caller from PAGES_TLS_ASK_FROM (config/pages.py, deploy/Caddyfile).
PAGES_TLS_ASK_HOST = env("PAGES_TLS_ASK_HOST", default="127.0.0.1").lower()
PAGES_TLS_ASK_FROM = env.list("PAGES_TLS_ASK_FROM", default=["127.0.0.1", "::1"])
