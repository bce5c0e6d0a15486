"""Production refuses to start insecure (config/checks.py): each insecure setting is an
Error, the WSGI module refuses to load on one, and `manage.py check --deploy` fails on it.
Nothing of this applies with DEBUG on (`make run`)."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import override_settings

from config.checks import (
    check_allowed_hosts,
    check_frame_ancestors,
    check_proxy_ssl_header,
    check_secret_key,
    refuse_insecure_start,
)
from tests.support.http_api import http

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = secrets.token_urlsafe(48)
SECURE = {
    "DEBUG": False,
    "SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": [".example.com"],
    "BEHIND_TLS_PROXY": True,
    "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
}
# What production is told (scripts/test.sh runs `check --deploy` with the same).
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": ".example.com",
    "BEHIND_TLS_PROXY": "1",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    "CROSS_SITE_COOKIES": "1",
}
ALL_CHECKS = (check_secret_key, check_allowed_hosts, check_proxy_ssl_header, check_frame_ancestors)


def ids(messages) -> list[str]:
    return [message.id for message in messages]


def all_ids() -> list[str]:
    return [id_ for check in ALL_CHECKS for id_ in ids(check(None))]


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """`args` in a fresh interpreter whose environment holds only PATH and `env` (none of
    the developer's or the Makefile's settings)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_secure_production_settings_pass_every_check():
    with override_settings(**SECURE):
        assert all_ids() == []
        refuse_insecure_start()


@pytest.mark.parametrize(
    "key",
    [
        "dev-only-secret-key-change-me-0123456789abcdefghijklmnop",
        "insecure-local-development-key-do-not-use-in-production",
        "insecure-compose-key-change-me",
        "x" * 49,
        "ab" * 40,
        "django-insecure-" + STRONG_KEY,
    ],
    # ids fixed: pytest-xdist's workers must collect the same names (STRONG_KEY is random).
    ids=[
        "settings default",
        "Makefile",
        "compose",
        "49 characters",
        "two distinct characters",
        "startproject prefix",
    ],
)
def test_a_default_or_weak_secret_key_is_an_error(key):
    with override_settings(**{**SECURE, "SECRET_KEY": key}):
        assert ids(check_secret_key(None)) == ["mailcraft.E001"]


def test_any_host_allowed_is_an_error():
    with override_settings(**{**SECURE, "ALLOWED_HOSTS": [".example.com", "*"]}):
        assert ids(check_allowed_hosts(None)) == ["mailcraft.E002"]


def test_a_tls_proxy_without_its_header_is_an_error():
    with override_settings(**{**SECURE, "SECURE_PROXY_SSL_HEADER": None}):
        assert ids(check_proxy_ssl_header(None)) == ["mailcraft.E003"]


@pytest.mark.parametrize(
    "header",
    [
        ("X-Forwarded-Proto", "https"),  # the HTTP name, which Django never sees in META
        ("HTTP_X_FORWARDED_PROTO",),
        ("HTTP_X_FORWARDED_PROTO", "https", "extra"),
        ("HTTP_X_FORWARDED_PROTO", ""),
    ],
)
def test_a_malformed_proxy_header_is_an_error(header):
    with override_settings(**{**SECURE, "SECURE_PROXY_SSL_HEADER": header}):
        assert ids(check_proxy_ssl_header(None)) == ["mailcraft.E004"]


def test_a_proxy_header_without_a_declared_proxy_is_a_warning():
    # Any client can send X-Forwarded-Proto: https when no proxy overwrites it.
    with override_settings(**{**SECURE, "BEHIND_TLS_PROXY": False}):
        assert ids(check_proxy_ssl_header(None)) == ["mailcraft.W001"]


def test_no_frame_ancestors_middleware_is_an_error():
    # security.W002 (no X-Frame-Options) is silenced because this middleware replaces it.
    from django.conf import settings

    middleware = [m for m in settings.MIDDLEWARE if not m.endswith("FrameAncestorsMiddleware")]
    with override_settings(**{**SECURE, "MIDDLEWARE": middleware}):
        assert ids(check_frame_ancestors(None)) == ["mailcraft.E005"]


def test_nothing_fires_with_debug_on():
    insecure = {
        "DEBUG": True,
        "SECRET_KEY": "insecure-local-development-key-do-not-use-in-production",
        "ALLOWED_HOSTS": ["*"],
        "BEHIND_TLS_PROXY": True,
        "SECURE_PROXY_SSL_HEADER": None,
        "MIDDLEWARE": [],
    }
    with override_settings(**insecure):
        assert all_ids() == []
        refuse_insecure_start()


def test_refusing_to_start_lists_every_error():
    with override_settings(**{**SECURE, "SECRET_KEY": "short", "ALLOWED_HOSTS": ["*"]}):
        with pytest.raises(ImproperlyConfigured) as refused:
            refuse_insecure_start()
    assert "mailcraft.E001" in str(refused.value)
    assert "mailcraft.E002" in str(refused.value)


def test_the_checks_run_under_check_deploy_only():
    with override_settings(**{**SECURE, "SECRET_KEY": "short"}):
        call_command("check")  # migrate, seed_demo... run the plain checks: no error there
        with pytest.raises(SystemCheckError, match="mailcraft.E001"):
            call_command("check", deploy=True)


def test_check_deploy_with_the_default_secret_key_exits_non_zero():
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != "SECRET_KEY"}
    result = run(["manage.py", "check", "--deploy"], **env)
    assert result.returncode != 0
    assert "mailcraft.E001" in result.stderr


SETTINGS_OF_WSGI = (
    "import json, config.wsgi; from django.conf import settings as s; print(json.dumps(["
    "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS]))"
)


def test_wsgi_refuses_to_load_insecure_production_settings():
    result = run(["-c", SETTINGS_OF_WSGI], DJANGO_DEBUG="0", SECRET_KEY="short")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "mailcraft.E001" in result.stderr
    assert "mailcraft.E002" in result.stderr  # ALLOWED_HOSTS defaults to *


def test_wsgi_loads_production_settings_with_https_enforced():
    result = run(["-c", SETTINGS_OF_WSGI], **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [True, 365 * 24 * 3600, True]


def test_wsgi_loads_the_local_development_settings():
    # make run: DJANGO_DEBUG=1 with the Makefile's key and every host allowed, plain http.
    result = run(
        ["-c", SETTINGS_OF_WSGI],
        DJANGO_DEBUG="1",
        SECRET_KEY="insecure-local-development-key-do-not-use-in-production",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [False, 0, True]


def test_plain_http_harnesses_turn_the_redirect_off():
    # The browser tests' server (tests/e2e/conftest.py) runs production settings over http.
    result = run(["-c", SETTINGS_OF_WSGI], **PRODUCTION_ENV, SECURE_SSL_REDIRECT="0")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)[0] is False


def test_http_is_redirected_to_https_and_https_gets_hsts(alpha):
    proxy = {"SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https")}
    with override_settings(SECURE_SSL_REDIRECT=True, SECURE_HSTS_SECONDS=31536000, **proxy):
        plain = http(alpha.host).get("/api/getStatus", {"x": "1"})
        secure = http(alpha.host).get("/api/getStatus", HTTP_X_FORWARDED_PROTO="https")
    assert plain.status_code == 301
    assert plain["Location"] == f"https://{alpha.host}/api/getStatus?x=1"
    assert secure.status_code != 301
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
