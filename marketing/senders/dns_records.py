"""The DNS records a sender domain publishes, and the check of each against DNS.

Spec 9: a CNAME record and one TXT verification record. With them: one DKIM TXT record
per key (we make the keys), the SPF record including our relays, and a DMARC record
(advice only: a domain sends without one, but Gmail and Yahoo ask bulk senders for it).

Each record is checked on its own and keeps its state, so the screen can say which one is
missing. Lookups go to SENDERS_DNS_NAMESERVERS (the tests' fake server) with dnspython;
SPF and DMARC records are read here (the `v=spf1` and `v=DMARC1` tags are all we need)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import dns.exception
import dns.nameserver
import dns.resolver
from django.conf import settings

from core.dns_resolver import DnsLookup, dns_resolver, dns_text_normal
from marketing.senders import messages


class RecordStatus:
    VERIFIED = "verified"
    MISSING = "missing"  # no such record
    INVALID = "invalid"  # a record, with the wrong value
    FAILED = "failed"  # the lookup itself failed (timeout, server failure)
    UNCHECKED = "unchecked"


@dataclass(frozen=True)
class Record:
    key: str  # "cname", "verification", "dkim:<selector>", "spf", "dmarc"
    kind: str  # what it is for, shown as the record's label
    type: str  # CNAME | TXT
    host: str
    value: str
    required: bool


@dataclass(frozen=True)
class Check:
    status: str
    error: str = ""
    found: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {**asdict(self), "found": list(self.found)}


def return_path_host(domain: str) -> str:
    return f"{settings.SENDER_RETURN_PATH_LABEL}.{domain}"


def records_for(
    domain: str,
    token: str,
    dkim_keys: list[tuple[str, str, str]],
    new_dkim_keys: list[tuple[str, str, str]] = (),
) -> list[Record]:
    """What to publish, in the order the screen lists it; `dkim_keys` as (algorithm,
    selector, TXT value); `new_dkim_keys` those of a key rollover, to add beside the
    current ones (not required: the domain stays verified while they wait)."""
    records = [
        Record(
            "cname",
            "Return path (CNAME)",
            "CNAME",
            return_path_host(domain),
            settings.DELIVERY_BOUNCE_DOMAIN,
            True,
        ),
        _verification_record(domain, token),
    ]
    for algorithm, selector, txt in dkim_keys:
        label = "DKIM, RSA" if algorithm == "rsa" else "DKIM, Ed25519"
        records.append(
            Record(f"dkim:{selector}", label, "TXT", f"{selector}._domainkey.{domain}", txt, True)
        )
    for algorithm, selector, txt in new_dkim_keys:
        label = "DKIM, RSA, new key" if algorithm == "rsa" else "DKIM, Ed25519, new key"
        records.append(
            Record(f"dkim:{selector}", label, "TXT", f"{selector}._domainkey.{domain}", txt, False)
        )
    records.append(
        Record(
            "spf", "SPF", "TXT", domain, f"v=spf1 include:{settings.SENDER_SPF_INCLUDE} ~all", True
        )
    )
    records.append(
        Record(
            "dmarc",
            "DMARC (recommended)",
            "TXT",
            f"_dmarc.{domain}",
            f"v=DMARC1; p=none; rua=mailto:dmarc-reports@{domain}",
            False,
        )
    )
    return records


def resolver_build() -> dns.resolver.Resolver:
    # Uncached: a re-verify right after a DNS change must see the change.
    return dns_resolver(settings.SENDERS_DNS_NAMESERVERS, float(settings.SENDERS_DNS_TIMEOUT))


def _dkim_key(value: str) -> str:
    """The p= tag of a DKIM record, without whitespace."""
    for tag in value.split(";"):
        name, _, data = tag.partition("=")
        if name.strip() == "p":
            return "".join(data.split())
    return ""


def _check_one(record: Record, lookup: DnsLookup) -> Check:
    if lookup.failed:
        return Check(RecordStatus.FAILED, messages.RECORD_DNS_FAILED)
    found = tuple(lookup.values)
    if record.key == "cname":
        if not found:
            return Check(RecordStatus.MISSING, messages.RECORD_NOT_FOUND)
        expected = record.value.lower().rstrip(".")
        if expected in found:
            return Check(RecordStatus.VERIFIED, found=found)
        error = messages.RECORD_CNAME_WRONG.format(found=found[0], expected=expected)
        return Check(RecordStatus.INVALID, error, found)
    if record.key == "spf":
        spf = [v for v in found if v.lower().startswith("v=spf1")]
        if not spf:
            return Check(RecordStatus.MISSING, messages.RECORD_NOT_FOUND, found)
        if len(spf) > 1:
            return Check(RecordStatus.INVALID, messages.RECORD_SPF_MANY, tuple(spf))
        include = f"include:{settings.SENDER_SPF_INCLUDE}".lower()
        if include not in spf[0].lower().split():
            error = messages.RECORD_SPF_NO_INCLUDE.format(include=settings.SENDER_SPF_INCLUDE)
            return Check(RecordStatus.INVALID, error, tuple(spf))
        return Check(RecordStatus.VERIFIED, found=tuple(spf))
    if record.key == "dmarc":
        dmarc = [v for v in found if v.replace(" ", "").upper().startswith("V=DMARC1")]
        if not dmarc:
            return Check(RecordStatus.MISSING, messages.RECORD_NOT_FOUND, found)
        if len(dmarc) > 1:
            return Check(RecordStatus.INVALID, messages.RECORD_DMARC_MANY, tuple(dmarc))
        return Check(RecordStatus.VERIFIED, found=tuple(dmarc))
    if not found:
        return Check(RecordStatus.MISSING, messages.RECORD_NOT_FOUND)
    if record.key.startswith("dkim:"):
        expected_key = _dkim_key(record.value)
        if any(_dkim_key(value) == expected_key for value in found):
            return Check(RecordStatus.VERIFIED, found=found)
        return Check(RecordStatus.INVALID, messages.RECORD_DKIM_WRONG, found)
    if dns_text_normal(record.value) in {dns_text_normal(v) for v in found}:
        return Check(RecordStatus.VERIFIED, found=found)
    return Check(RecordStatus.INVALID, messages.RECORD_TXT_WRONG, found)


def records_check(records: list[Record]) -> dict[str, Check]:
    """Each record looked up and judged; record key -> Check."""
    resolver = resolver_build()
    return {r.key: _check_one(r, DnsLookup(resolver, r.host, r.type)) for r in records}


def _verification_record(domain: str, token: str) -> Record:
    """The TXT record that proves a domain is the client's (sender and tracking domains)."""
    return Record(
        "verification",
        "Domain verification (TXT)",
        "TXT",
        f"{settings.SENDER_VERIFICATION_TXT_LABEL}.{domain}",
        f"{settings.SENDER_VERIFICATION_TXT_PREFIX}{token}",
        True,
    )


def tracking_records(domain: str, token: str) -> list[Record]:
    """What a tracking domain publishes: its CNAME to our tracking host, and the same TXT
    verification record a sender domain has (the CNAME alone proves nothing: one left
    dangling at our host could be claimed by anyone)."""
    return [
        Record("cname", "Tracking (CNAME)", "CNAME", domain, settings.TRACKING_CNAME_TARGET, True),
        _verification_record(domain, token),
    ]
