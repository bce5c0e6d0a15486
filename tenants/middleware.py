"""One tenancy and identity choke point: after TenantMainMiddleware has picked the client
from the host, this resolves the signed-in member once, from the session cookie or a
bearer token, and records why when there is none (never signed in, expired, or bound to
another client). Nothing below it guesses."""

from enum import StrEnum

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.sessions.backends.db import SessionStore

from tenants.members import member_for
from tenants.tokens import api_token_issue, api_token_needs_refresh, api_token_read

SESSION_CLIENT_KEY = "client_id"
TOKEN_REFRESH_HEADER = "X-Auth-Token"


class AuthState(StrEnum):
    NONE = "none"  # no credentials were presented
    OK = "ok"
    EXPIRED = "expired"  # credentials were presented but are no longer valid
    FOREIGN = "foreign"  # valid credentials, but of another client or no membership here


def _bearer_token(request) -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[7:].strip() or None
    return request.GET.get("token") or None


class ClientAuthenticationMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.member = None
        request.auth_state = AuthState.NONE
        request.auth_via = None
        token_claims = None
        token = _bearer_token(request)
        if token:
            request.auth_via = "token"
            token_claims = api_token_read(token)
            if token_claims is None:
                request.auth_state = AuthState.EXPIRED
            elif token_claims.client_id != request.tenant.pk:
                request.auth_state = AuthState.FOREIGN
            else:
                request.session = SessionStore(session_key=token_claims.session_key)
                self._resolve_from_session(request)
        elif settings.SESSION_COOKIE_NAME in request.COOKIES:
            request.auth_via = "cookie"
            self._resolve_from_session(request)

        response = self.get_response(request)

        if (
            token_claims is not None
            and request.auth_state == AuthState.OK
            and request.session.session_key
            and api_token_needs_refresh(token_claims)
        ):
            response[TOKEN_REFRESH_HEADER] = api_token_issue(
                session_key=request.session.session_key, client_id=request.tenant.pk
            )
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
        member = member_for(user=user, client=request.tenant)
        if member is None:
            request.auth_state = AuthState.FOREIGN
            return
        request.member = member
        request.auth_state = AuthState.OK


class FrameAncestorsMiddleware:
    """Only the client's registered parent origins may frame the app."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        tenant = getattr(request, "tenant", None)
        origins = " ".join(getattr(tenant, "parent_origins", None) or [])
        response["Content-Security-Policy"] = f"frame-ancestors 'self' {origins}".strip()
        return response
