"""Form writes: create, save, duplicate, delete, publish, unpublish, lock and unlock. Each
records its audit row in its own transaction.

Rules enforced here: names required and unique whatever their case among live forms
(spec 5.4; a partial unique index backs it); the plan's Forms limit at create and
duplicate (spec 6); the definition's rules on every save and the complete ones at publish
(services/checking.py); a locked form is changed by its creator only, and only its creator
locks or unlocks it (spec 6: 'You dont have rights to lock the form as it has not been
created by you'); setting a form's disclaimer needs the 'enable disclaimer section in
forms' access (spec 6); a published form is unpublished before it is deleted.

A publish freezes what the public page shows (FormVersion: the definition, the theme's
styles, the disclaimer's current wording); saving the draft of a published form changes
nothing a visitor sees until the next publish."""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, PermissionDenied, ValidationFailed
from marketing.forms import messages
from marketing.forms.definition import definition_default
from marketing.forms.models import (
    DisclaimerVersion,
    Form,
    FormStatus,
    FormType,
    FormVersion,
)
from marketing.forms.selectors import form_get, form_name_taken
from marketing.forms.services.checking import form_check
from marketing.forms.services.progressive import (
    progressive_campaigns_check,
    progressive_campaigns_start,
    progressive_campaigns_stop,
)
from tenants.access import ActionType, Member, authorize
from tenants.plan_limits import Module, plan_limit_enforce

EDITABLE_FIELDS = frozenset(
    {
        "name",
        "form_type",
        "definition",
        "survey_path",
        "theme_id",
        "disclaimer_id",
        "double_opt_in",
        "campaign_ids",
    }
)


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def _disclaimer_access(member: Member | None, form: Form, values: dict) -> None:
    """Choosing or changing a form's disclaimer needs the disclaimer section's access."""
    if member is None or "disclaimer_id" not in values:
        return
    if values["disclaimer_id"] != form.disclaimer_id:
        authorize(member, action_type=ActionType.DISCLAIMER_SECTION)


def _apply(form: Form, values: dict, *, publishing: bool = False) -> None:
    unknown = set(values) - EDITABLE_FIELDS
    if unknown:
        raise ValueError(f"not editable: {sorted(unknown)}")
    for key, value in values.items():
        setattr(form, key, value)
    form.name = (form.name or "").strip()
    if not form.name:
        raise _refused("name", messages.NAME_REQUIRED)
    if form.form_type != FormType.SURVEY or not (form.survey_path or "").strip():
        form.survey_path = None
    else:
        form.survey_path = form.survey_path.strip().strip("/")
    form.definition = form_check(
        form_id=form.pk,
        form_type=form.form_type,
        definition=form.definition,
        survey_path=form.survey_path,
        disclaimer_id=form.disclaimer_id,
        theme_id=form.theme_id,
        publishing=publishing,
    )
    if "campaign_ids" in values or publishing:
        form.campaign_ids = progressive_campaigns_check(form.campaign_ids)


def _save(form: Form) -> None:
    if form_name_taken(form.name, exclude=form.pk):
        raise _refused("name", messages.NAME_TAKEN)
    try:
        with transaction.atomic():
            form.save()
    except IntegrityError as exc:  # a concurrent save of the same name or survey path
        if form_name_taken(form.name, exclude=form.pk):
            raise _refused("name", messages.NAME_TAKEN) from exc
        raise _refused("surveyPath", messages.SURVEY_PATH_UNIQUE) from exc


def form_lock_row(form_id: int) -> Form:
    """The form, locked for this transaction (a deleted one is not found)."""
    form = Form.objects.select_for_update().filter(pk=form_id, deleted_at__isnull=True).first()
    if form is None:
        raise NotFound(messages.FORM_NOT_FOUND)
    return form


def _editable_by(form: Form, member: Member | None) -> None:
    if form.locked and (member is None or member.user_id != form.created_by_id):
        raise PermissionDenied(messages.LOCKED)


def form_create(*, member: Member | None, values: dict) -> Form:
    """A new Draft (double opt-in on unless the values say otherwise), under the plan's
    Forms limit; a form given no definition starts with one section holding the email."""
    form = Form(
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
        definition=definition_default(),
    )
    _disclaimer_access(member, form, values)
    _apply(form, values)
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.FORMS)
        _save(form)
        audit_record(AuditEvent.FORM_CREATED, object_id=form.pk, label=form.name)
    return form_get(form_id=form.pk)


