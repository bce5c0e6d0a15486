"""A sending domain's DKIM keys (the signer reads them in batch_sending.py): made when a client
adds the domain (marketing/senders), removed with it. The private half is stored sealed
(core.sealing), never in clear.

A key rollover (issue 22.5) replaces them without a gap: `dkim_keys_rollover_start` makes
new keys under new selectors that do not sign yet (`is_active` false) while the client
publishes them; once senders has found them in DNS, `dkim_keys_rollover_finish` makes them
the signing keys and deletes the ones they replace, in one transaction. Mail signed by
an old key still verifies as long as its DNS record stays published."""

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


def dkim_keys_rollover_start(*, domain: str, tag: str) -> list[DkimKey]:
    """The rollover's new keys, one per algorithm the domain signs with, under selectors
    `mc<tag>r`/`mc<tag>e`; the waiting ones when a rollover is already under way (a second
    start changes nothing)."""
    domain = domain.lower()
    with transaction.atomic():
        keys = DkimKey.objects.select_for_update().filter(domain=domain).order_by("pk")
        current = list(keys)
        waiting = [key for key in current if not key.is_active]
        if waiting:
            return waiting
        algorithms = sorted({key.algorithm for key in current}, reverse=True) or ["rsa"]
        return [
            dkim_key_store(
                domain=domain,
                selector=f"mc{tag}{algorithm[0]}",
                algorithm=algorithm,
                pair=key_pair_generate(algorithm),
                is_active=False,
            )
            for algorithm in algorithms
        ]


def dkim_keys_rollover_finish(*, domain: str, selectors: list[str]) -> list[str] | None:
    """The waiting keys `selectors` sign from now on and the keys they replace are deleted;
    the retired selectors. None, changing nothing, when the waiting keys are no longer
    exactly these (another request finished or restarted the rollover meanwhile)."""
    with transaction.atomic():
        keys = list(DkimKey.objects.select_for_update().filter(domain=domain.lower()))
        waiting = sorted(key.selector for key in keys if not key.is_active)
        if not waiting or waiting != sorted(selectors):
            return None
        retired = [key for key in keys if key.is_active]
        DkimKey.objects.filter(pk__in=[key.pk for key in retired]).delete()
        DkimKey.objects.filter(domain=domain.lower(), selector__in=waiting).update(is_active=True)
        return sorted(key.selector for key in retired)


def dkim_keys_delete(*, domain: str) -> int:
    return DkimKey.objects.filter(domain=domain.lower()).delete()[0]
