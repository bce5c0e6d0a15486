"""pytest runs the production settings (DEBUG off) with one exception, set here before any
test: Django's test client speaks plain http, so the https redirect of production
(SECURE_SSL_REDIRECT, config/settings/security.py) is off. Tests of the redirect itself
turn it back on with override_settings.

It lives at the repo root because pytest-django has loaded the settings before any
conftest under tests/ is imported: an environment variable set there would be too late."""

from django.conf import settings


def pytest_configure(config):
    settings.SECURE_SSL_REDIRECT = False
