"""A visitor's submission, from the public form to the profile (docs/flows/form-submission.md).

The rule: a submission is never lost. `submission_store` writes the row and commits before
the visitor gets an answer; processing happens after, by the client's drain (the task
`forms.submissions_drain`, woken once the row is committed: one task takes every row
that came meanwhile), and by beat's sweep for rows no task processed (the broker was
down, the task was lost, the row failed and waits its back-off). Processing is
idempotent: it runs under the row's lock and `processed_at` is set in the same
transaction as its effects, so a redelivered task or a sweep racing the drain does
nothing twice. A row that keeps failing is set aside
after FORM_SUBMISSION_MAX_ATTEMPTS (counted in the form's submission counts).

Double opt-in (the default): processing sends the confirmation email (the transactional
lane, at most FORM_CONFIRMATIONS_HOURLY_PER_ADDRESS per inbox per hour whoever asks); the
profile is written only when the person confirms (POST of the signed link: `submission_
confirm`), so an address someone else typed joins nothing. Single opt-in: processing
writes the profile at once. Writing the profile: upserted by its address (a new one with
source `conversion`, spec 3's label for a form conversion), its typed values, the form's
groups and tags plus those ticked; the submission row keeps the consent (time, address,
the form version and its disclaimer version); then the workflow events (form submitted,
and opted in for a confirmation)."""

from __future__ import annotations

import hashlib
import html
import logging
import time
from collections.abc import Collection
from datetime import timedelta
from types import SimpleNamespace

from django.conf import settings
from django.db import connection, transaction
from django.db.models import DateTimeField, ExpressionWrapper, F, Q, Value
from django.utils import timezone
from django_tenants.utils import get_tenant_model
from redis import RedisError

from core.errors import PermissionDenied, ServiceError, ValidationFailed
from core.hourly_limits import LimitReached, Window, windows_take
from core.messages import INVALID_EMAIL
from core.pages import pages_url
from core.redis_store import key_prefix, redis_connection
from core.tasks import TRANSIENT_ERRORS, task_send
from marketing.audience.selectors.fields import FormFieldChoice, form_field_list
from marketing.audience.selectors.groups import group_names
from marketing.audience.selectors.profiles import profile_by_email
from marketing.audience.selectors.tags import tag_names
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.audience.services.field_values import API_MESSAGES, ValueRefused
from marketing.audience.services.field_values import custom_value_parse as _custom_parse
from marketing.audience.services.profiles import (
    profile_create,
    profile_update,
    profiles_group_add,
    profiles_tag_add,
)
from marketing.delivery.services.transactional import addresses_send
from marketing.forms import messages
from marketing.forms.definition import FormDefinition, definition_read
from marketing.forms.models import FormSubmission, FormVersion
from marketing.forms.task_declarations import SUBMISSIONS_DRAIN
from marketing.forms.tokens import BadToken, confirm_token, confirm_token_read
from marketing.workflows.services.workflow_events import form_submitted, opted_in

logger = logging.getLogger(__name__)

UTM_KEYS = ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")
CONFIRM_PATH = "/pf/confirm/"
CONVERSION_SOURCE = "conversion"  # spec 3's profile source label of a form conversion
DRAIN_SECONDS = 20  # one drain's run; rows left then: it sends itself again
DRAIN_MARK_SECONDS = 30  # the longest a drain lost on its way keeps others from being sent


class Values:
    """What a visitor sent for one version, checked: the address, the profile's values
    (standard by column, custom by key), the groups and tags ticked, and the payload kept
    on the row (field key -> value as typed after checking)."""

    def __init__(self) -> None:
        self.email = ""
        self.details: dict[str, str] = {}
        self.custom: dict = {}
        self.group_ids: list[int] = []
        self.tag_ids: list[int] = []
        self.payload: dict = {}


def fields_by_key(keys: Collection[str] | None = None) -> dict[str, FormFieldChoice]:
    """The registry's fields by key; with `keys`, only those (the database is read only
    for the custom fields named)."""
    return {field.key: field for field in form_field_list(keys)}


