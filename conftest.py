"""pytest runs the production settings (DEBUG off) with two exceptions, set here before any
test: Django's test client speaks plain http, so the https redirect of production
(SECURE_SSL_REDIRECT, config/settings/security.py) is off. Tests of the redirect itself
turn it back on with override_settings. And passwords are hashed with Argon2 at its
cheapest parameters in the tests' own process (tests/support/hashers.py). Under xdist,
each worker's Redis keys get a prefix of their own.

It lives at the repo root because pytest-django has loaded the settings before any
conftest under tests/ is imported: an environment variable set there would be too late."""

import os

from django.conf import settings


def pytest_configure(config):
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["tests.support.hashers.CheapArgon2PasswordHasher"]
    _redis_keys_per_xdist_worker()
    _test_database_whenever_one_is_set_up()


def _test_database_whenever_one_is_set_up() -> None:
    """pytest-django sets up the test database only for the aliases that the collected
    tests ask for with `db`, `transactional_db` or a `django_db` mark. A run of only the
    real-worker tests (which take the session's clients and commit, so they take none of
    those) then set up nothing, and the session's clients were written to the developer's
    own database. Whenever `django_db_setup` runs, the default alias is now among them."""
    from pytest_django import fixtures

    collected = fixtures._get_databases_for_setup

    def with_default(items):
        aliases, serialized = collected(items)
        return aliases | {"default"}, serialized

    fixtures._get_databases_for_setup = with_default


def _redis_keys_per_xdist_worker() -> None:
    """Two xdist workers share one Redis: each gets its own key prefix, or one worker's
    clean-up (a tracking queue emptied, a token bucket deleted) lands in the other's test.
    Set in the environment too, for the Celery workers and servers the tests start."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    shared = os.environ.get("CACHE_KEY_PREFIX", "")
    os.environ["CACHE_KEY_PREFIX"] = f"{shared}{worker}"
    for cache in settings.CACHES.values():  # "platform" appends its own part to the prefix
        cache["KEY_PREFIX"] = f"{shared}{worker}{cache.get('KEY_PREFIX', '')[len(shared) :]}"
