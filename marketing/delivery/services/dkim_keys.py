"""A sending domain's DKIM keys (the signer reads them in sending.py): made when a client
adds the domain (marketing/senders), removed with it. The private half is stored sealed
(core.sealing), never in clear."""

from django.db import transaction

from core.sealing import seal
from marketing.delivery.dkim import KeyPair, key_pair_generate
from marketing.delivery.models import DkimKey

ALGORITHMS = ("rsa", "ed25519")


def dkim_keys_create(*, domain: str, selectors: dict[str, str]) -> list[DkimKey]:
    """One new key per algorithm (`selectors`: algorithm -> selector): RSA 2048, which
    every receiver checks, and Ed25519 (RFC 8463) signed beside it."""
    domain = domain.lower()
    pairs = {algorithm: key_pair_generate(algorithm) for algorithm in selectors}
    with transaction.atomic():
        return [
            dkim_key_store(domain=domain, selector=selector, algorithm=algorithm, pair=pair)
            for (algorithm, selector), pair in zip(selectors.items(), pairs.values(), strict=True)
        ]


def dkim_key_store(
    *, domain: str, selector: str, algorithm: str, pair: KeyPair, is_active: bool = True
) -> DkimKey:
    """Keep a key pair for `domain` under `selector`, its private half sealed."""
    return DkimKey.objects.create(
        domain=domain.lower(),
        selector=selector,
        algorithm=algorithm,
        private_key_sealed=seal(pair.private_pem),
        dns_txt=pair.dns_txt,
        is_active=is_active,
    )


def dkim_keys_delete(*, domain: str) -> int:
    return DkimKey.objects.filter(domain=domain.lower()).delete()[0]