def _custom_value(field: FormFieldChoice, value, separator: str):
    """A custom field's value by the one value rule (audience's field_values), which reads
    a field's type and options."""
    described = SimpleNamespace(field_type=field.type, options=list(field.options))
    return _custom_parse(described, value, separator=separator or None)


def submission_values(version: FormVersion, data) -> Values:
    """The visitor's values (`data`: a QueryDict or a dict of lists), checked against the
    version's fields; ValidationFailed with one message per field key, in the form
    helper's words (spec 5.1: 'Please fill {field} ')."""
    definition: FormDefinition = definition_read(version.definition)
    asked = definition.fields()
    registry = fields_by_key({field.key for field in [*asked, *definition.hidden]})
    values = Values()
    errors: dict[str, list[str]] = {}

    def listed(name: str) -> list[str]:
        got = data.getlist(name) if hasattr(data, "getlist") else data.get(name, [])
        return [str(v) for v in (got if isinstance(got, list) else [got])]

    for field in asked:
        known = registry.get(field.key)
        raw = [v for v in listed(field.key) if v.strip()]
        label = field.label or (known.label if known else field.key)
        if not raw:
            if field.required:
                errors[field.key] = [messages.FILL.format(field=label)]
            continue
        if known is None:
            continue
        if field.type == "email":
            try:
                values.email = email_normalise(raw[0])
            except InvalidEmail:
                errors[field.key] = [INVALID_EMAIL]
                continue
            values.payload[field.key] = values.email
        elif not field.key.startswith("custom."):
            text = raw[0].strip()
            if known.max_length and len(text) > known.max_length:
                errors[field.key] = [messages.TEXT_TOO_LONG.format(limit=known.max_length)]
                continue
            values.details[known.column] = values.payload[field.key] = text
        else:
            given = raw if field.type == "checkbox" else raw[0]
            try:
                typed = _custom_value(known, given, field.separator)
            except ValueRefused as exc:
                errors[field.key] = [API_MESSAGES[exc.reason]]
                continue
            values.custom[field.key.removeprefix("custom.")] = values.payload[field.key] = typed
    for hidden in definition.hidden:
        known = registry.get(hidden.key)
        if known is None or not hidden.value:
            continue
        if hidden.key.startswith("custom."):
            try:
                typed = _custom_value(known, hidden.value, ",")
            except ValueRefused:
                continue
            values.custom[hidden.key.removeprefix("custom.")] = typed
        elif known.column != "email":
            values.details[known.column] = hidden.value[: known.max_length or None]
        values.payload[hidden.key] = hidden.value
    groups, tags = definition.groups, definition.tags
    chosen = {int(v) for v in listed("groups") if v.isdigit()} & set(groups.choices)
    values.group_ids = list(dict.fromkeys([*groups.fixed, *sorted(chosen)]))
    chosen = {int(v) for v in listed("tags") if v.isdigit()} & set(tags.choices)
    values.tag_ids = list(dict.fromkeys([*tags.fixed, *sorted(chosen)]))
    values.payload["groups"], values.payload["tags"] = values.group_ids, values.tag_ids
    if definition.utm:
        utm = {key: listed(key)[0][:200] for key in UTM_KEYS if listed(key) and listed(key)[0]}
        if utm:
            values.payload["utm"] = utm
    if version.disclaimer_version_id is not None:
        if "yes" not in listed("consent"):
            errors["consent"] = [messages.CONSENT_REQUIRED]
        values.payload["disclaimerVersion"] = version.disclaimer_version.number
    if not values.email and "email" not in errors:
        errors["email"] = [messages.FILL.format(field="Email")]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    return values


def _address_key(email: str) -> str:
    return hashlib.sha256(email.encode()).hexdigest()[:32]


def submit_allow(*, form_id: int, ip: str) -> None:
    """The submit endpoint's windows: per address of the internet across the client's
    forms, per form; LimitReached (429, Retry-After) when one is full."""
    schema = connection.schema_name
    windows = [
        Window(f"form-submit:{schema}:ip:{ip}", settings.FORM_SUBMITS_HOURLY_PER_IP),
        Window(f"form-submit:{schema}:form:{form_id}", settings.FORM_SUBMITS_HOURLY_PER_FORM),
    ]
    refused = windows_take(windows)
    if refused is not None:
        raise LimitReached(messages.TOO_MANY, retry_after=refused.retry_after)


