"""Senders and sending domains made straight in the schema, the activation link of a mail
the sink got, and TXT records as DNS cuts them."""

from __future__ import annotations

import re

from django.utils import timezone

from marketing.senders.models import DomainStatus, Sender, SenderDomain
from tests.support.smtp_sink import SmtpSink


def domain_make(name: str, *, verified: bool = True) -> SenderDomain:
    return SenderDomain.objects.create(
        name=name,
        verification_token="t" * 32,
        status=DomainStatus.VERIFIED if verified else DomainStatus.FAILED,
        verified_at=timezone.now() if verified else None,
    )


def sender_make(email: str, *, name: str = "News", confirmed: bool = True, **fields) -> Sender:
    return Sender.objects.create(
        name=name,
        email=email,
        domain=email.rpartition("@")[2],
        verified_at=timezone.now() if confirmed else None,
        **fields,
    )


def activation_link_in(sink: SmtpSink, email: str) -> str:
    """The activation link of the last mail `email` received."""
    received = sink.handler.for_recipient(email)
    assert received, f"no mail to {email}"
    body = received[-1].message.get_body(preferencelist=("plain",)).get_content()
    match = re.search(r"https?://\S+/external/verifySender\?token=(\S+)", body)
    assert match, body
    return match.group(1)


def txt(value: str) -> str:
    """A TXT record's text form, cut into the 255-byte strings DNS allows."""
    return " ".join(f'"{value[i : i + 255]}"' for i in range(0, len(value), 255))
