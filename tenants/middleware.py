"""One tenancy and identity choke point: after TenantMainMiddleware has picked the client
from the host, this resolves the signed-in member once, from the session cookie, a bearer
token or (for a file link) a single-use download token, and records why when there is none
(never signed in, expired, or bound to another client). Nothing below it guesses."""

from enum import StrEnum
from http.cookies import Morsel

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.http import Http404
from django_tenants.utils import get_public_schema_name

from tenants.members import member_for
from tenants.messages import OPERATORS_ADMIN_OFF
from tenants.tokens import api_token_read, download_token_redeem

SESSION_CLIENT_KEY = "client_id"
# How the session was made: "password" or "sso". A parent suite's payload never yields a
# super-admin, even for a person who became one after signing in that way.
SESSION_METHOD_KEY = "sign_in_method"
# Set only by the operators' admin login on the public host (tenants/operators.py).
OPERATOR_SESSION_KEY = "operator"


class AuthState(StrEnum):
    NONE = "none"  # no credentials were presented
    OK = "ok"
    EXPIRED = "expired"  # credentials were presented but are no longer valid
    FOREIGN = "foreign"  # valid credentials, but of another client or no membership here


def bearer_token(request) -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[7:].strip() or None
    return None


def _download_token(request) -> str | None:
    if request.method != "GET":
        return None
    return request.GET.get("token") or None


class ClientAuthenticationMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.member = None
        request.auth_state = AuthState.NONE
        request.auth_via = None
        cookie_session = request.session
        claims = None
        if token := bearer_token(request):
            request.auth_via = "token"
            claims = api_token_read(token)
        elif token := _download_token(request):
            request.auth_via = "token"
            claims = download_token_redeem(token, path=request.path)
        elif settings.SESSION_COOKIE_NAME in request.COOKIES:
            request.auth_via = "cookie"
            self._resolve_from_session(request)

        if request.auth_via == "token":
            if claims is None:
                request.auth_state = AuthState.EXPIRED
            elif claims.client_id != request.tenant.pk:
                request.auth_state = AuthState.FOREIGN
            else:
                request.session = SessionStore(session_key=claims.session_key)
                self._resolve_from_session(request)

        response = self.get_response(request)

        if request.session is not cookie_session:
            # A token's session is saved here and never handed to SessionMiddleware, which
            # would answer with its key as a cookie: a token must not become a cookie.
            if request.session.modified and request.session.session_key:
                request.session.save()
            request.session = cookie_session
        return response

    @staticmethod
    def _resolve_from_session(request) -> None:
        bound_to = request.session.get(SESSION_CLIENT_KEY)
        if bound_to is None:
            request.auth_state = AuthState.EXPIRED
            return
        if bound_to != request.tenant.pk:
            request.auth_state = AuthState.FOREIGN
            return
        user = get_user(request)
        if not user.is_authenticated:
            request.auth_state = AuthState.EXPIRED
            return
        request.user = user
        member = member_for(
            user=user,
            client=request.tenant,
            allow_superadmin=request.session.get(SESSION_METHOD_KEY) == "password",
        )
        if member is None:
            request.auth_state = AuthState.FOREIGN
            return
        request.member = member
        request.auth_state = AuthState.OK


class OperatorsAdminMiddleware:
    """The operators' admin on the public host, when OPERATORS_ADMIN_ENABLED, serves only
    sessions its own login made for a super-admin. A client session (a cookie of a client
    host, a session key read out of anything) is anonymous here."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/django-admin/"):
            if not settings.OPERATORS_ADMIN_ENABLED:
                raise Http404(OPERATORS_ADMIN_OFF)
            if not self._is_operator(request):
                request.user = AnonymousUser()
        return self.get_response(request)

    @staticmethod
    def _is_operator(request) -> bool:
        tenant = getattr(request, "tenant", None)
        if tenant is None or tenant.schema_name != get_public_schema_name():
            return False
        user = request.user
        return (
            user.is_authenticated
            and user.is_superadmin
            and request.session.get(OPERATOR_SESSION_KEY) is True
            and request.session.get(SESSION_CLIENT_KEY) == tenant.pk
        )


class FrameAncestorsMiddleware:
    """Only the client's registered parent origins may frame the app."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        tenant = getattr(request, "tenant", None)
        origins = " ".join(getattr(tenant, "parent_origins", None) or [])
        ancestors = f"frame-ancestors 'self' {origins}".strip()
        # A view's own policy (a served image's) keeps its directives; this one is added.
        own = response.get("Content-Security-Policy")
        response["Content-Security-Policy"] = f"{own}; {ancestors}" if own else ancestors
        return response


class _PartitionedMorsel(Morsel):
    """A cookie sent with the CHIPS `Partitioned` attribute (Python's Morsel has no such key
    before 3.14)."""

    def OutputString(self, attrs=None):  # noqa: N802 (Morsel's own name)
        return f"{super().OutputString(attrs)}; Partitioned"


class PartitionedCookiesMiddleware:
    """In the parent suite's cross-site frame, browsers that block third-party cookies still
    keep a partitioned one (CHIPS): a cookie jar of the app's host per top-level site. The
    session and CSRF cookies are sent `Partitioned` when SESSION_COOKIE_PARTITIONED (with
    SameSite=None; Secure, which CHIPS requires), deletions included, so every tab of the
    client's host under one top-level site shares one session, framed or not."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not settings.SESSION_COOKIE_PARTITIONED:
            return response
        for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME):
            morsel = response.cookies.get(name)
            if morsel is None or isinstance(morsel, _PartitionedMorsel):
                continue
            partitioned = _PartitionedMorsel()
            partitioned.set(morsel.key, morsel.value, morsel.coded_value)
            partitioned.update(morsel)
            response.cookies[name] = partitioned
        return response
