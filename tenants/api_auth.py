"""API authentication: turns the middleware's verdict into the member or the right error.
A cookie-authenticated unsafe call must pass Django's CSRF check; a bearer token needs
none (it is never sent automatically by the browser)."""

from ninja.security.base import AuthBase
from ninja.utils import check_csrf

from core.errors import PermissionDenied, ServiceError
from core.messages import INVALID_REQUEST
from tenants.access import Member
from tenants.messages import CSRF_FAILED, SESSION_EXPIRED, SIGN_IN_REQUIRED
from tenants.middleware import AuthState


class SessionExpired(ServiceError):
    """Answered as 301, which the front end reads as an expired session (spec 8)."""

    status_code = 301


class SignInRequired(ServiceError):
    status_code = 401


def member_required(request) -> Member:
    state = request.auth_state
    if state == AuthState.OK:
        return request.member
    if state == AuthState.EXPIRED:
        raise SessionExpired(SESSION_EXPIRED)
    if state == AuthState.FOREIGN:
        raise PermissionDenied(INVALID_REQUEST)
    raise SignInRequired(SIGN_IN_REQUIRED)


class MemberAuth(AuthBase):
    """django-ninja auth callable; the OpenAPI schema shows it as a bearer scheme."""

    openapi_type = "http"
    openapi_scheme = "bearer"

    def __call__(self, request) -> Member:
        member = member_required(request)
        if request.auth_via == "cookie" and request.method not in ("GET", "HEAD", "OPTIONS"):
            if check_csrf(request) is not None:
                raise PermissionDenied(CSRF_FAILED)
        return member
