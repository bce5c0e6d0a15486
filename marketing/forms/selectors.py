"""Form reads: the /forms list (searched, sorted, by type and status), one form, themes
(presets first), disclaimers with their versions, submissions, the count the plan's Forms
limit reads, the builder's field palette, and the public side's look-ups. Deleted forms and
disclaimers are not found."""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, Q, QuerySet

from core.errors import NotFound
from marketing.audience.selectors.fields import FormFieldChoice, form_field_list
from marketing.forms import messages
from marketing.forms.models import (
    Disclaimer,
    Form,
    FormStatus,
    FormSubmission,
    FormTheme,
    FormVersion,
    OptOutForm,
)

FORM_SORTS = {
    "name": ("name", "id"),
    "status": ("status", "id"),
    "type": ("form_type", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
    "publishedAt": ("published_at", "id"),
    "submissions": ("submission_count", "id"),
}
FORM_SORT_CHOICES = [*FORM_SORTS, *(f"-{key}" for key in FORM_SORTS)]


def forms_live() -> QuerySet[Form]:
    return Form.objects.filter(deleted_at__isnull=True)


def forms_count() -> int:
    """Usage of the plan's Forms module (spec 6)."""
    return forms_live().count()


def form_list(
    *, search: str = "", sort: str = "-updatedAt", form_type: str | None = None,
    status: str | None = None,
) -> QuerySet[Form]:  # fmt: skip
    forms = (
        forms_live()
        .select_related("published_version")
        .annotate(submission_count=Count("submissions"))
    )
    if search:
        forms = forms.filter(name__icontains=search)
    if form_type:
        forms = forms.filter(form_type=form_type)
    if status:
        forms = forms.filter(status=status)
    columns = FORM_SORTS[sort.lstrip("-")]
    return forms.order_by(*(f"-{c}" if sort.startswith("-") else c for c in columns))


def form_get(*, form_id: int) -> Form:
    form = (
        forms_live()
        .select_related("published_version")
        .annotate(submission_count=Count("submissions"))
        .filter(pk=form_id)
        .first()
    )
    if form is None:
        raise NotFound(messages.FORM_NOT_FOUND)
    return form


def form_name_taken(name: str, *, exclude: int | None = None) -> bool:
    return forms_live().filter(name__iexact=name).exclude(pk=exclude).exists()


def survey_path_taken(path: str, *, exclude: int | None = None) -> bool:
    return forms_live().filter(survey_path__iexact=path).exclude(pk=exclude).exists()


# Published versions by (schema, form key, version id), kept by each process: a version
# never changes once a publish froze it, so the public side reads only the form's row per
# request (a new publish names a new version; a schema made again has new form keys).
_versions: dict[tuple[str, str, int], FormVersion] = {}
_VERSIONS_KEPT = 1024


def form_published_by_key(key: str) -> Form | None:
    """The public page's form: published, with its frozen version (and its disclaimer's)."""
    form = (
        forms_live()
        .defer("definition")
        .filter(key=key, status=FormStatus.PUBLISHED, published_version__isnull=False)
        .first()
    )
    if form is None:
        return None
    kept = (connection.schema_name, str(form.key), form.published_version_id)
    version = _versions.get(kept)
    if version is None:
        version = FormVersion.objects.select_related("disclaimer_version").get(
            pk=form.published_version_id
        )
        if len(_versions) >= _VERSIONS_KEPT:
            _versions.clear()
        _versions[kept] = version
    form.published_version = version
    return form


def form_published_by_path(path: str) -> Form | None:
    return (
        forms_live()
        .filter(survey_path__iexact=path, status=FormStatus.PUBLISHED)
        .only("key")
        .first()
    )


def form_field_choices(*, search: str = "") -> list[FormFieldChoice]:
    """The profile fields a form may ask for whose label contains `search` (any case)."""
    needle = search.strip().casefold()
    return [field for field in form_field_list() if needle in field.label.casefold()]


def theme_list(*, search: str = "") -> QuerySet[FormTheme]:
    themes = FormTheme.objects.all()
    if search:
        themes = themes.filter(name__icontains=search)
    return themes.order_by("-preset", "name", "id")


def theme_get(*, theme_id: int) -> FormTheme:
    theme = FormTheme.objects.filter(pk=theme_id).first()
    if theme is None:
        raise NotFound(messages.THEME_NOT_FOUND)
    return theme


def theme_name_taken(name: str, *, exclude: int | None = None) -> bool:
    return FormTheme.objects.filter(name__iexact=name).exclude(pk=exclude).exists()


def disclaimer_list(*, search: str = "") -> QuerySet[Disclaimer]:
    disclaimers = Disclaimer.objects.filter(deleted_at__isnull=True).prefetch_related("versions")
    if search:
        disclaimers = disclaimers.filter(name__icontains=search)
    return disclaimers.order_by("name", "id")


def disclaimer_get(*, disclaimer_id: int) -> Disclaimer:
    disclaimer = (
        Disclaimer.objects.filter(deleted_at__isnull=True, pk=disclaimer_id)
        .prefetch_related("versions")
        .first()
    )
    if disclaimer is None:
        raise NotFound(messages.DISCLAIMER_NOT_FOUND)
    return disclaimer


def disclaimer_name_taken(name: str, *, exclude: int | None = None) -> bool:
    live = Disclaimer.objects.filter(deleted_at__isnull=True, name__iexact=name)
    return live.exclude(pk=exclude).exists()


def submission_list(*, form_id: int) -> QuerySet[FormSubmission]:
    return FormSubmission.objects.filter(form_id=form_id).order_by("-created_at", "-id")


def submission_counts(*, form_id: int) -> dict[str, int]:
    """Submissions of a form by state: stored, processed, confirmed, set aside."""
    return FormSubmission.objects.filter(form_id=form_id).aggregate(
        total=Count("id"),
        processed=Count("id", filter=Q(processed_at__isnull=False)),
        confirmed=Count("id", filter=Q(confirmed_at__isnull=False)),
        set_aside=Count("id", filter=Q(set_aside_at__isnull=False)),
    )


def profile_consents(*, profile_id: int) -> QuerySet[FormSubmission]:
    """A profile's consent record: the confirmed submissions that made or changed it."""
    return FormSubmission.objects.filter(
        profile_id=profile_id, confirmed_at__isnull=False
    ).order_by("-confirmed_at")


def profile_submissions(*, profile_id: int) -> QuerySet[FormSubmission]:
    """A profile's history of form submissions (those that reached it), newest first, with
    their form's name (a deleted form's too: the submission still happened)."""
    return (
        FormSubmission.objects.filter(profile_id=profile_id)
        .select_related("form")
        .order_by("-created_at", "-id")
    )


OPTOUT_SORTS = {
    "name": ("name", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
    "default": ("is_default", "id"),
}
OPTOUT_SORT_CHOICES = [*OPTOUT_SORTS, *(f"-{key}" for key in OPTOUT_SORTS)]


def optout_form_list(*, search: str = "", sort: str = "name") -> QuerySet[OptOutForm]:
    """/OptoutForms: searched (name contains, any case) and sorted."""
    forms = OptOutForm.objects.select_related("category", "theme").prefetch_related("groups")
    if search:
        forms = forms.filter(name__icontains=search)
    columns = OPTOUT_SORTS[sort.lstrip("-")]
    return forms.order_by(*(f"-{c}" if sort.startswith("-") else c for c in columns))


def optout_form_get(*, form_id: int) -> OptOutForm:
    form = optout_form_list().filter(pk=form_id).first()
    if form is None:
        raise NotFound(messages.OPTOUT_NOT_FOUND)
    return form


def optout_form_default() -> OptOutForm:
    """The form a message's unsubscribe link shows (every client has one)."""
    return optout_form_list().get(is_default=True)


def optout_form_name_taken(name: str, *, exclude: int | None = None) -> bool:
    return OptOutForm.objects.filter(name__iexact=name).exclude(pk=exclude).exists()
