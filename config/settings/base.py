from config.settings.env import BASE_DIR, env

DEBUG = env.bool("DJANGO_DEBUG", default=False)
SECRET_KEY = env("SECRET_KEY", default="dev-only-secret-key-change-me-0123456789abcdefghijklmnop")
# Older keys still accepted while a rotation settles (Django's signatures, core/sealing.py).
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"])
BASE_DOMAIN = env("BASE_DOMAIN", default="localhost")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default="postgres://postgres@127.0.0.1:5432/mailcraft")
}
DATABASES["default"]["ENGINE"] = "django_tenants.postgresql_backend"
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=60)
DATABASE_ROUTERS = ("django_tenants.routers.TenantSyncRouter",)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": env.cache("CACHE_URL", default="redis://127.0.0.1:6379/0")}
# Every cache key is prefixed with the schema of the tenant that wrote it.
CACHES["default"]["KEY_FUNCTION"] = "django_tenants.cache.make_key"
CACHES["default"]["REVERSE_KEY_FUNCTION"] = "django_tenants.cache.reverse_key"
# Lets several deployments (or test runs) share one Redis without sharing keys.
CACHES["default"]["KEY_PREFIX"] = env("CACHE_KEY_PREFIX", default="")
# Platform-wide counters (sign-in backoff per account across every client): not prefixed
# with a tenant's schema.
CACHES["platform"] = {
    key: value for key, value in CACHES["default"].items() if key != "REVERSE_KEY_FUNCTION"
}
CACHES["platform"]["KEY_FUNCTION"] = "django.core.cache.backends.base.default_key_func"
CACHES["platform"]["KEY_PREFIX"] = CACHES["default"]["KEY_PREFIX"] + ":platform"

MIDDLEWARE = [
    # The pages host answers through its own lean stack (config/pages.py).
    "config.pages.PagesHostMiddleware",
    # The links in mail answer only on their own client's hosts (config/recipient_links.py).
    "config.recipient_links.RecipientLinksMiddleware",
    "django_tenants.middleware.main.TenantMainMiddleware",
    "core.body_limit.RequestBodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tenants.middleware.PartitionedCookiesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tenants.middleware.ClientAuthenticationMiddleware",
    "tenants.middleware.OperatorsAdminMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "tenants.middleware.FrameAncestorsMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

AUTH_USER_MODEL = "tenants.User"
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
WHITENOISE_USE_FINDERS = True
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
# The built single-page app is served from the site root (/assets/..., index.html).
WHITENOISE_ROOT = FRONTEND_DIST if FRONTEND_DIST.exists() else None
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(BASE_DIR / ".data" / "media"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
    "loggers": {"django.request": {"level": "ERROR"}},
}
