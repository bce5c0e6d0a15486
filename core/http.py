"""Facts about the request that more than one layer needs."""

import ipaddress

from django.conf import settings


def _in_networks(address: str, networks: list[str]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(net, strict=False) for net in networks)


def client_address(request) -> str:
    """The caller's address. X-Forwarded-For is read right to left, and only while each hop
    is one of TRUSTED_PROXIES: an address a client wrote into the header is never believed."""
    address = request.META.get("REMOTE_ADDR", "") or "unknown"
    trusted = settings.TRUSTED_PROXIES
    if not trusted or not _in_networks(address, trusted):
        return address
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed([h for h in hops if h]):
        address = hop
        if not _in_networks(hop, trusted):
            break
    return address
