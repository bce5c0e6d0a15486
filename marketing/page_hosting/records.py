"""The DNS records a page domain publishes and their check: a CNAME to the pages host, so
visitors reach us, and a TXT record with the token made for the domain, which proves it is
the client's (a CNAME left dangling at our host could be claimed by anyone). Looked up
with the resolver the senders app uses (core/dns_resolver.py, SENDERS_DNS_NAMESERVERS)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from core.dns_resolver import DnsLookup, dns_resolver, dns_text_normal
from core.messages import RECORD_CNAME_WRONG, RECORD_DNS_FAILED, RECORD_NOT_FOUND, RECORD_TXT_WRONG


class RecordStatus:
    VERIFIED = "verified"
    MISSING = "missing"  # no such record
    INVALID = "invalid"  # a record, with the wrong value
    FAILED = "failed"  # the lookup itself failed (timeout, server failure)


@dataclass(frozen=True)
class PageRecord:
    key: str  # "cname" | "verification"
    type: str  # CNAME | TXT
    host: str
    value: str


def page_domain_records(name: str, token: str) -> list[PageRecord]:
    """What to publish, in the order the screen lists it."""
    return [
        PageRecord("cname", "CNAME", name, settings.PAGES_HOST),
        PageRecord(
            "verification",
            "TXT",
            f"{settings.PAGE_DOMAIN_TXT_LABEL}.{name}",
            f"{settings.PAGE_DOMAIN_TXT_PREFIX}{token}",
        ),
    ]


def _judge(record: PageRecord, lookup: DnsLookup) -> dict:
    if lookup.failed:
        return {"status": RecordStatus.FAILED, "error": RECORD_DNS_FAILED, "found": []}
    found = lookup.values
    if not found:
        return {"status": RecordStatus.MISSING, "error": RECORD_NOT_FOUND, "found": []}
    if record.type == "CNAME":
        expected = record.value.lower().rstrip(".")
        if expected in found:
            return {"status": RecordStatus.VERIFIED, "error": "", "found": found}
        error = RECORD_CNAME_WRONG.format(found=found[0], expected=expected)
        return {"status": RecordStatus.INVALID, "error": error, "found": found}
    if dns_text_normal(record.value) in {dns_text_normal(value) for value in found}:
        return {"status": RecordStatus.VERIFIED, "error": "", "found": found}
    return {"status": RecordStatus.INVALID, "error": RECORD_TXT_WRONG, "found": found}


def page_records_check(records: list[PageRecord]) -> dict[str, dict]:
    """Each record looked up (uncached: a check right after a DNS change sees it) and
    judged; record key -> {"status", "error", "found"}."""
    resolver = dns_resolver(settings.SENDERS_DNS_NAMESERVERS, float(settings.SENDERS_DNS_TIMEOUT))
    return {r.key: _judge(r, DnsLookup(resolver, r.host, r.type)) for r in records}
