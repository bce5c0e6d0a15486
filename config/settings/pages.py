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
