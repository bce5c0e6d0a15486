"""The opt-out forms API (gates: config/operation_gates.py): /OptoutForms's list and the
builder (/OptoutForm/:formId), and the recipient's opt-out page of a message's
unsubscribe link (the token is the credential). Instants in the client's time zone."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, localise
from core.pagination import paginate
from core.responses import ERRORS, ErrorOut
from marketing.forms import selectors
from marketing.forms.models import OptOutForm
from marketing.forms.schemas_optout import (
    OptOutFormIn,
    OptOutFormOut,
    OptOutFormPageOut,
    OptOutFormPatch,
    OptOutFormQuery,
    OptOutPageIn,
    OptOutPageOut,
    OptOutPageQuery,
)
from marketing.forms.services.optout_forms import (
    optout_form_create,
    optout_form_default_set,
    optout_form_delete,
    optout_form_update,
)
from marketing.forms.services.optout_page import optout_page, optout_page_submit

router = Router(tags=["optOutForms"])


def _local(form: OptOutForm) -> OptOutForm:
    localise(form, ("created_at", "updated_at"), client_zone())
    return form


def _values(data: OptOutFormIn | OptOutFormPatch) -> dict:
    raw = data.model_dump(exclude_unset=True)
    return {k: v for k, v in raw.items() if v is not None or k == "theme_id"}


@router.get("/mm/optOutForms", response={200: OptOutFormPageOut, **ERRORS}, by_alias=True)
def optOutFormList(request: HttpRequest, query: Query[OptOutFormQuery]):
    """/OptoutForms: searched (name contains, any case) and sorted."""
    forms = selectors.optout_form_list(search=query.search, sort=query.sort)
    page = paginate(forms, page=query.page, page_size=query.pageSize)
    page["items"] = [_local(form) for form in page["items"]]
    return page


@router.post("/mm/optOutForms", response={201: OptOutFormOut, **ERRORS}, by_alias=True)
def optOutFormCreate(request: HttpRequest, data: OptOutFormIn):
    return Status(201, _local(optout_form_create(values=_values(data))))


@router.get("/mm/optOutForms/{int:form_id}", response={200: OptOutFormOut, **ERRORS}, by_alias=True)
def optOutFormGet(request: HttpRequest, form_id: int):
    return _local(selectors.optout_form_get(form_id=form_id))


@router.patch(
    "/mm/optOutForms/{int:form_id}", response={200: OptOutFormOut, **ERRORS}, by_alias=True
)
def optOutFormSave(request: HttpRequest, form_id: int, data: OptOutFormPatch):
    return _local(optout_form_update(form_id=form_id, values=_values(data)))


@router.post(
    "/mm/optOutForms/{int:form_id}/default", response={200: OptOutFormOut, **ERRORS}, by_alias=True
)
def optOutFormDefault(request: HttpRequest, form_id: int):
    """The unsubscribe link shows this form from now on."""
    return _local(optout_form_default_set(form_id=form_id))


@router.delete("/mm/optOutForms/{int:form_id}", response={204: None, **ERRORS})
def optOutFormDelete(request: HttpRequest, form_id: int):
    optout_form_delete(form_id=form_id)
    return Status(204, None)


@router.get(
    "/external/optOutPage",
    auth=None,
    response={200: OptOutPageOut, 400: ErrorOut},
    by_alias=True,
)
def optOutPageGet(request: HttpRequest, query: Query[OptOutPageQuery]):
    """What the unsubscribe link's page shows (changes nothing)."""
    return optout_page(query.token)


@router.post(
    "/external/optOutPage",
    auth=None,
    response={200: OptOutPageOut, 400: ErrorOut},
    by_alias=True,
)
def optOutPageSubmit(request: HttpRequest, body: OptOutPageIn):
    """The person's choice: leave every email, or only the groups they ticked."""
    return optout_page_submit(body.token, reason=body.reason, group_ids=body.group_ids)
