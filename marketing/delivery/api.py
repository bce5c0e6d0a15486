"""The delivery API (gates: config/operation_gates.py): the opt-out page's two calls,
public (a recipient has no sign-in; the token of their message is the credential)."""

from django.http import HttpRequest
from ninja import Query, Router

from core.responses import ErrorOut
from marketing.delivery.schemas import OptOutIn, OptOutOut, OptOutQuery
from marketing.delivery.services.opt_out import OPT_OUT_PAGE_SOURCE, opt_out, opt_out_target

router = Router(tags=["delivery"])


@router.get("/external/optOut", auth=None, response={200: OptOutOut, 400: ErrorOut}, by_alias=True)
def optOutGet(request: HttpRequest, query: Query[OptOutQuery]):
    """Whom the opt-out page is for (changes nothing)."""
    return opt_out_target(query.token)


@router.post("/external/optOut", auth=None, response={200: OptOutOut, 400: ErrorOut}, by_alias=True)
def optOutConfirm(request: HttpRequest, body: OptOutIn):
    """The person confirmed on the opt-out page: unsubscribe them."""
    return opt_out(body.token, source=OPT_OUT_PAGE_SOURCE)
