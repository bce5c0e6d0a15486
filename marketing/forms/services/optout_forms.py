"""Opt-out forms (/OptoutForms, /OptoutForm/:formId; spec 5.4, 5.5): what a message's
unsubscribe link shows. Name, heading, unsubscribe button text, category and at least one
group of that category are required; names are unique whatever their case; reasons are
a list of distinct texts; the thank-you text is HTML cleaned by the one cleaner. One form
is the default (the one the link shows): making another the default moves the mark in
one transaction, so there is always exactly one, and a default form is never deleted."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.messages import DEFAULT_FORM_UNDELETABLE
from core.untrusted_html import html_clean
from marketing.audience.selectors.groups import group_category_list, group_list
from marketing.forms import messages
from marketing.forms.models import OptOutForm
from marketing.forms.selectors import optout_form_get, optout_form_name_taken, theme_get

TEXTS = ("name", "heading", "intro", "button_text")


def _refused(errors: dict[str, str]) -> ValidationFailed:
    first = next(iter(errors.values()))
    return ValidationFailed(first, errors={k: [v] for k, v in errors.items()})


def _reasons(reasons: list[str], errors: dict[str, str]) -> list[str]:
    cleaned = [reason.strip() for reason in reasons if reason.strip()]
    if not cleaned:
        errors["reasons"] = messages.OPTOUT_REASON_REQUIRED
    elif len({reason.lower() for reason in cleaned}) != len(cleaned):
        errors["reasons"] = messages.OPTOUT_REASON_TWICE
    return cleaned


def _check(form: OptOutForm, group_ids: list[int]) -> None:
    """Spec 5.5's required parts, all at once (the builder marks every field)."""
    errors: dict[str, str] = {}
    if not form.name:
        errors["name"] = messages.OPTOUT_NAME_REQUIRED
    elif optout_form_name_taken(form.name, exclude=form.pk):
        errors["name"] = messages.OPTOUT_NAME_TAKEN
    if not form.heading:
        errors["heading"] = messages.OPTOUT_HEADING_REQUIRED
    if not form.button_text:
        errors["buttonText"] = messages.OPTOUT_BUTTON_REQUIRED
    form.reasons = _reasons(form.reasons, errors)
    if form.category_id is None:
        errors["categoryId"] = messages.OPTOUT_CATEGORY_REQUIRED
    elif not group_category_list().filter(pk=form.category_id).exists():
        errors["categoryId"] = messages.OPTOUT_CATEGORY_UNKNOWN
    if not group_ids:
        errors["groupIds"] = messages.OPTOUT_GROUP_REQUIRED
    elif form.category_id is not None and "categoryId" not in errors:
        found = group_list(category_id=form.category_id).filter(pk__in=group_ids).count()
        if found != len(set(group_ids)):
            errors["groupIds"] = messages.OPTOUT_GROUP_NOT_IN_CATEGORY
    if form.theme_id is not None:
        theme_get(theme_id=form.theme_id)  # 404 'Theme not found' (spec 8)
    if errors:
        raise _refused(errors)


def _save(form: OptOutForm, values: dict) -> OptOutForm:
    group_ids = values.pop("group_ids", None)
    for name, value in values.items():
        if name == "thank_you_html":
            value = html_clean(value or "")
        elif name in TEXTS:
            value = (value or "").strip()
        setattr(form, name, value)
    if group_ids is None:
        group_ids = list(form.groups.values_list("pk", flat=True)) if form.pk else []
    group_ids = list(dict.fromkeys(group_ids))
    _check(form, group_ids)
    form.updated_at = timezone.now()
    try:
        with transaction.atomic():
            form.save()
            form.groups.set(group_ids)
    except IntegrityError as exc:
        raise _refused({"name": messages.OPTOUT_NAME_TAKEN}) from exc
    audit_record(AuditEvent.OPT_OUT_FORM_SAVED, object_id=form.pk, label=form.name)
    return optout_form_get(form_id=form.pk)


def optout_form_create(*, values: dict) -> OptOutForm:
    """`values` under the model's names, plus `group_ids`; a new form is never the default."""
    with transaction.atomic():
        return _save(OptOutForm(), {k: v for k, v in values.items() if k != "is_default"})


def optout_form_update(*, form_id: int, values: dict) -> OptOutForm:
    with transaction.atomic():
        form = optout_form_get(form_id=form_id)
        return _save(form, {k: v for k, v in values.items() if k != "is_default"})


def optout_form_default_set(*, form_id: int) -> OptOutForm:
    """The unsubscribe link shows this form from now on; the old default stays as a form."""
    with transaction.atomic():
        form = optout_form_get(form_id=form_id)
        if not form.is_default:
            # the current default's row locked: two moves at once queue up
            list(OptOutForm.objects.select_for_update().filter(is_default=True))
            OptOutForm.objects.filter(is_default=True).update(is_default=False)
            form.is_default = True
            form.updated_at = timezone.now()
            form.save(update_fields=["is_default", "updated_at"])
            audit_record(AuditEvent.OPT_OUT_FORM_DEFAULT, object_id=form.pk, label=form.name)
        return optout_form_get(form_id=form.pk)


def optout_form_delete(*, form_id: int) -> None:
    """Spec 5.5: 'Default forms cannot be deleted.' (a default one must remain)."""
    with transaction.atomic():
        form = optout_form_get(form_id=form_id)
        if form.is_default:
            raise _refused({"id": DEFAULT_FORM_UNDELETABLE})
        audit_record(AuditEvent.OPT_OUT_FORM_DELETED, object_id=form.pk, label=form.name)
        form.delete()
