"""A sender trusted without its activation mail and DNS check: for a demo or a developer's
machine, where no one can read the mailbox or publish DNS records (`make run` trusts the
demo client's sender so a campaign can be sent in one sitting). The screens' verification
is the only path in production; the command refuses to run without DEBUG unless forced."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from marketing.delivery.services.dkim_keys import dkim_keys_create
from marketing.senders.models import DomainStatus, Sender, SenderDomain
from marketing.senders.selectors import email_domain


def sender_trust(*, email: str, name: str) -> Sender:
    """The sender (made or kept) confirmed, its domain added with DKIM keys and marked
    verified; the default sender when there is none. Idempotent."""
    email = email.strip().lower()
    domain_name = email_domain(email)
    now = timezone.now()
    with transaction.atomic():
        domain = SenderDomain.objects.filter(name=domain_name).first()
        if domain is None:
            token = secrets.token_hex(16)
            domain = SenderDomain.objects.create(name=domain_name, verification_token=token)
            tag = token[:6]
            selectors = {"rsa": f"mc{tag}r", "ed25519": f"mc{tag}e"}
            dkim_keys_create(domain=domain_name, selectors=selectors)
        domain.status, domain.error = DomainStatus.VERIFIED, ""
        # A trusted domain (demo and local machines) has no warm-up to go through.
        warmed_up = now - timedelta(days=settings.DELIVERY_WARMUP_DAYS)
        domain.verified_at = domain.verified_at or warmed_up
        domain.save()
        sender = Sender.objects.filter(email__iexact=email).first()
        if sender is None:
            sender = Sender.objects.create(
                name=name[:50],
                email=email,
                domain=domain_name,
                is_default=not Sender.objects.filter(is_default=True).exists(),
            )
        sender.verified_at = sender.verified_at or now
        sender.is_enabled, sender.activation_nonce = True, ""
        sender.save()
        audit_record(
            AuditEvent.SENDER_VERIFIED,
            object_id=sender.pk,
            label=email,
            path=AuditPath.SYSTEM,
            extra={"trusted": True},
        )
    return sender
