from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Query, Router, Schema, Status
from ninja.utils import check_csrf

from core.errors import PermissionDenied, UnsupportedMediaType, invalid_field
from core.responses import ErrorOut
from tenants import services
from tenants.access import authorize
from tenants.api_auth import member_required
from tenants.client_settings import client_settings_read, client_settings_update
from tenants.members import member_for
from tenants.messages import CSRF_FAILED, JSON_ONLY, SSO_FAILED, UNKNOWN_MODULE
from tenants.middleware import bearer_token
from tenants.plan_limits import Module, plan_limit_status
from tenants.schemas import (
    AccessControlIn,
    AccessControlOut,
    ClientSettingsIn,
    ClientSettingsOut,
    OkOut,
    PlanLimitOut,
    SignInIn,
    StatusFailureOut,
    StatusOut,
    TokenOut,
    WebsiteIn,
)
from tenants.selectors import client_status
from tenants.sso import SsoRejected

ERRORS = {301: ErrorOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 429: ErrorOut}


class StatusQuery(Schema):
    payload: str | None = None


class PlanLimitQuery(Schema):
    moduleName: str


def build_session_router() -> Router:
    """Sign-in, status and sign-out; mounted on client hosts and on the public host."""
    router = Router(tags=["session"])

    @router.get(
        "/getStatus",
        auth=None,
        response={**ERRORS, 200: StatusOut, 403: StatusFailureOut},
    )
    def getStatus(request: HttpRequest, query: Query[StatusQuery]):
        """The one GET that changes state: it redeems a single-use, short-lived payload."""
        if query.payload:
            try:
                token = services.user_sign_in_sso(request=request, payload=query.payload)
            except SsoRejected:
                return Status(403, {"status": "failure", "message": SSO_FAILED})
            member = member_for(user=request.user, client=request.tenant, allow_superadmin=False)
        else:
            member = member_required(request)
            # The bearer token already held, or none for a cookie session: reading the
            # status never mints a credential.
            token = bearer_token(request) or ""
        # A cookie session's writes carry the CSRF cookie back: every tab that starts has
        # one (the same value while it lasts), so no tab is half signed in.
        get_token(request)
        return client_status(client=request.tenant, member=member, token=token)

    @router.post("/auth/login", auth=None, response={200: TokenOut, 415: ErrorOut, **ERRORS})
    def signIn(request: HttpRequest, data: SignInIn):
        if request.content_type != "application/json":
            raise UnsupportedMediaType(JSON_ONLY)
        return {
            "token": services.user_sign_in(
                request=request, email=data.email, password=data.password
            )
        }

    @router.post("/logout", auth=None, response={200: OkOut, 403: ErrorOut})
    def logout(request: HttpRequest):
        if request.auth_via == "cookie" and check_csrf(request) is not None:
            raise PermissionDenied(CSRF_FAILED)
        services.user_sign_out(request=request)
        return {"status": 1}

    return router


access_router = Router(tags=["access"])


@access_router.post("/updateAccessControl", response={200: AccessControlOut, **ERRORS})
def updateAccessControl(request: HttpRequest, data: AccessControlIn):
    message = services.access_control_update(
        client=request.tenant, member=request.auth, action=data.action, user_access=data.userAccess
    )
    return {"success": 1, "message": message}


@access_router.get("/clientSettings", response={200: ClientSettingsOut, **ERRORS})
def clientSettingsGet(request: HttpRequest):
    """Spec 5.10 (admins): the time zone and the public forms' captcha."""
    authorize(request.auth, admin_only=True)
    return client_settings_read(request.tenant)


@access_router.put("/clientSettings", response={200: ClientSettingsOut, **ERRORS})
def clientSettingsSave(request: HttpRequest, data: ClientSettingsIn):
    return client_settings_update(
        client=request.tenant,
        member=request.auth,
        time_zone=data.timeZone,
        captcha=data.captcha,
        site_key=data.siteKey,
        site_secret=data.siteSecret,
    )


@access_router.get("/checkPlanLimit", response={200: PlanLimitOut, **ERRORS})
def checkPlanLimit(request: HttpRequest, query: Query[PlanLimitQuery]):
    try:
        module = Module(query.moduleName)
    except ValueError as exc:
        raise invalid_field("moduleName", UNKNOWN_MODULE) from exc
    return {"status": plan_limit_status(client=request.tenant, module=module)}


@access_router.post("/UpdateCurrentWebsiteID", response={200: OkOut, **ERRORS})
def UpdateCurrentWebsiteID(request: HttpRequest, data: WebsiteIn):
    services.current_website_set(request=request, website_id=data.websiteID)
    return {"status": 1}
