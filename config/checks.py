"""Production refuses to start insecure. These checks are Django system checks tagged for
deployment: `manage.py check --deploy` reports them, and config/wsgi.py runs them when it
is imported with DEBUG off and refuses to load on an error (`refuse_insecure_start`), so a
web process with a default key, every host allowed or a half-declared TLS proxy never
serves a request. With DEBUG on (`make run`) none of them applies.

They are registered from config/apps.py."""

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register
from django.core.checks import Warning as CheckWarning
from django.core.exceptions import ImproperlyConfigured

# Keys written in this repository, hence known to anyone: the settings' default
# (config/settings/base.py), the Makefile's for `make run`, compose's for a local trial.
PUBLISHED_SECRET_KEYS = frozenset(
    {
        "dev-only-secret-key-change-me-0123456789abcdefghijklmnop",
        "insecure-local-development-key-do-not-use-in-production",
        "insecure-compose-key-change-me",
    }
)
# Django's own floor (security.W009), made an error here.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE_CHARACTERS = 5
FRAME_ANCESTORS_MIDDLEWARE = "tenants.middleware.FrameAncestorsMiddleware"
NEW_KEY = "python -c 'import secrets; print(secrets.token_urlsafe(48))'"


def check_secret_key(app_configs=None, **kwargs) -> list[CheckMessage]:
    if settings.DEBUG:
        return []
    key = str(settings.SECRET_KEY)
    if (
        key in PUBLISHED_SECRET_KEYS
        or key.startswith("django-insecure-")
        or len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
    ):
        return [
            Error(
                "SECRET_KEY is a published default or too weak: every session, token and "
                "signed value could be forged.",
                hint=f"Set SECRET_KEY to {SECRET_KEY_MIN_LENGTH}+ random characters: {NEW_KEY}",
                id="mailcraft.E001",
            )
        ]
    return []


def check_allowed_hosts(app_configs=None, **kwargs) -> list[CheckMessage]:
    if settings.DEBUG or "*" not in settings.ALLOWED_HOSTS:
        return []
    return [
        Error(
            "ALLOWED_HOSTS contains '*': Django's Host header validation is off, so a forged "
            "Host reaches the app and whatever it builds from request.get_host().",
            hint="Set ALLOWED_HOSTS to the served domains, e.g. .example.com for "
            "example.com and every client's sub-domain.",
            id="mailcraft.E002",
        )
    ]


def check_proxy_ssl_header(app_configs=None, **kwargs) -> list[CheckMessage]:
    if settings.DEBUG:
        return []
    header = settings.SECURE_PROXY_SSL_HEADER
    behind_proxy = getattr(settings, "BEHIND_TLS_PROXY", False)
    if header is None:
        if not behind_proxy:
            return []
        return [
            Error(
                "BEHIND_TLS_PROXY is on but SECURE_PROXY_SSL_HEADER is not set: every "
                "request looks like plain http (the https redirect loops, CSRF origin "
                "checks of signed-in writes fail).",
                hint="Set SECURE_PROXY_SSL_HEADER to the header your proxy sets, "
                "e.g. HTTP_X_FORWARDED_PROTO,https",
                id="mailcraft.E003",
            )
        ]
    if (
        not isinstance(header, tuple | list)
        or len(header) != 2
        or not str(header[0]).startswith("HTTP_")
        or not header[1]
    ):
        return [
            Error(
                f"SECURE_PROXY_SSL_HEADER {header!r} is not a (request.META name, value) "
                "pair; Django would never see the request as https.",
                hint="Name the header as it appears in request.META, with its https "
                "value: HTTP_X_FORWARDED_PROTO,https",
                id="mailcraft.E004",
            )
        ]
    if not behind_proxy:
        return [
            CheckWarning(
                "SECURE_PROXY_SSL_HEADER is set but BEHIND_TLS_PROXY is off: without a "
                "proxy that overwrites it, any client can claim https.",
                hint="Set BEHIND_TLS_PROXY=1 when a TLS-terminating proxy overwrites the "
                "header; otherwise unset SECURE_PROXY_SSL_HEADER.",
                id="mailcraft.W001",
            )
        ]
    return []


def check_frame_ancestors(app_configs=None, **kwargs) -> list[CheckMessage]:
    if settings.DEBUG or FRAME_ANCESTORS_MIDDLEWARE in settings.MIDDLEWARE:
        return []
    return [
        Error(
            f"{FRAME_ANCESTORS_MIDDLEWARE} is not in MIDDLEWARE: nothing limits who may "
            "frame the app (security.W002, no X-Frame-Options, is silenced because this "
            "middleware replaces it).",
            hint=f"Add {FRAME_ANCESTORS_MIDDLEWARE} to MIDDLEWARE.",
            id="mailcraft.E005",
        )
    ]


PRODUCTION_CHECKS = (
    check_secret_key,
    check_allowed_hosts,
    check_proxy_ssl_header,
    check_frame_ancestors,
)


def register_production_checks() -> None:
    for check in PRODUCTION_CHECKS:
        register(check, Tags.security, deploy=True)


def refuse_insecure_start() -> None:
    """Raise ImproperlyConfigured listing every production Error (DEBUG off only);
    warnings are left to `manage.py check --deploy`."""
    errors = [
        message
        for check in PRODUCTION_CHECKS
        for message in check(None)
        if message.is_serious() and not message.is_silenced()
    ]
    if errors:
        listed = "\n".join(str(error) for error in errors)
        raise ImproperlyConfigured(
            f"refusing to start with insecure production settings (DEBUG is off):\n{listed}"
        )
