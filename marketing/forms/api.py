"""The forms API (gates: config/operation_gates.py): /forms's list and the builder's form
(spec 2.1, 2.4), its lifecycle (spec 4) and lock (spec 6), its submissions, the themes
(spec 3) and the disclaimers (/managedisclaimer, spec 2.2). Instants are answered in the
client's time zone."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.http import HttpRequest
from ninja import Query, Router, Status

from core.client_time import client_zone, localise
from core.pagination import paginate
from core.responses import ERRORS
from marketing.forms import selectors
from marketing.forms.definition import definition_dump
from marketing.forms.embedding import form_embed_code, form_page_path, form_public_url
from marketing.forms.models import Disclaimer, Form
from marketing.forms.schemas import (
    DisclaimerIn,
    DisclaimerListOut,
    DisclaimerOut,
    DisclaimerPatch,
    FormEmbedOut,
    FormFieldListOut,
    FormFieldQuery,
    FormFields,
    FormIn,
    FormOut,
    FormPageOut,
    FormPatch,
    FormQuery,
    FormSubmissionPageOut,
    FormSubmissionQuery,
    FormThemeIn,
    FormThemeListOut,
    FormThemeOut,
    FormThemePatch,
    FormThemeQuery,
)
from marketing.forms.services.disclaimers import (
    disclaimer_create,
    disclaimer_delete,
    disclaimer_update,
)
from marketing.forms.services.forms import (
    form_create,
    form_delete,
    form_duplicate,
    form_lock_set,
    form_publish,
    form_save,
    form_unpublish,
)
from marketing.forms.services.themes import theme_create, theme_delete, theme_update

router = Router(tags=["forms"])
FORM_INSTANTS = ("published_at", "created_at", "updated_at")
CLEARABLE = ("survey_path", "theme_id", "disclaimer_id")


def _values(data: FormFields) -> dict:
    """The save's changes under the model's names (a null means unchanged, except for the
    fields a null clears)."""
    raw = data.model_dump(exclude_unset=True, exclude={"definition"})
    values = {k: v for k, v in raw.items() if v is not None or k in CLEARABLE}
    if data.definition is not None:
        values["definition"] = definition_dump(data.definition)
    return values


def _forms(forms: list[Form], zone: ZoneInfo) -> list[Form]:
    for form in forms:
        localise(form, FORM_INSTANTS, zone)
        version = form.published_version
        form.published_number = version.number if version else None
        form.key = str(form.key)
        form.public_path = form_page_path(form.key)
        form.public_url = form_public_url(form)
    return forms


def _one(form: Form) -> Form:
    return _forms([form], client_zone())[0]


def _disclaimer(disclaimer: Disclaimer, zone: ZoneInfo) -> Disclaimer:
    versions = sorted(disclaimer.versions.all(), key=lambda v: -v.number)
    for version in versions:
        localise(version, ("created_at",), zone)
    localise(disclaimer, ("created_at", "updated_at"), zone)
    disclaimer.current_version = versions[0].number if versions else 0
    disclaimer.text = versions[0].text if versions else ""
    disclaimer.version_list = versions
    return disclaimer


def _disclaimer_out(disclaimer: Disclaimer) -> dict:
    d = _disclaimer(disclaimer, client_zone())
    return {
        "id": d.pk,
        "name": d.name,
        "current_version": d.current_version,
        "text": d.text,
        "versions": d.version_list,
        "created_at": d.created_at,
        "updated_at": d.updated_at,
    }


@router.get("/mm/forms", response={200: FormPageOut, **ERRORS}, by_alias=True)
def formList(request: HttpRequest, query: Query[FormQuery]):
    """/forms: searched (name contains, any case), sorted, by type and status."""
    forms = selectors.form_list(
        search=query.search, sort=query.sort, form_type=query.type, status=query.status
    )
    page = paginate(forms, page=query.page, page_size=query.pageSize)
    page["items"] = _forms(page["items"], client_zone())
    return page


@router.post("/mm/forms", response={201: FormOut, **ERRORS}, by_alias=True)
def formCreate(request: HttpRequest, data: FormIn):
    return Status(201, _one(form_create(member=request.auth, values=_values(data))))


@router.get("/mm/forms/{int:form_id}", response={200: FormOut, **ERRORS}, by_alias=True)
def formGet(request: HttpRequest, form_id: int):
    return _one(selectors.form_get(form_id=form_id))


@router.patch("/mm/forms/{int:form_id}", response={200: FormOut, **ERRORS}, by_alias=True)
def formSave(request: HttpRequest, form_id: int, data: FormPatch):
    """The builder's draft save; a published form serves its published version until the
    next publish."""
    form = form_save(member=request.auth, form_id=form_id, values=_values(data))
    return _one(form)


@router.delete("/mm/forms/{int:form_id}", response={204: None, **ERRORS})
def formDelete(request: HttpRequest, form_id: int):
    form_delete(member=request.auth, form_id=form_id)
    return Status(204, None)


@router.post("/mm/forms/{int:form_id}/duplicate", response={201: FormOut, **ERRORS}, by_alias=True)
def formDuplicate(request: HttpRequest, form_id: int):
    return Status(201, _one(form_duplicate(member=request.auth, form_id=form_id)))


@router.post("/mm/forms/{int:form_id}/publish", response={200: FormOut, **ERRORS}, by_alias=True)
def formPublish(request: HttpRequest, form_id: int):
    return _one(form_publish(member=request.auth, form_id=form_id))


@router.post("/mm/forms/{int:form_id}/unpublish", response={200: FormOut, **ERRORS}, by_alias=True)
def formUnpublish(request: HttpRequest, form_id: int):
    return _one(form_unpublish(member=request.auth, form_id=form_id))


@router.post("/mm/forms/{int:form_id}/lock", response={200: FormOut, **ERRORS}, by_alias=True)
def formLock(request: HttpRequest, form_id: int):
    """Spec 6: by its creator only."""
    return _one(form_lock_set(member=request.auth, form_id=form_id, locked=True))


@router.post("/mm/forms/{int:form_id}/unlock", response={200: FormOut, **ERRORS}, by_alias=True)
def formUnlock(request: HttpRequest, form_id: int):
    return _one(form_lock_set(member=request.auth, form_id=form_id, locked=False))


@router.get("/mm/forms/{int:form_id}/embed", response={200: FormEmbedOut, **ERRORS}, by_alias=True)
def formEmbed(request: HttpRequest, form_id: int):
    """/embeddedTrackingCode: the form's script tag and frame for a website."""
    return form_embed_code(form_id=form_id)


