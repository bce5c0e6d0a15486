"""One bearer token per role of alpha, signed in once per test module instead of once per
parametrized case (a password sign-in hashes with Argon2). A test module imports
`role_tokens_fixture` and asks for `role_tokens`.

The sign-ins are committed, outside the per-test transaction (like the session-scoped
`tenants` fixture): a test's rollback cannot take the token away, and whatever a test does
with it (a sign-out, a token's sliding expiry) is rolled back with the test. The sessions
and their tokens are deleted when the module is done."""

import pytest
from django.contrib.sessions.models import Session
from django.db import connection

from tenants.tokens import session_tokens_revoke
from tests.support.http_api import signed_in

SUPERADMIN_EMAIL = "super@platform.example"  # made by the `tenants` fixture
# The signed-in roles, each one person of alpha (the super-admin signs in with a password
# on alpha's host, the only way a session becomes a super-admin's).
SIGNED_IN_ROLES = ("admin", "user", "no_mkm", "superadmin")


def _emails(tenant) -> dict[str, str]:
    return {
        "admin": tenant.admin.email,
        "user": tenant.user.email,
        "no_mkm": tenant.no_mkm.email,
        "superadmin": SUPERADMIN_EMAIL,
    }


@pytest.fixture(scope="module", name="role_tokens")
def role_tokens_fixture(tenants, django_db_blocker) -> dict[str, str]:
    """{role: bearer token on alpha's host} for every role of SIGNED_IN_ROLES."""
    alpha = tenants["alpha"]
    tokens: dict[str, str] = {}
    session_keys: list[str] = []
    with django_db_blocker.unblock():
        for role, email in _emails(alpha).items():
            browser, tokens[role] = signed_in(alpha.host, email)
            session_keys.append(browser.cookies["sessionid"].value)
        connection.set_schema_to_public()
    yield tokens
    with django_db_blocker.unblock():
        connection.set_schema_to_public()
        for key in session_keys:
            session_tokens_revoke(key)
        Session.objects.filter(session_key__in=session_keys).delete()