def _confirmations_allow(email: str) -> None:
    """List-bombing: one inbox gets at most this many confirmations an hour, whichever
    client's forms ask."""
    window = Window(
        f"form-confirmation:to:{_address_key(email)}",
        settings.FORM_CONFIRMATIONS_HOURLY_PER_ADDRESS,
    )
    refused = windows_take([window])
    if refused is not None:
        raise LimitReached(messages.TOO_MANY, retry_after=refused.retry_after)


def submission_store(
    *,
    version: FormVersion,
    values: Values,
    ip: str,
    user_agent: str,
    source_page: str,
) -> FormSubmission:
    """The durable row, committed (the caller is in no transaction: the web request), then
    the client's drain woken. A broker that cannot take the task loses nothing: the sweep
    processes the row."""
    submission = FormSubmission.objects.create(
        form_id=version.form_id,
        version=version,
        email=values.email,
        payload=values.payload,
        ip=ip[:45],
        user_agent=user_agent[:255],
        source_page=source_page[:2000],
    )
    # At once in the web request (autocommit); after the commit inside a transaction.
    transaction.on_commit(submissions_drain_wake)
    return submission


def _drain_mark() -> str:
    return f"{key_prefix()}:forms:drain:{connection.schema_name}"


def submissions_drain_wake() -> bool:
    """Send the client's drain (`forms.submissions_drain`) unless one is waiting already;
    False when the broker did not take it.

    A mark in Redis says a drain is on its way; the drain clears it as it starts, before
    it looks for rows. So a row committed before its request found the mark is seen by
    that drain, and a busy form sends one task per drain, not one per submission. A
    publish that fails clears the mark again (the sweep takes the row); a drain lost some
    other way holds the mark DRAIN_MARK_SECONDS at most, the sweep's rows meanwhile."""
    try:
        if not redis_connection().set(_drain_mark(), 1, nx=True, ex=DRAIN_MARK_SECONDS):
            return True
    except RedisError:  # no mark to be had: send the drain anyway
        logger.warning("forms: the drain mark is unreachable")
    headers = {"_schema_name": connection.schema_name}
    try:
        task_send(SUBMISSIONS_DRAIN, {}, headers)
    except Exception:  # the broker is down: the sweep takes the rows later
        logger.warning("forms: submissions stored, the drain not sent")
        try:
            redis_connection().delete(_drain_mark())
        except RedisError:
            pass
        return False
    return True


def _client():
    """The current client (a periodic task's schema_context holds only its schema)."""
    tenant = connection.tenant
    if hasattr(tenant, "get_primary_domain"):
        return tenant
    return get_tenant_model().objects.get(schema_name=connection.schema_name)


def confirm_link(submission_id: int) -> str:
    """The double opt-in link, on the pages host (config/pages.py)."""
    token = confirm_token(submission_id=submission_id, schema=connection.schema_name)
    return pages_url(connection.schema_name, f"{CONFIRM_PATH}{token}")


def _escape(text: str) -> str:
    # '%' too: the sending pipeline reads <% ... %> as merge tags.
    return html.escape(text).replace("%", "&#37;")


# The confirmation's send is the transactional send of (submission id, this part).
CONFIRMATION_PART = "formConfirmation"


def _confirmation_send(submission: FormSubmission) -> None:
    definition = definition_read(submission.version.definition)
    _confirmations_allow(submission.email)
    form_name = definition.title or submission.form.name
    link = confirm_link(submission.pk)
    text = messages.CONFIRMATION_TEXT.format(form=form_name, link=link)
    body = (
        f"<html><body><p>{_escape(messages.CONFIRMATION_ASK.format(form=form_name))}</p>"
        f'<p><a href="{_escape(link)}">{_escape(messages.CONFIRM_TITLE)}</a></p>'
        f"<p>{_escape(messages.CONFIRMATION_IGNORE)}</p></body></html>"
    )
    addresses_send(  # one per submission, however often its processing is retried
        addresses=[submission.email],
        source_id=submission.pk,
        part=CONFIRMATION_PART,
        subject=definition.confirmation.subject,
        html=body,
        text=text,
        from_name=definition.confirmation.from_name or _client().name,
        from_address=settings.FORM_CONFIRMATION_FROM_ADDRESS,
    )
    submission.confirmation_sent_at = timezone.now()


