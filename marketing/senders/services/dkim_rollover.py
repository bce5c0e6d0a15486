"""DKIM key rollover from the domain screen (issue 22.5): replacing a domain's signing
keys without a moment in which mail goes out signed by a key receivers cannot find.

1. Start (`domain_dkim_rollover_start`, a verified domain only): new keys under new
   selectors are made (delivery's `dkim_keys_rollover_start`); the screen lists their TXT
   records beside the current ones, marked as new and not required, so the domain stays
   verified and keeps signing with the current keys meanwhile. Starting again while new
   keys wait changes nothing.
2. Activate (`domain_dkim_rollover_finish`): the new records are looked up in DNS; only
   when every one is right do the new keys start signing and the old ones get deleted (in
   one transaction). Otherwise nothing changes but the records' states, and the answer says
   the records were not found. The old records may then be removed from DNS once the mail
   signed with them has been read (a few days)."""

from __future__ import annotations

import secrets

from django.db import transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.delivery.selectors import dkim_keys_for
from marketing.delivery.services.dkim_keys import (
    dkim_keys_rollover_finish,
    dkim_keys_rollover_start,
)
from marketing.senders import messages
from marketing.senders.dns_records import RecordStatus, records_check
from marketing.senders.models import DomainStatus, SenderDomain
from marketing.senders.services.domains import domain_records


def domain_dkim_rollover_start(*, domain: SenderDomain) -> SenderDomain:
    """New DKIM keys for a verified domain, waiting to be published."""
    with transaction.atomic():
        domain = SenderDomain.objects.select_for_update().get(pk=domain.pk)
        if domain.status != DomainStatus.VERIFIED:
            message = messages.DKIM_ROLLOVER_NEEDS_VERIFIED
            raise ValidationFailed(message, errors={"status": [message]})
        if dkim_keys_for(domain.name, active=False):
            return domain
        keys = dkim_keys_rollover_start(domain=domain.name, tag=secrets.token_hex(3))
        audit_record(
            AuditEvent.SENDER_DOMAIN_DKIM_ROLLOVER_STARTED,
            object_id=domain.pk,
            label=domain.name,
            extra={"selectors": [key.selector for key in keys]},
        )
    return domain


def domain_dkim_rollover_finish(*, domain: SenderDomain) -> SenderDomain:
    """The new keys sign from now on, the old ones are deleted: only once every new key's
    record is found in DNS (each record's state is kept either way)."""
    waiting = [selector for _, selector, _ in dkim_keys_for(domain.name, active=False)]
    if not waiting:
        raise ValidationFailed(messages.DKIM_ROLLOVER_NONE)
    keys = {f"dkim:{selector}" for selector in waiting}
    records = [record for record in domain_records(domain) if record.key in keys]
    checks = records_check(records)  # outside the transaction: DNS takes seconds
    published = all(check.status == RecordStatus.VERIFIED for check in checks.values())
    with transaction.atomic():
        domain = SenderDomain.objects.select_for_update().get(pk=domain.pk)
        states = dict(domain.record_states or {})
        states.update({key: check.as_dict() for key, check in checks.items()})
        retired = (
            dkim_keys_rollover_finish(domain=domain.name, selectors=waiting) if published else None
        )
        if retired is not None:
            for selector in retired:
                states.pop(f"dkim:{selector}", None)
            audit_record(
                AuditEvent.SENDER_DOMAIN_DKIM_ROLLED_OVER,
                object_id=domain.pk,
                label=domain.name,
                extra={"active": sorted(waiting), "retired": retired},
            )
        domain.record_states = states
        domain.save(update_fields=["record_states"])
    if retired is None:
        message = messages.DKIM_ROLLOVER_NOT_PUBLISHED
        raise ValidationFailed(message, errors={"records": [message]})
    return domain
