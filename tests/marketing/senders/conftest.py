"""Senders fixtures: the audience suite's API callers, and senders and domains made
straight in the schema (the services are tested on their own)."""

from django.utils import timezone

from marketing.senders.models import DomainStatus, Sender, SenderDomain
from tests.marketing.audience.conftest import (  # noqa: F401 - fixtures
    admin_api,
    beta_api,
    in_alpha,
    nomkm_api,
    user_api,
)


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
