"""A dnspython resolver for our own lookups (address verification, sender and tracking
domains): the system's nameservers, or the ones a setting names (tests point it at
tests/support/dns_server.py), a bound on each lookup, and no resolver-side cache (each
caller decides what to remember)."""

import dns.exception
import dns.nameserver
import dns.resolver


def _nameserver(entry: str) -> dns.nameserver.Do53Nameserver:
    """`host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 address has no port."""
    entry = entry.strip()
    if entry.startswith("["):
        host, _, rest = entry[1:].partition("]")
        return dns.nameserver.Do53Nameserver(host, int(rest[1:]) if rest else 53)
    if entry.count(":") == 1:
        host, port = entry.split(":")
        return dns.nameserver.Do53Nameserver(host, int(port))
    return dns.nameserver.Do53Nameserver(entry)


def dns_resolver(nameservers: list[str], seconds: float) -> dns.resolver.Resolver:
    """`nameservers` as in the settings (empty entries ignored; none: the system's)."""
    entries = [entry for entry in nameservers if entry.strip()]
    resolver = dns.resolver.Resolver(configure=not entries)
    if entries:
        resolver.nameservers = [_nameserver(entry) for entry in entries]
    resolver.timeout = resolver.lifetime = seconds
    resolver.cache = None
    return resolver


class DnsLookup:
    """One record set's values (TXT strings joined; other types lower case, without the
    final dot), or why there are none: `failed` when the lookup itself failed (timeout,
    server failure), an empty list when there is no such record."""

    def __init__(self, resolver: dns.resolver.Resolver, host: str, rdtype: str):
        self.values: list[str] = []
        self.failed = False
        try:
            answer = resolver.resolve(host, rdtype, search=False)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return
        except (dns.exception.DNSException, OSError):
            self.failed = True
            return
        for rdata in answer:
            if rdtype == "TXT":
                self.values.append(b"".join(rdata.strings).decode("utf-8", "replace"))
            else:
                self.values.append(rdata.to_text().lower().rstrip("."))


def dns_text_normal(value: str) -> str:
    """A TXT value compared without whitespace or case."""
    return "".join(value.split()).lower()
