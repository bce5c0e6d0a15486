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

from django.db import transaction
from django.utils import timezone

from core.errors import ValidationFailed, invalid_field
from core.sealing import seal, unseal
from marketing.audience.services.domains import domain_normalize
from marketing.delivery.esp import ESPS
from marketing.delivery.messages import TRANSPORT_FIELD_MISSING, TRANSPORT_KIND_INVALID
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
    return TransportSaved(row, secret)


def transport_delete(*, sender_domain: str = "") -> bool:
    """Back to the default (the client's default row, or the SMTP relay)."""
    deleted, _ = SendingTransport.objects.filter(sender_domain=sender_domain.lower()).delete()
    return bool(deleted)


def webhook_credentials(kind: str) -> list[tuple[str, dict]]:
    """(basic auth user:password, credentials) of each of the client's rows for this ESP:
    what its webhook calls must prove (webhooks.py)."""
    found = []
    for row in SendingTransport.objects.filter(kind=kind):
        secret = unseal(row.webhook_secret)
        if secret:
            found.append((secret, json.loads(unseal(row.credentials) or "{}")))
    return found