def _values_of(submission: FormSubmission) -> tuple[dict, dict]:
    """The profile's values kept in the payload: standard by column, custom by key."""
    registry = fields_by_key(submission.payload.keys())
    details, custom = {}, {}
    for key, value in submission.payload.items():
        known = registry.get(key)
        if known is None or key == "email":
            continue
        if key.startswith("custom."):
            custom[key.removeprefix("custom.")] = value
        elif known.column:
            details[known.column] = value
    return details, custom


def _profile_write(submission: FormSubmission) -> int:
    """Upsert the profile of the submission's address; its id."""
    details, custom = _values_of(submission)
    group_ids = list(group_names(submission.payload.get("groups") or []))
    tag_ids = list(tag_names(submission.payload.get("tags") or []))
    profile = profile_by_email(submission.email)
    if profile is None:
        profile = profile_create(
            client=_client(),
            email=submission.email,
            group_ids=group_ids,
            tag_ids=tag_ids,
            custom=custom,
            source=CONVERSION_SOURCE,
            **details,
        )
        return profile.pk
    if profile.deleted_at is not None:
        raise ValidationFailed(messages.PROFILE_DELETED)
    if details or custom:
        try:
            profile_update(profile=profile, custom=custom or None, **details)
        except PermissionDenied:  # a CRM profile: its fields are the CRM's
            pass
    for group_id in group_ids:
        profiles_group_add(profile_ids=[profile.pk], group_id=group_id)
    for tag_id in tag_ids:
        profiles_tag_add(profile_ids=[profile.pk], tag_id=tag_id)
    return profile.pk


def _apply(submission: FormSubmission, *, ip: str, confirmed: bool) -> None:
    """The profile written, the consent kept on the row, the workflow events announced;
    in the caller's transaction."""
    profile_id = _profile_write(submission)
    submission.profile_id = profile_id
    submission.confirmed_at = timezone.now()
    submission.confirmed_ip = ip[:45]
    data = {k: v for k, v in submission.payload.items() if k not in ("groups", "tags")}
    form_submitted(submission.form_id, profile_id, data, submission_id=submission.pk)
    if confirmed:
        opted_in(profile_id, source=f"form:{submission.form_id}", confirmation_id=submission.pk)


def _reason(exc: Exception) -> str:
    """A refusal in its most precise words: a field's message before the answer's."""
    errors = getattr(exc, "errors", None)
    if errors:
        return next(iter(errors.values()))[0]
    return getattr(exc, "message", str(exc))


def _failed(submission: FormSubmission, reason: str) -> bool:
    """Count a failed attempt; True when the row is now set aside."""
    submission.attempts += 1
    submission.last_attempt_at = timezone.now()
    submission.failed_reason = reason[:500]
    if submission.attempts >= settings.FORM_SUBMISSION_MAX_ATTEMPTS:
        submission.set_aside_at = submission.last_attempt_at
        logger.error("form submission %s set aside: %s", submission.pk, reason)
    submission.save(update_fields=["attempts", "last_attempt_at", "failed_reason", "set_aside_at"])
    return submission.set_aside_at is not None


# What processing writes on the row (the payload, written once by the submit, is not
# written again).
PROCESSED_FIELDS = [
    "processed_at", "confirmation_sent_at", "failed_reason",
    "profile_id", "confirmed_at", "confirmed_ip",
]  # fmt: skip


def _rows_to_process(*, skip_locked: bool = False):
    """Submissions not yet processed nor set aside, each read under its row's lock."""
    return (
        FormSubmission.objects.select_for_update(of=("self",), skip_locked=skip_locked)
        .select_related("form", "version", "version__disclaimer_version")
        .filter(processed_at__isnull=True, set_aside_at__isnull=True)
    )


def submission_process(submission_id: int) -> str:
    """Process one stored submission, once: "done", "skipped" (processed already, set
    aside or gone), "limited" (the address had its confirmations this hour: processed,
    no email) or "failed" (counted; the sweep tries again). A transient error (database,
    broker) is counted and raised again for the task's retries."""
    return _process(_rows_to_process().filter(pk=submission_id))