@router.get(
    "/mm/forms/{int:form_id}/submissions",
    response={200: FormSubmissionPageOut, **ERRORS},
    by_alias=True,
)
def formSubmissionList(request: HttpRequest, form_id: int, query: Query[FormSubmissionQuery]):
    """The form's submissions, newest first, with their processing and consent state."""
    selectors.form_get(form_id=form_id)
    submissions = selectors.submission_list(form_id=form_id).select_related("version")
    page = paginate(submissions, page=query.page, page_size=query.pageSize, exact_up_to=50_000)
    zone = client_zone()
    for submission in page["items"]:
        names = ("created_at", "processed_at", "confirmed_at", "set_aside_at")
        localise(submission, names, zone)
        submission.version_number = submission.version.number
    return page


@router.get("/mm/formFields", response={200: FormFieldListOut, **ERRORS}, by_alias=True)
def formFieldList(request: HttpRequest, query: Query[FormFieldQuery]):
    """The builder's palette: the profile fields a form may ask for, each with its type."""
    return {"items": selectors.form_field_choices(search=query.search)}


@router.get("/mm/formThemes", response={200: FormThemeListOut, **ERRORS}, by_alias=True)
def formThemeList(request: HttpRequest, query: Query[FormThemeQuery]):
    """Presets first, then Custom themes by name."""
    return {"items": list(selectors.theme_list(search=query.search))}


@router.post("/mm/formThemes", response={201: FormThemeOut, **ERRORS}, by_alias=True)
def formThemeCreate(request: HttpRequest, data: FormThemeIn):
    theme = theme_create(name=data.name, styles=data.styles.model_dump(by_alias=True))
    return Status(201, theme)


@router.get("/mm/formThemes/{int:theme_id}", response={200: FormThemeOut, **ERRORS}, by_alias=True)
def formThemeGet(request: HttpRequest, theme_id: int):
    return selectors.theme_get(theme_id=theme_id)


@router.patch(
    "/mm/formThemes/{int:theme_id}", response={200: FormThemeOut, **ERRORS}, by_alias=True
)
def formThemeSave(request: HttpRequest, theme_id: int, data: FormThemePatch):
    styles = data.styles.model_dump(by_alias=True) if data.styles is not None else None
    return theme_update(theme_id=theme_id, name=data.name, styles=styles)


@router.delete("/mm/formThemes/{int:theme_id}", response={204: None, **ERRORS})
def formThemeDelete(request: HttpRequest, theme_id: int):
    theme_delete(theme_id=theme_id)
    return Status(204, None)


@router.get("/mm/disclaimers", response={200: DisclaimerListOut, **ERRORS}, by_alias=True)
def disclaimerList(request: HttpRequest, query: Query[FormThemeQuery]):
    disclaimers = selectors.disclaimer_list(search=query.search)
    return {"items": [_disclaimer_out(d) for d in disclaimers]}


@router.post("/mm/disclaimers", response={201: DisclaimerOut, **ERRORS}, by_alias=True)
def disclaimerCreate(request: HttpRequest, data: DisclaimerIn):
    disclaimer = disclaimer_create(name=data.name, text=data.text)
    return Status(201, _disclaimer_out(disclaimer))


@router.get(
    "/mm/disclaimers/{int:disclaimer_id}", response={200: DisclaimerOut, **ERRORS}, by_alias=True
)
def disclaimerGet(request: HttpRequest, disclaimer_id: int):
    return _disclaimer_out(selectors.disclaimer_get(disclaimer_id=disclaimer_id))


@router.patch(
    "/mm/disclaimers/{int:disclaimer_id}", response={200: DisclaimerOut, **ERRORS}, by_alias=True
)
def disclaimerSave(request: HttpRequest, disclaimer_id: int, data: DisclaimerPatch):
    """A changed text becomes the next version."""
    disclaimer = disclaimer_update(disclaimer_id=disclaimer_id, name=data.name, text=data.text)
    return _disclaimer_out(disclaimer)


@router.delete("/mm/disclaimers/{int:disclaimer_id}", response={204: None, **ERRORS})
def disclaimerDelete(request: HttpRequest, disclaimer_id: int):
    disclaimer_delete(disclaimer_id=disclaimer_id)
    return Status(204, None)
