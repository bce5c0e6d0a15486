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
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=8 * 3600)
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Bearer tokens for browsers that block third-party cookies in the iframe.
API_TOKEN_MAX_AGE = env.int("API_TOKEN_MAX_AGE", default=30 * 60)
API_TOKEN_REFRESH_AFTER = env.int("API_TOKEN_REFRESH_AFTER", default=5 * 60)
# Parent-suite sign-in payloads may live at most this long.
SSO_MAX_AGE = env.int("SSO_MAX_AGE", default=300)

LOGIN_RATE_LIMIT_PER_ACCOUNT = env.int("LOGIN_RATE_LIMIT_PER_ACCOUNT", default=5)
LOGIN_RATE_LIMIT_PER_IP = env.int("LOGIN_RATE_LIMIT_PER_IP", default=20)
LOGIN_RATE_LIMIT_WINDOW = env.int("LOGIN_RATE_LIMIT_WINDOW", default=15 * 60)
