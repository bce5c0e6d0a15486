"""The one way out to a URL a person gave us (RSS feeds today; webhooks and URL imports
later): ARCHITECTURE.md "Outbound requests".

`outbound_get(url)` allows http and https only, resolves the host once and refuses it when
any of its addresses is not a public unicast one (private, loopback, link-local, shared,
reserved, multicast, unspecified; IPv4 and IPv6, IPv4-mapped, 6to4 and Teredo addresses
judged by the IPv4 address they carry), then connects to the very address it checked (no
second lookup a DNS rebinding could answer differently) while sending the name in `Host`
and TLS SNI and verifying the certificate for the name. Each redirect (at most
`max_redirects`) goes through the same checks. Time is capped per connection/read and in
total; the body is read up to `max_bytes` and cut there (`OutboundResponse.truncated`).
Bodies are asked for without compression (a small gzip can inflate without bound).

`settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS` (default False) lifts the address check: only the
tests that run a server on 127.0.0.1 set it.

Refusals raise `OutboundRefused` with a `reason` code (one of the `REASON_*` constants);
callers word it from their own catalogue."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from django.conf import settings

MAX_BYTES = 5 * 1024 * 1024
CONNECT_TIMEOUT = 5.0
TOTAL_TIMEOUT = 15.0
MAX_REDIRECTS = 5
USER_AGENT = "Mailcraft/1.0 (outbound fetcher)"
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_CHUNK = 64 * 1024

REASON_URL = "url"  # not an absolute http(s) URL with a host (or carries credentials)
REASON_RESOLVE = "resolve"  # the name does not resolve
REASON_ADDRESS = "address"  # resolves to (or is) an address we never connect to
REASON_CONNECT = "connect"  # refused, reset, TLS failure, malformed answer
REASON_TIMEOUT = "timeout"
REASON_REDIRECTS = "redirects"  # more than max_redirects, or a redirect without Location


class OutboundRefused(Exception):
    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class OutboundResponse:
    url: str  # the final URL, after redirects
    status: int
    headers: dict[str, str]  # lower-cased names
    body: bytes
    truncated: bool  # the body was longer than max_bytes and was cut there


def address_allowed(address: str) -> bool:
    """Whether an IP address is a public unicast one (the rule for every connection)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    candidates = [ip]
    if ip.version == 6:
        embedded = [ip.ipv4_mapped, ip.sixtofour, ip.teredo[1] if ip.teredo else None]
        candidates += [item for item in embedded if item is not None]
        # IPv4-compatible (::a.b.c.d, deprecated) and NAT64 (64:ff9b::/96) carry one too.
        if int(ip) >> 32 == 0 or ip in ipaddress.ip_network("64:ff9b::/96"):
            candidates.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return all(_public(item) for item in candidates)


def _public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return ip.is_global and not (
        ip.is_multicast or ip.is_reserved or ip.is_unspecified or ip.is_loopback
    )


def _private_allowed() -> bool:
    return settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS


@dataclass(frozen=True)
class _Target:
    scheme: str
    host: str  # IDNA-encoded name, or the address as written (without brackets)
    port: int
    path: str  # path and query, what the request line carries


def _target(url: str) -> _Target:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise OutboundRefused(REASON_URL, str(error)) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise OutboundRefused(REASON_URL, "http or https with a host")
    if parts.username is not None or parts.password is not None:
        raise OutboundRefused(REASON_URL, "credentials in the URL")
    host = parts.hostname.rstrip(".")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        raise OutboundRefused(REASON_URL, "host name") from None
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    if any(ord(ch) < 33 or ord(ch) == 127 for ch in path):
        raise OutboundRefused(REASON_URL, "control character or space in the path")
    return _Target(scheme, host, port or (443 if scheme == "https" else 80), path)


_resolver = ThreadPoolExecutor(max_workers=4, thread_name_prefix="outbound-dns")


