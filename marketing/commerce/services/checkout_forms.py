"""Checkout and order forms: saving (name unique among live forms, any case; at least one
plan, spec 5.10, of the form's kind; groups and profile fields that exist), the lifecycle
of spec 3 and 4 (publish, unpublish, replicate: a copy in status Replicated, delete: the
status Delete, refused while published), and the switch of the whole feature (spec 1:
the client's subscriptionsEnabled flag)."""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from billing.selectors import plan_list
from core.errors import Conflict, NotFound, ValidationFailed, invalid_field
from marketing.audience.selectors.fields import form_field_list
from marketing.audience.selectors.groups import group_names
from marketing.commerce import messages
from marketing.commerce.models import CheckoutForm, CheckoutKind, CheckoutStatus

EDITABLE = (
    "name",
    "layout",
    "title",
    "description",
    "field_keys",
    "group_ids",
    "gift_enabled",
    "collect_address",
    "button_label",
    "success_message",
)


def commerce_enabled_check() -> None:
    """Spec 1: subscription and checkout features exist only where the flag is on (404:
    they are not there, whoever asks; a role's refusal stays the gate's 403)."""
    if not getattr(connection.tenant, "subscriptions_enabled", False):
        raise NotFound(messages.SUBSCRIPTIONS_OFF)


def checkout_form_get(*, form_id: int) -> CheckoutForm:
    form = CheckoutForm.objects.exclude(status=CheckoutStatus.DELETE).filter(pk=form_id).first()
    if form is None:
        raise NotFound(messages.FORM_NOT_FOUND)
    return form


def _plans_check(kind: str, plan_ids: list[int]) -> list:
    if not plan_ids:
        raise invalid_field("planIds", messages.PLAN_REQUIRED)
    plans = plan_list(ids=plan_ids)
    if len(plans) != len(set(plan_ids)):
        raise invalid_field("planIds", messages.PLAN_UNKNOWN)
    for plan in plans:
        if kind == CheckoutKind.SUBSCRIPTION and not plan.recurring:
            raise invalid_field("planIds", messages.PLAN_KIND_SUBSCRIPTION)
        if kind == CheckoutKind.ORDER and plan.recurring:
            raise invalid_field("planIds", messages.PLAN_KIND_ORDER)
    return plans


def _values_check(values: dict) -> dict:
    if "name" in values:
        values["name"] = (values["name"] or "").strip()
        if not values["name"]:
            raise invalid_field("name", messages.NAME_REQUIRED)
    if "group_ids" in values:
        ids = list(dict.fromkeys(values["group_ids"]))
        if not ids:
            raise invalid_field("groupIds", messages.GROUP_REQUIRED)
        if len(group_names(ids)) != len(ids):
            raise invalid_field("groupIds", messages.GROUP_UNKNOWN)
        values["group_ids"] = ids
    if "field_keys" in values:
        known = {f.key for f in form_field_list()} - {"email"}
        keys = list(dict.fromkeys(values["field_keys"]))
        if any(key not in known for key in keys):
            raise invalid_field("fieldKeys", messages.FIELD_UNKNOWN)
        values["field_keys"] = keys
    return values


def _save(form: CheckoutForm, values: dict, plan_ids: list[int] | None) -> CheckoutForm:
    for key, value in values.items():
        setattr(form, key, value)
    form.updated_at = timezone.now()
    try:
        with transaction.atomic():
            form.save()
            if plan_ids is not None:
                form.plans.set(_plans_check(form.kind, plan_ids))
    except IntegrityError:
        raise invalid_field("name", messages.NAME_TAKEN) from None
    return form


def checkout_form_create(*, member, kind: str, values: dict, plan_ids: list[int]) -> CheckoutForm:
    values = _values_check({"group_ids": [], **values})
    _plans_check(kind, plan_ids)
    form = CheckoutForm(
        kind=kind,
        created_by_id=member.user_id,
        created_by_email=member.email,
    )
    return _save(form, {k: v for k, v in values.items() if k in EDITABLE}, plan_ids)


def checkout_form_save(*, form_id: int, values: dict, plan_ids: list[int] | None) -> CheckoutForm:
    """A save of a published form takes effect on its page at once (the page reads the
    form as it is)."""
    form = checkout_form_get(form_id=form_id)
    values = _values_check({k: v for k, v in values.items() if k in EDITABLE})
    return _save(form, values, plan_ids)


def checkout_form_publish(*, form_id: int) -> CheckoutForm:
    form = checkout_form_get(form_id=form_id)
    if form.status == CheckoutStatus.PUBLISHED:
        raise Conflict(messages.ALREADY_PUBLISHED)
    if not form.plans.exists():
        raise ValidationFailed(messages.PLAN_REQUIRED, errors={"planIds": [messages.PLAN_REQUIRED]})
    if not form.group_ids:
        raise invalid_field("groupIds", messages.GROUP_REQUIRED)
    form.status, form.published_at = CheckoutStatus.PUBLISHED, timezone.now()
    form.save(update_fields=["status", "published_at"])
    return form


def checkout_form_unpublish(*, form_id: int) -> CheckoutForm:
    """Spec 4: an unpublished form captures no subscription or order."""
    form = checkout_form_get(form_id=form_id)
    if form.status != CheckoutStatus.PUBLISHED:
        raise Conflict(messages.NOT_PUBLISHED)
    form.status = CheckoutStatus.UNPUBLISHED
    form.save(update_fields=["status"])
    return form


def _copy_name(name: str) -> str:
    taken = {
        n.lower()
        for n in CheckoutForm.objects.exclude(status=CheckoutStatus.DELETE)
        .filter(name__istartswith=name)
        .values_list("name", flat=True)
    }
    number = 1
    while f"{name} copy {number}".lower() in taken:
        number += 1
    return f"{name} copy {number}"[:100]


def checkout_form_replicate(*, member, form_id: int) -> CheckoutForm:
    """A copy of the form, status Replicated, with its plans, fields and settings."""
    source = checkout_form_get(form_id=form_id)
    values = {key: getattr(source, key) for key in EDITABLE}
    values["name"] = _copy_name(source.name)
    with transaction.atomic():
        copy = CheckoutForm.objects.create(
            kind=source.kind,
            status=CheckoutStatus.REPLICATED,
            replicated_from=source,
            created_by_id=member.user_id,
            created_by_email=member.email,
            **values,
        )
        copy.plans.set(source.plans.all())
    return copy


def checkout_form_delete(*, form_id: int) -> None:
    form = checkout_form_get(form_id=form_id)
    if form.status == CheckoutStatus.PUBLISHED:
        raise Conflict(messages.DELETE_PUBLISHED)
    form.status, form.updated_at = CheckoutStatus.DELETE, timezone.now()
    form.save(update_fields=["status", "updated_at"])
