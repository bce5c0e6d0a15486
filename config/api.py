"""The API: one NinjaAPI for client hosts at /api/ (OpenAPI at /api/docs) and a small one
for the public host (sign-in, status). Every error leaves as one JSON shape:
{"message": ..., "errors": {field: [...]}}."""

import functools
import logging

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, RequestDataTooBig
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from config.operation_gates import OPERATION_GATES
from core.audit.context import audit_request_context
from core.body_limit import too_large_message
from core.errors import ServiceError
from core.messages import INVALID_REQUEST, SOMETHING_WENT_WRONG
from core.parser import NulRefusingParser
from marketing.activity.api import router as activity_router
from marketing.audience.api.domains import router as domains_router
from marketing.audience.api.email_stats import router as email_stats_router
from marketing.audience.api.exports import router as exports_router
from marketing.audience.api.fields import router as audience_fields_router
from marketing.audience.api.groups import router as audience_groups_router
from marketing.audience.api.imports import router as imports_router
from marketing.audience.api.profiles import router as audience_profiles_router
from marketing.audience.api.tags import router as audience_tags_router
from marketing.audience.api.verification import router as verification_router
from marketing.bi.api import router as bi_router
from marketing.campaigns.api import router as campaigns_router
from marketing.campaigns.api_analytics import router as campaign_analytics_router
from marketing.commerce.api import router as commerce_router
from marketing.content.api import router as content_router
from marketing.delivery.api import router as delivery_router
from marketing.files.api import router as files_router
from marketing.forms.api import router as forms_router
from marketing.forms.api_optout import router as optout_forms_router
from marketing.forms.api_preview import router as form_preview_router
from marketing.forms.api_reports import router as form_reports_router
from marketing.jobs.api import router as jobs_router
from marketing.page_hosting.api import router as page_hosting_router
from marketing.rendering.api import router as rendering_router
from marketing.segments.api import router as segments_router
from marketing.senders.api import router as senders_router
from marketing.sites.api import router as sites_router
from marketing.workflows.api import router as workflows_router
from marketing.workflows.summary.api import router as summary_router
from tenants.access import authorize_gate
from tenants.api import access_router, build_session_router
from tenants.api_auth import MemberAuth, member_required
from tenants.api_trial import trial_router
from tenants.messages import SIGN_IN_REQUIRED

logger = logging.getLogger(__name__)


class MailcraftAPI(NinjaAPI):
    def get_openapi_operation_id(self, operation) -> str:
        # The generated TypeScript client names its calls after these.
        return operation.view_func.__name__


def _field_errors(errors: list[dict]) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for error in errors:
        loc = [str(part) for part in error.get("loc", [])]
        # ("body", <parameter>, field...) or ("query", field...): keep the field path only.
        loc = loc[2:] if loc[:1] == ["body"] else loc[1:]
        fields.setdefault(".".join(loc) or "__all__", []).append(error.get("msg", "Invalid value"))
    return fields


def _install_error_handlers(api: NinjaAPI) -> None:
    def error(request, status: int, message: str, errors: dict | None = None):
        return api.create_response(
            request, {"message": message, "errors": errors or {}}, status=status
        )

    @api.exception_handler(ServiceError)
    def service_error(request, exc: ServiceError):
        response = error(request, exc.status_code, exc.message, exc.errors)
        if retry_after := getattr(exc, "retry_after", None):
            response["Retry-After"] = str(retry_after)
        return response

    @api.exception_handler(ValidationError)
    def validation_error(request, exc: ValidationError):
        return error(request, 400, INVALID_REQUEST, _field_errors(exc.errors))

    @api.exception_handler(AuthenticationError)
    def authentication_error(request, exc):
        return error(request, 401, SIGN_IN_REQUIRED)

    @api.exception_handler(HttpError)
    def http_error(request, exc: HttpError):
        return error(request, exc.status_code, str(exc) or INVALID_REQUEST)

    @api.exception_handler(RequestDataTooBig)
    def data_too_big(request, exc):
        # A JSON body past DATA_UPLOAD_MAX_MEMORY_SIZE (a huge template): 413, not a 500.
        return error(request, 413, too_large_message(settings.DATA_UPLOAD_MAX_MEMORY_SIZE))

    @api.exception_handler(Http404)
    def not_found(request, exc):
        return error(request, 404, "Not found.")

    @api.exception_handler(Exception)
    def unexpected(request, exc):
        logger.exception("unhandled API error on %s", request.path)
        return error(request, 500, SOMETHING_WENT_WRONG)


def gated(run):
    """Applies the operation's gate (config/operation_gates.py) before anything else runs:
    before the body is read, so a caller without the right gets 403 whatever they sent."""
    operation = run.__self__
    name = operation.view_func.__name__
    gate = OPERATION_GATES.get(name)
    if gate is None:
        raise ImproperlyConfigured(f"API operation {name!r} has no entry in OPERATION_GATES")

    @functools.wraps(run)
    def run_gated(request, **kwargs):
        # The handler applies the part of its gate that depends on the request's choice
        # (authorize_choice) from here: apps never import the assembly's table.
        request.operation_gate = gate
        if not gate.public:
            try:
                authorize_gate(member_required(request), gate)
            except ServiceError as exc:
                return operation.api.on_exception(request, exc)
        return run(request, **kwargs)

    return run_gated


api = MailcraftAPI(
    title="Mailcraft API",
    version="1",
    urls_namespace="api",
    auth=MemberAuth(),
    parser=NulRefusingParser(),
    docs_url="/docs",
    openapi_url="/openapi.json",
)
_install_error_handlers(api)
api.add_decorator(gated, mode="view")
# Who acts, from where, through which path: for the audit rows the operation writes.
api.add_decorator(audit_request_context, mode="view")
api.add_router("", build_session_router())
api.add_router("", access_router)
api.add_router("", email_stats_router)
api.add_router("", imports_router)
api.add_router("", exports_router)
api.add_router("", jobs_router)
api.add_router("", audience_profiles_router)
api.add_router("", audience_groups_router)
api.add_router("", audience_tags_router)
api.add_router("", audience_fields_router)
api.add_router("", domains_router)
api.add_router("", verification_router)
api.add_router("", activity_router)
api.add_router("", segments_router)
api.add_router("", bi_router)
api.add_router("", rendering_router)
api.add_router("", files_router)
api.add_router("", content_router)
api.add_router("", delivery_router)
api.add_router("", campaigns_router)
api.add_router("", campaign_analytics_router)
api.add_router("", senders_router)
api.add_router("", summary_router)
api.add_router("", workflows_router)
api.add_router("", form_preview_router)
api.add_router("", forms_router)
api.add_router("", form_reports_router)
api.add_router("", optout_forms_router)
api.add_router("", page_hosting_router)
api.add_router("", sites_router)
api.add_router("", commerce_router)

public_api = MailcraftAPI(
    title="Mailcraft public API",
    version="1",
    urls_namespace="public_api",
    auth=MemberAuth(),
    parser=NulRefusingParser(),
    docs_url=None,
    openapi_url=None,
)
_install_error_handlers(public_api)
public_api.add_decorator(gated, mode="view")
public_api.add_router("", build_session_router())
public_api.add_router("", trial_router)
