"""Summary notifications: create, change, pause and delete their schedules.

Each is a workflow (trigger type summaryNotification, Default tab) with its schedule in a
SummaryNotification row; the workflow's draft definition carries the same schedule as its
trigger's details so that the workflow screens can show it. Active means Published;
paused, Unpublished; deleted, the workflow's Delete status (its sent digests stay in the
history). Saving computes the next due time in the client's zone."""

from __future__ import annotations

from datetime import datetime, time
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction
from django.db.models.functions import Lower
from django.utils import timezone

from core.errors import NotFound, ValidationFailed
from core.messages import INVALID_EMAIL, INVALID_REQUEST
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.workflows import messages as workflow_messages
from marketing.workflows.models import TriggerType, Workflow, WorkflowStatus, WorkflowTab
from marketing.workflows.summary import messages
from marketing.workflows.summary.models import MonthDayMode, SummaryNotification
from marketing.workflows.summary.schedule import (
    CUSTOMISED_DAYS,
    FREQUENCIES,
    MONTH,
    MONTH_DAYS,
    PERIODS,
    WEEK,
    WEEKDAYS,
    Schedule,
    next_due,
)


def notification_schedule(notification: SummaryNotification) -> Schedule:
    return Schedule(
        frequency=notification.frequency,
        send_time=notification.send_time,
        weekdays=tuple(notification.weekdays),
        month_days=tuple(notification.month_days),
    )


def _recipients(value: list[str] | str, errors: dict[str, list[str]]) -> list[str]:
    if isinstance(value, str):
        value = value.replace(";", ",").replace(" ", ",").split(",")
    found: list[str] = []
    for text in value:
        if not text.strip():
            continue
        try:
            email = email_normalise(text)
        except InvalidEmail:
            errors["recipients"] = [INVALID_EMAIL]
            return []
        if email not in found:
            found.append(email)
    limit = settings.SUMMARY_NOTIFICATION_MAX_RECIPIENTS
    if not found:
        errors["recipients"] = [messages.RECIPIENTS_REQUIRED]
    elif len(found) > limit:
        errors["recipients"] = [messages.RECIPIENTS_LIMIT.format(limit=limit)]
    return found


def _days(data: dict, errors: dict[str, list[str]]) -> tuple[list[int], str, list[int]]:
    """(weekdays, month day mode, month days) as the frequency needs them."""
    frequency = data["frequency"]
    weekdays = sorted(set(data.get("weekdays") or []))
    mode = data.get("monthDayMode") or MonthDayMode.MONTH_DAYS
    month_days = sorted(set(data.get("monthDays") or []))
    if frequency == WEEK:
        if not weekdays:
            errors["weekdays"] = [messages.WEEKDAYS_REQUIRED]
        elif any(day not in WEEKDAYS for day in weekdays):
            errors["weekdays"] = [messages.WEEKDAYS_RANGE]
        return weekdays, MonthDayMode.MONTH_DAYS, []
    if frequency == MONTH:
        allowed = CUSTOMISED_DAYS if mode == MonthDayMode.CUSTOMISED else MONTH_DAYS
        if mode not in MonthDayMode.values:
            errors["monthDayMode"] = [INVALID_REQUEST]
        elif not month_days:
            errors["monthDays"] = [messages.MONTH_DAYS_REQUIRED]
        elif any(day not in allowed for day in month_days):
            errors["monthDays"] = [
                messages.CUSTOMISED_DAYS_CHOICES
                if mode == MonthDayMode.CUSTOMISED
                else messages.MONTH_DAYS_RANGE
            ]
        return [], mode, month_days
    return [], MonthDayMode.MONTH_DAYS, []