def form_save(*, member: Member | None, form_id: int, values: dict) -> Form:
    """The builder's save of the draft; a published form keeps serving its published
    version until it is published again."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        _editable_by(form, member)
        _disclaimer_access(member, form, values)
        changed = sorted(k for k, v in values.items() if getattr(form, k) != v)
        _apply(form, values)
        form.updated_at = timezone.now()
        _save(form)
        audit_record(
            AuditEvent.FORM_UPDATED, object_id=form.pk, label=form.name, extra={"fields": changed}
        )
    return form_get(form_id=form.pk)


def _copy_name(name: str) -> str:
    base = f"Copy of {name}"[:95]
    candidate, n = base, 1
    while form_name_taken(candidate):
        n += 1
        candidate = f"{base} ({n})"
    return candidate


def form_duplicate(*, member: Member | None, form_id: int) -> Form:
    """A Draft copy, named 'Copy of <name>', owned and unlocked by whoever copied it; a
    survey's copy has no URL path yet (paths are unique)."""
    source = form_get(form_id=form_id)
    copy = Form(
        name=_copy_name(source.name),
        form_type=source.form_type,
        definition=source.definition,
        theme_id=source.theme_id,
        disclaimer_id=source.disclaimer_id,
        double_opt_in=source.double_opt_in,
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
    )
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.FORMS)
        _save(copy)
        audit_record(
            AuditEvent.FORM_CREATED, object_id=copy.pk, label=copy.name, extra={"from": source.pk}
        )
    return form_get(form_id=copy.pk)


def form_delete(*, member: Member | None, form_id: int) -> None:
    """Gone from every list, its name and survey path free again; its submissions stay
    (they are consent records)."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        _editable_by(form, member)
        if form.status == FormStatus.PUBLISHED:
            raise _refused("status", messages.DELETE_PUBLISHED)
        form.deleted_at = form.updated_at = timezone.now()
        form.save(update_fields=["deleted_at", "updated_at"])
        audit_record(AuditEvent.FORM_DELETED, object_id=form.pk, label=form.name)


def _disclaimer_current(disclaimer_id: int | None) -> DisclaimerVersion | None:
    if disclaimer_id is None:
        return None
    return DisclaimerVersion.objects.filter(disclaimer_id=disclaimer_id).order_by("-number").first()


def form_publish(*, member: Member | None, form_id: int) -> Form:
    """Spec 4: the draft, checked in full, becomes the version the public page serves; a
    progressive form's campaigns are published with it (services/progressive.py)."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        _editable_by(form, member)
        _apply(form, {}, publishing=True)
        last = form.versions.aggregate(last=Max("number"))["last"] or 0
        version = FormVersion.objects.create(
            form=form,
            number=last + 1,
            definition=form.definition,
            theme_styles=form.theme.styles if form.theme else {},
            disclaimer_version=_disclaimer_current(form.disclaimer_id),
            double_opt_in=form.double_opt_in,
        )
        progressive_campaigns_start(form)
        form.published_version = version
        form.status = FormStatus.PUBLISHED
        form.published_at = form.updated_at = timezone.now()
        form.save()
        audit_record(
            AuditEvent.FORM_PUBLISHED,
            object_id=form.pk,
            label=form.name,
            extra={"version": version.number},
        )
    return form_get(form_id=form.pk)


def form_unpublish(*, member: Member | None, form_id: int) -> Form:
    """Spec 4: an unpublished form captures no submissions (its page answers 404), and a
    progressive form's campaigns are unpublished with it; submissions
    already stored are still processed."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        _editable_by(form, member)
        if form.status != FormStatus.PUBLISHED:
            raise _refused("status", messages.NOT_PUBLISHED)
        progressive_campaigns_stop(form)
        form.status = FormStatus.UNPUBLISHED
        form.updated_at = timezone.now()
        form.save(update_fields=["status", "updated_at"])
        audit_record(AuditEvent.FORM_UNPUBLISHED, object_id=form.pk, label=form.name)
    return form_get(form_id=form.pk)


def form_lock_set(*, member: Member, form_id: int, locked: bool) -> Form:
    """Spec 6: only the form's creator locks (or unlocks) it."""
    with transaction.atomic():
        form = form_lock_row(form_id)
        if member.user_id != form.created_by_id:
            raise PermissionDenied(messages.LOCK_NOT_CREATOR)
        form.locked = locked
        form.updated_at = timezone.now()
        form.save(update_fields=["locked", "updated_at"])
        event = AuditEvent.FORM_LOCKED if locked else AuditEvent.FORM_UNLOCKED
        audit_record(event, object_id=form.pk, label=form.name)
    return form_get(form_id=form.pk)
