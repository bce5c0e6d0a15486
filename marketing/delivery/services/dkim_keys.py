"""A sending domain's DKIM keys (the signer reads them in sending.py): made when a client
adds the domain (marketing/senders), removed with it."""

from django.db import transaction

from marketing.delivery.dkim import key_pair_generate
from marketing.delivery.models import DkimKey

ALGORITHMS = ("rsa", "ed25519")


def dkim_keys_create(*, domain: str, selectors: dict[str, str]) -> list[DkimKey]:
    """One new key per algorithm (`selectors`: algorithm -> selector): RSA 2048, which
    every receiver checks, and Ed25519 (RFC 8463) signed beside it."""
    domain = domain.lower()
    pairs = {algorithm: key_pair_generate(algorithm) for algorithm in selectors}
    with transaction.atomic():
        return [
            DkimKey.objects.create(
                domain=domain,
                selector=selector,
                algorithm=algorithm,
                private_pem=pairs[algorithm].private_pem,
                dns_txt=pairs[algorithm].dns_txt,
            )
            for algorithm, selector in selectors.items()
        ]


def dkim_keys_delete(*, domain: str) -> int:
    return DkimKey.objects.filter(domain=domain.lower()).delete()[0]