def _checked(data: dict, *, workflow_id: int | None) -> dict:
    """The fields to store, or a 400 naming every wrong field in the messages' words."""
    errors: dict[str, list[str]] = {}
    name = (data.get("name") or "").strip()
    description = (data.get("description") or "").strip()
    if not name:
        errors["name"] = [workflow_messages.NAME_REQUIRED]
    else:
        taken = Workflow.objects.annotate(lower=Lower("name")).filter(lower=name.lower())
        taken = taken.exclude(status=WorkflowStatus.DELETE)
        if workflow_id is not None:
            taken = taken.exclude(pk=workflow_id)
        if taken.exists():
            errors["name"] = [workflow_messages.NAME_TAKEN]
    if not description:
        errors["description"] = [workflow_messages.DESCRIPTION_REQUIRED]
    if data.get("frequency") not in FREQUENCIES:
        errors["frequency"] = [messages.FREQUENCY_REQUIRED]
        weekdays, mode, month_days = [], MonthDayMode.MONTH_DAYS, []
    else:
        weekdays, mode, month_days = _days(data, errors)
    if data.get("period") not in PERIODS:
        errors["period"] = [messages.PERIOD_REQUIRED]
    recipients = _recipients(data.get("recipients") or [], errors)
    if errors:
        raise ValidationFailed(INVALID_REQUEST, errors=errors)
    send_time = data.get("sendTime") or time(9, 0)  # spec 9: 9 AM by default
    return dict(
        name=name,
        description=description,
        frequency=data["frequency"],
        weekdays=weekdays,
        month_day_mode=mode,
        month_days=month_days,
        send_time=send_time.replace(second=0, microsecond=0, tzinfo=None),
        period=data["period"],
        recipients=recipients,
        active=bool(data.get("active", True)),
    )


def _definition(fields: dict) -> dict:
    return {
        "trigger": {
            "id": "trigger",
            "kind": TriggerType.SUMMARY_NOTIFICATION,
            "frequency": fields["frequency"],
            "weekdays": fields["weekdays"],
            "monthDayMode": fields["month_day_mode"],
            "monthDays": fields["month_days"],
            "sendTime": fields["send_time"].strftime("%H:%M"),
            "period": fields["period"],
            "recipients": fields["recipients"],
        },
        "steps": [],
        "start": None,
    }


def _next_due(notification: SummaryNotification, now: datetime) -> datetime | None:
    if not notification.active:
        return None
    zone = ZoneInfo(connection.tenant.time_zone)
    return next_due(notification_schedule(notification), now, zone)


def summary_create(data: dict, *, user_id: int | None) -> SummaryNotification:
    fields = _checked(data, workflow_id=None)
    with transaction.atomic():
        workflow = Workflow.objects.create(
            name=fields.pop("name"),
            description=fields.pop("description"),
            tab=WorkflowTab.DEFAULT,
            trigger_type=TriggerType.SUMMARY_NOTIFICATION,
            status=WorkflowStatus.PUBLISHED if fields["active"] else WorkflowStatus.UNPUBLISHED,
            draft_definition=_definition(fields),
            created_by_id=user_id,
            published_at=timezone.now() if fields["active"] else None,
        )
        notification = SummaryNotification(workflow=workflow, **fields)
        notification.next_due_at = _next_due(notification, timezone.now())
        notification.save()
    return notification


def summary_get(notification_id: int, *, for_update: bool = False) -> SummaryNotification:
    found = SummaryNotification.objects.select_related("workflow").exclude(
        workflow__status=WorkflowStatus.DELETE
    )
    if for_update:
        found = found.select_for_update(of=("self",))
    notification = found.filter(pk=notification_id).first()
    if notification is None:
        raise NotFound(messages.SUMMARY_NOT_FOUND)
    return notification


def summary_update(notification_id: int, data: dict) -> SummaryNotification:
    with transaction.atomic():
        notification = summary_get(notification_id, for_update=True)
        workflow = notification.workflow
        fields = _checked(data, workflow_id=workflow.pk)
        workflow.name = fields.pop("name")
        workflow.description = fields.pop("description")
        workflow.draft_definition = _definition(fields)
        was_active = notification.active
        workflow.status = (
            WorkflowStatus.PUBLISHED if fields["active"] else WorkflowStatus.UNPUBLISHED
        )
        if fields["active"] and not was_active:
            workflow.published_at = timezone.now()
        workflow.save()
        for name, value in fields.items():
            setattr(notification, name, value)
        notification.next_due_at = _next_due(notification, timezone.now())
        notification.save()
    return notification


def summary_delete(notification_id: int) -> None:
    with transaction.atomic():
        notification = summary_get(notification_id, for_update=True)
        notification.active = False
        notification.next_due_at = None
        notification.save(update_fields=["active", "next_due_at", "updated_at"])
        workflow = notification.workflow
        workflow.status = WorkflowStatus.DELETE
        workflow.save(update_fields=["status", "updated_at"])