def _addresses(host: str, port: int, timeout: float) -> list[str]:
    """The checked addresses to connect to: the host's own when it is an address, else
    every address it resolves to, once; refused when any of them is not allowed (a name
    answering one public and one private address is a rebinding attempt)."""
    try:
        ipaddress.ip_address(host)
        found = [host]
    except ValueError:
        future = _resolver.submit(socket.getaddrinfo, host, port, 0, socket.SOCK_STREAM)
        try:
            infos = future.result(timeout=max(timeout, 0.01))
        except FutureTimeout:
            raise OutboundRefused(REASON_TIMEOUT, "name resolution") from None
        except (OSError, UnicodeError) as error:
            raise OutboundRefused(REASON_RESOLVE, str(error)) from None
        found = list(dict.fromkeys(info[4][0] for info in infos))
    if not found:
        raise OutboundRefused(REASON_RESOLVE, host)
    if not _private_allowed():
        refused = [address for address in found if not address_allowed(address)]
        if refused:
            raise OutboundRefused(REASON_ADDRESS, ", ".join(refused))
    return found


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to `address` while `host` (the name) goes in the Host header."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """Connects to `address`; TLS SNI and certificate check use `host` (the name)."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        try:
            self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise


def _remaining(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise OutboundRefused(REASON_TIMEOUT, "total time")
    return left


def _request_once(
    target: _Target,
    *,
    deadline: float,
    connect_timeout: float,
    max_bytes: int,
    headers: dict[str, str],
) -> tuple[int, dict[str, str], bytes, bool]:
    addresses = _addresses(target.host, target.port, min(connect_timeout, _remaining(deadline)))
    kind = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    last_error: Exception | None = None
    for address in addresses:
        timeout = min(connect_timeout, _remaining(deadline))
        connection = kind(target.host, target.port, address=address, timeout=timeout)
        response = None
        try:
            connection.request("GET", target.path, headers=headers)
            sock = connection.sock  # the response may take it over (connection.sock = None)
            response = connection.getresponse()
            answer_headers = {name.lower(): value for name, value in response.getheaders()}
            chunks: list[bytes] = []
            size = 0
            truncated = False
            while not response.isclosed():
                sock.settimeout(min(connect_timeout, _remaining(deadline)))
                # read1: what has arrived (read() would wait for the whole amount, so a
                # byte-a-second trickle would never meet the deadline check).
                chunk = response.read1(min(_CHUNK, max_bytes - size + 1))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    truncated = True
                    break
            body = b"".join(chunks)[:max_bytes]
            return response.status, answer_headers, body, truncated
        except OutboundRefused:
            raise
        except TimeoutError as error:
            last_error = OutboundRefused(REASON_TIMEOUT, str(error))
        except (OSError, http.client.HTTPException, ValueError) as error:
            last_error = OutboundRefused(REASON_CONNECT, str(error))
        finally:
            if response is not None:
                response.close()  # it may own the socket now (a `Connection: close` answer)
            connection.close()
    assert last_error is not None
    raise last_error


def outbound_get(
    url: str,
    *,
    accept: str = "*/*",
    max_bytes: int = MAX_BYTES,
    connect_timeout: float = CONNECT_TIMEOUT,
    total_timeout: float = TOTAL_TIMEOUT,
    max_redirects: int = MAX_REDIRECTS,
) -> OutboundResponse:
    """GET `url` under the rules above; any final status is returned (the caller judges
    it); a refusal raises OutboundRefused."""
    deadline = time.monotonic() + total_timeout
    headers = {"User-Agent": USER_AGENT, "Accept": accept, "Accept-Encoding": "identity"}
    current = url.strip()
    for _ in range(max_redirects + 1):
        target = _target(current)
        status, answer_headers, body, truncated = _request_once(
            target,
            deadline=deadline,
            connect_timeout=connect_timeout,
            max_bytes=max_bytes,
            headers=headers,
        )
        if status not in REDIRECT_STATUSES:
            return OutboundResponse(current, status, answer_headers, body, truncated)
        location = answer_headers.get("location", "").strip()
        if not location:
            raise OutboundRefused(REASON_REDIRECTS, "redirect without Location")
        current = urljoin(current, location)
    raise OutboundRefused(REASON_REDIRECTS, f"more than {max_redirects}")
