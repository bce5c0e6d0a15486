"""`audit_record`: the one call every service makes to leave its row in the audit trail.

    from core.audit.models import AuditEvent
    from core.audit.record import audit_record

    with transaction.atomic():
        campaign.save()
        audit_record(AuditEvent.CAMPAIGN_SCHEDULED, object_id=campaign.pk, label=campaign.name)

- Call it inside the change's `transaction.atomic()` block: the row commits with the
  change and a rolled-back change leaves none.
- Who and how come from the audit context (core/audit/context.py) set by the request
  or the task; pass `actor_id`/`actor_email`/`path` only where the context cannot know them
  (a sign-in, before anyone is signed in; a worker finishing someone's import).
- A set-based change records one row for the whole operation: `count` (how many objects
  changed) and `ids` (which ones were asked for, the first IDS_CAP kept). A set-based
  change whose `count` is 0 changed nothing and records nothing.
- Rows live in the client's schema. `client=` writes into that client's schema whatever
  the connection is set to (a change to a client's access list made elsewhere); without a
  client, a call in the public schema (the operators' host) records nothing."""

from collections.abc import Iterable
from typing import Any

from django.db import connection
from django_tenants.utils import get_public_schema_name, schema_context

from core.audit.context import audit_context_current
from core.audit.models import AuditEvent, AuditLog

IDS_CAP = 100
LABEL_MAX = 255


def audit_record(
    event: AuditEvent,
    *,
    object_id: int | None = None,
    label: str = "",
    extra: dict[str, Any] | None = None,
    count: int | None = None,
    ids: Iterable[int] | None = None,
    actor_id: int | None = None,
    actor_email: str | None = None,
    path: str | None = None,
    client=None,
) -> AuditLog | None:
    """Record `event` done to an object (or, with `count`, to a set of objects) by the
    acting person. Returns the row, or None when there is nothing to record."""
    if count == 0:
        return None
    schema = client.schema_name if client is not None else connection.schema_name
    if schema == get_public_schema_name():
        return None
    context = audit_context_current()
    details = dict(extra or {})
    if count is not None:
        details["count"] = count
    if ids is not None:
        ids = list(ids)
        details["ids"] = ids[:IDS_CAP]
        if len(ids) > IDS_CAP:
            details["idsTruncated"] = True
    row = AuditLog(
        event_type=event,
        actor_id=context.actor_id if actor_id is None and actor_email is None else actor_id,
        actor_email=context.actor_email if actor_email is None else actor_email,
        path=path or context.path,
        client_address=context.client_address,
        user_agent=context.user_agent,
        object_type=AuditEvent(event).object_type,
        object_id=object_id,
        object_label=(label or "")[:LABEL_MAX],
        extra=details,
    )
    if schema == connection.schema_name:
        row.save(force_insert=True)
    else:
        with schema_context(schema):
            row.save(force_insert=True)
    return row
