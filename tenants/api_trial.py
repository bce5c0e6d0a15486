"""The trial area's API on the public host (spec 1, 2.4 /trial/*; tenants/trial.py).
Callers are prospects, not members: the sign-up is the only credential, held in the
public host's session once its emailed link is redeemed. Writes accept JSON only (a
cross-site form cannot send it without a preflight)."""

from django.http import HttpRequest
from ninja import Router, Schema

from core.errors import UnsupportedMediaType
from core.http import client_address
from core.responses import ErrorOut
from tenants import trial
from tenants.messages import JSON_ONLY, TRIAL_SIGNUP_SENT
from tenants.models import ProvisioningStatus
from tenants.provisioning import provisioning_steps

ERRORS = {400: ErrorOut, 404: ErrorOut, 415: ErrorOut, 429: ErrorOut}


class SignUpIn(Schema):
    email: str
    firstName: str
    lastName: str = ""
    password: str
    companyName: str
    website: str = ""
    companySize: str = ""
    country: str = ""
    timeZone: str = "America/New_York"
    termsAccepted: bool = False


class MessageOut(Schema):
    message: str


class ConfirmIn(Schema):
    token: str


class ConfirmOut(Schema):
    email: str
    firstName: str
    companyName: str


class TrialPlanOut(Schema):
    id: int
    name: str
    limits: dict[str, int | None]
    freeTrial: bool


class PlanChoiceIn(Schema):
    planId: int


class SetupStepOut(Schema):
    key: str
    label: str
    done: bool


class SetupOut(Schema):
    status: str
    steps: list[SetupStepOut]
    appUrl: str | None


def _json_only(request: HttpRequest) -> None:
    if request.content_type != "application/json":
        raise UnsupportedMediaType(JSON_ONLY)


def _setup(sign_up) -> dict:
    provisioning = sign_up.provisioning
    done = set(provisioning.steps_done) if provisioning else set()
    ready = provisioning is not None and provisioning.status == ProvisioningStatus.DONE
    return {
        "status": provisioning.status if provisioning else "notStarted",
        "steps": [
            {"key": step.key, "label": step.label, "done": step.key in done}
            for step in provisioning_steps()
        ],
        "appUrl": f"//{provisioning.domain}/trial/login" if ready else None,
    }


trial_router = Router(tags=["trial"])


@trial_router.post("/trial/signup", auth=None, response={202: MessageOut, **ERRORS})
def trialSignUp(request: HttpRequest, data: SignUpIn):
    """The same answer whether the address is new or already someone's."""
    _json_only(request)
    trial.signup_start(
        address=client_address(request),
        email=data.email,
        first_name=data.firstName,
        last_name=data.lastName,
        password=data.password,
        company_name=data.companyName,
        website=data.website,
        company_size=data.companySize,
        country=data.country,
        time_zone=data.timeZone,
        terms_accepted=data.termsAccepted,
    )
    return 202, {"message": TRIAL_SIGNUP_SENT}


@trial_router.post("/trial/confirm", auth=None, response={200: ConfirmOut, **ERRORS})
def trialConfirm(request: HttpRequest, data: ConfirmIn):
    _json_only(request)
    sign_up = trial.signup_confirm(token=data.token)
    request.session.cycle_key()
    request.session[trial.SESSION_SIGN_UP_KEY] = sign_up.pk
    return {
        "email": sign_up.email,
        "firstName": sign_up.first_name,
        "companyName": sign_up.company_name,
    }


@trial_router.get("/trial/plans", auth=None, response={200: list[TrialPlanOut], **ERRORS})
def trialPlans(request: HttpRequest):
    """The free trial's plan, for the confirmed prospect (paid plans come with billing)."""
    trial.signup_of_session(request.session)
    plan = trial.trial_plan()
    return [{"id": plan.pk, "name": plan.name, "limits": plan.limits, "freeTrial": True}]


@trial_router.post("/trial/plan", auth=None, response={200: SetupOut, **ERRORS})
def trialPlanChoose(request: HttpRequest, data: PlanChoiceIn):
    _json_only(request)
    sign_up = trial.signup_of_session(request.session)
    trial.signup_plan_choose(sign_up=sign_up, plan_id=data.planId)
    return _setup(sign_up)


@trial_router.get("/trial/setup", auth=None, response={200: SetupOut, **ERRORS})
def trialSetup(request: HttpRequest):
    """The workspace's steps as they finish, for the /trial/setup screen."""
    return _setup(trial.signup_of_session(request.session))
