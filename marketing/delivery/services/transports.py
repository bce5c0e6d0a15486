"""Setting how a client's mail leaves (models.SendingTransport, transport.py, esp.py).

`transport_set` stores the choice for a sender domain ("" for the client's default): the
platform's SMTP relay, or an ESP account whose credentials are checked for completeness
and sealed (core.sealing). An ESP row gets a webhook password of ours (random, shown once
in the answer), which the client puts in the ESP's webhook URL
(`https://mailcraft:<password>@<client host>/esp/<esp>/tracking/`): the webhook refuses any
call without it (webhooks.py)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed, invalid_field
from core.sealing import seal, unseal
from marketing.audience.services.domains import domain_normalize
from marketing.delivery.esp import ESPS
from marketing.delivery.messages import (
    TRANSPORT_FIELD_MISSING,
    TRANSPORT_KIND_INVALID,
    TRANSPORT_NOT_FOUND,
)
from marketing.delivery.models import SendingTransport, TransportKind

WEBHOOK_USER = "mailcraft"


@dataclass(frozen=True)
class TransportSaved:
    transport: SendingTransport
    webhook_secret: str  # user:password for the ESP's webhook URL; "" for SMTP


def transport_set(
    *, kind: str, credentials: dict[str, str] | None = None, sender_domain: str = ""
) -> TransportSaved:
    if kind not in TransportKind.values:
        raise invalid_field("kind", TRANSPORT_KIND_INVALID)
    domain = ""
    if sender_domain.strip():
        try:
            domain = domain_normalize(sender_domain)  # spec 5.1's rule for domain names
        except ValidationFailed as refusal:
            raise invalid_field("senderDomain", refusal.message) from None
    credentials = {k: str(v).strip() for k, v in (credentials or {}).items() if v}
    spec = ESPS.get(kind)
    if spec is not None:
        wrong = spec.credentials_check(credentials)
        if wrong:
            raise invalid_field(wrong, TRANSPORT_FIELD_MISSING)
        credentials = {k: v for k, v in credentials.items() if k in spec.fields + spec.optional}
    else:
        credentials = {}
    with transaction.atomic():
        row = SendingTransport.objects.select_for_update().filter(sender_domain=domain).first()
        secret = ""
        if spec is not None:
            kept = unseal(row.webhook_secret) if row and row.kind == kind else ""
            secret = kept or f"{WEBHOOK_USER}:{secrets.token_urlsafe(24)}"
        values = dict(
            kind=kind,
            credentials=seal(json.dumps(credentials)) if credentials else "",
            webhook_secret=seal(secret),
            updated_at=timezone.now(),
        )
        if row is None:
            row = SendingTransport.objects.create(sender_domain=domain, **values)
        else:
            for name, value in values.items():
                setattr(row, name, value)
            row.save()
        audit_record(
            AuditEvent.SENDING_TRANSPORT_SET,
            object_id=row.pk,
            label=domain or TransportKind(kind).label,
            extra={"kind": kind, "senderDomain": domain},  # never a credential
        )
    return TransportSaved(row, secret)


def transport_delete(*, sender_domain: str = "") -> bool:
    """Back to the default (the client's default row, or the SMTP relay)."""
    row = SendingTransport.objects.filter(sender_domain=sender_domain.strip().lower()).first()
    if row is None:
        return False
    transport_delete_by_id(transport_id=row.pk)
    return True


def transport_delete_by_id(*, transport_id: int) -> None:
    with transaction.atomic():
        row = SendingTransport.objects.select_for_update().filter(pk=transport_id).first()
        if row is None:
            raise NotFound(TRANSPORT_NOT_FOUND)
        row.delete()
        audit_record(
            AuditEvent.SENDING_TRANSPORT_DELETED,
            object_id=transport_id,
            label=row.sender_domain or TransportKind(row.kind).label,
        )


TRANSPORT_ORDER = {"senderDomain": "sender_domain", "kind": "kind", "updatedAt": "updated_at"}


def transports_list(*, search: str = "", sort: str = "senderDomain") -> QuerySet[SendingTransport]:
    """The client's transports whose sender domain holds `search` (any case), in the
    order `sort` names (a field of TRANSPORT_ORDER, "-" first for descending), then by id."""
    field = TRANSPORT_ORDER[sort.lstrip("-")]
    rows = SendingTransport.objects.all()
    if search.strip():
        rows = rows.filter(sender_domain__icontains=search.strip())
    prefix = "-" if sort.startswith("-") else ""
    return rows.order_by(f"{prefix}{field}", f"{prefix}id")


def credential_names(row: SendingTransport) -> list[str]:
    """Which credentials the row holds (never their values)."""
    return sorted(json.loads(unseal(row.credentials) or "{}"))


def webhook_url(row: SendingTransport, secret: str = "") -> str:
    """Where the ESP posts its tracking events, on the client's own host ("" for SMTP);
    with `secret`, the URL to give the ESP (user:password in it)."""
    if row.kind not in ESPS:
        return ""
    host = connection.tenant.get_primary_domain().domain
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    auth = f"{secret}@" if secret else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{auth}{host}{port}/esp/{row.kind}/tracking/"


def webhook_credentials(kind: str) -> list[tuple[str, dict]]:
    """(basic auth user:password, credentials) of each of the client's rows for this ESP:
    what its webhook calls must prove (webhooks.py)."""
    found = []
    for row in SendingTransport.objects.filter(kind=kind):
        secret = unseal(row.webhook_secret)
        if secret:
            found.append((secret, json.loads(unseal(row.credentials) or "{}")))
    return found