def _process(rows) -> str:
    """submission_process for the first of `rows` (a locked read): "skipped" when none."""
    transient: Exception | None = None
    with transaction.atomic():
        submission = rows.first()
        if submission is None:
            return "skipped"
        outcome = "done"
        try:
            with transaction.atomic():
                if submission.version.double_opt_in:
                    _confirmation_send(submission)
                else:
                    _apply(submission, ip=submission.ip, confirmed=False)
        except LimitReached:
            outcome, submission.failed_reason = "limited", messages.TOO_MANY
        except TRANSIENT_ERRORS as exc:
            transient = exc
            _failed(submission, f"{type(exc).__name__}: {exc}")
        except (ServiceError, ValueError) as exc:
            _failed(submission, _reason(exc))
            return "failed"
        if transient is None:
            submission.processed_at = timezone.now()
            submission.save(update_fields=PROCESSED_FIELDS)
    if transient is not None:
        raise transient
    return outcome


def submissions_drain(*, seconds: float = DRAIN_SECONDS) -> tuple[int, bool]:
    """The client's new submissions (never tried: a failed one waits for the sweep's
    back-off), oldest first, each processed as submission_process does, until none is
    left or `seconds` are up: (how many were taken, whether rows are left). Drains running
    side by side share the rows (each skips those another holds)."""
    try:
        redis_connection().delete(_drain_mark())  # first: a row after this wakes another
    except RedisError:
        logger.warning("forms: the drain mark is unreachable")
    deadline = time.monotonic() + seconds
    oldest_first = _rows_to_process(skip_locked=True).filter(attempts=0).order_by("created_at")
    taken = 0
    while time.monotonic() < deadline:
        if _process(oldest_first) == "skipped":
            return taken, False
        taken += 1
    return taken, True


def submission_confirm(token: str, *, ip: str) -> str:
    """The POST of a confirmation link: "confirmed", "already" or "invalid" (a bad or
    expired token, or a submission that cannot be found). The GET changes nothing."""
    try:
        submission_id = confirm_token_read(token, schema=connection.schema_name)
    except BadToken:
        return "invalid"
    with transaction.atomic():
        submission = (
            FormSubmission.objects.select_for_update(of=("self",))
            .select_related("form", "version")
            .filter(pk=submission_id)
            .first()
        )
        if submission is None:
            return "invalid"
        if submission.confirmed_at is not None:
            return "already"
        _apply(submission, ip=ip, confirmed=True)
        submission.processed_at = submission.processed_at or timezone.now()
        submission.save()
    return "confirmed"


def confirm_token_valid(token: str) -> bool:
    try:
        confirm_token_read(token, schema=connection.schema_name)
    except BadToken:
        return False
    return True


# A row's next try after a failed attempt: this long times its attempts.
SWEEP_BACKOFF = timedelta(seconds=30)


def submissions_sweep(*, limit: int = 200) -> int:
    """Process the client's submissions that no task processed: older than
    FORM_SWEEP_AFTER_SECONDS, not set aside, their last failed attempt some time ago
    (SWEEP_BACKOFF times their attempts; chosen in the query, so rows still backing off
    never fill the batch ahead of newer ones). How many were taken."""
    now = timezone.now()
    due_again = ExpressionWrapper(
        Value(now) - F("attempts") * Value(SWEEP_BACKOFF), output_field=DateTimeField()
    )
    pending = (
        FormSubmission.objects.filter(
            processed_at__isnull=True,
            set_aside_at__isnull=True,
            created_at__lt=now - timedelta(seconds=settings.FORM_SWEEP_AFTER_SECONDS),
        )
        .filter(Q(last_attempt_at__isnull=True) | Q(last_attempt_at__lte=due_again))
        .order_by("created_at")
    )
    taken = 0
    for pk in pending.values_list("pk", flat=True)[:limit]:
        try:
            submission_process(pk)
        except TRANSIENT_ERRORS:
            logger.warning("form submission %s: processing failed again", pk)
        taken += 1
    return taken
