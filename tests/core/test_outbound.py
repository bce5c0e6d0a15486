"""The safe outbound fetcher (core/outbound.py) against a real local server: loopback and
other private addresses refused by default, every redirect re-checked, size and time
capped, the checked address used for the connection."""

import socket

import pytest

from core import outbound
from core.outbound import (
    REASON_ADDRESS,
    REASON_REDIRECTS,
    REASON_TIMEOUT,
    REASON_URL,
    OutboundRefused,
    address_allowed,
    outbound_get,
)
from tests.core.http_server import Answer, http_server


@pytest.fixture
def private_allowed(settings):
    """Only these tests reach 127.0.0.1: the local server stands for the internet."""
    settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = True


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.1.2.3",
        "10.0.0.1",
        "172.16.5.4",
        "192.168.1.1",
        "169.254.169.254",  # cloud metadata
        "100.64.0.1",  # shared (carrier-grade NAT)
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "192.0.2.1",  # documentation
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "ff02::1",
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "::ffff:10.0.0.1",
        "::127.0.0.1",  # IPv4-compatible
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2001:db8::1",
        "not an address",
    ],
)
def test_private_reserved_and_special_addresses_are_refused(address):
    assert address_allowed(address) is False


@pytest.mark.parametrize("address", ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_are_allowed(address):
    assert address_allowed(address) is True


def test_loopback_is_refused_by_default_and_nothing_is_sent():
    with http_server({"/feed": Answer(200, b"secret")}) as (base, seen):
        with pytest.raises(OutboundRefused) as refused:
            outbound_get(f"{base}/feed")
    assert refused.value.reason == REASON_ADDRESS
    assert seen == []


def test_a_name_resolving_to_loopback_is_refused():
    with http_server({"/": Answer(200, b"x")}) as (base, seen):
        port = base.rsplit(":", 1)[1]
        with pytest.raises(OutboundRefused) as refused:
            outbound_get(f"http://localhost:{port}/")
    assert refused.value.reason == REASON_ADDRESS
    assert seen == []


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/feed",
        "file:///etc/passwd",
        "gopher://example.com/",
        "javascript:alert(1)",
        "http:///nohost",
        "//example.com/feed",
        "http://user:pass@example.com/feed",
        "http://example.com:99999/",
        "http://exa mple.com/",
    ],
)
def test_only_http_and_https_urls_with_a_host(url):
    with pytest.raises(OutboundRefused) as refused:
        outbound_get(url)
    assert refused.value.reason in (REASON_URL, "resolve")


def test_fetches_from_the_local_server_when_private_networks_are_allowed(private_allowed):
    with http_server({"/feed?x=1": Answer(200, b"<rss/>", {"Content-Type": "text/xml"})}) as (
        base,
        seen,
    ):
        response = outbound_get(f"{base}/feed?x=1")
    assert (response.status, response.body, response.truncated) == (200, b"<rss/>", False)
    assert response.headers["content-type"] == "text/xml"
    assert seen == [("/feed?x=1", base.removeprefix("http://"))]


def test_connects_to_the_address_it_checked_and_sends_the_name_in_host(
    private_allowed, monkeypatch
):
    """The name is resolved once; the connection goes to that address (a second lookup,
    which a rebinding DNS could answer with another address, never happens) while Host
    carries the name."""
    lookups = []
    real = socket.getaddrinfo

    def counting(host, *args, **kwargs):
        lookups.append(host)
        return real("127.0.0.1", *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", counting)
    with http_server({"/a": Answer(200, b"ok")}) as (base, seen):
        port = base.rsplit(":", 1)[1]
        response = outbound_get(f"http://feeds.example.test:{port}/a")
    assert response.body == b"ok"
    # One lookup of the name; connecting to the checked address asks nothing more of DNS.
    assert lookups.count("feeds.example.test") == 1
    assert set(lookups) <= {"feeds.example.test", "127.0.0.1"}
    assert seen == [("/a", f"feeds.example.test:{port}")]


def test_a_redirect_to_a_private_address_is_refused(private_allowed, settings):
    """The first hop is allowed here (the test server); the redirect is checked again with
    the default rule and refused before any connection to its address."""
    with http_server(
        {"/start": Answer(302, headers={"Location": "http://169.254.169.254/latest/meta-data"})}
    ) as (base, seen):
        checked = []
        real = outbound._addresses

        def strict_after_first(host, port, timeout):
            checked.append(host)
            settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = len(checked) == 1
            return real(host, port, timeout)

        outbound._addresses, previous = strict_after_first, real
        try:
            with pytest.raises(OutboundRefused) as refused:
                outbound_get(f"{base}/start")
        finally:
            outbound._addresses = previous
    assert refused.value.reason == REASON_ADDRESS
    assert checked == ["127.0.0.1", "169.254.169.254"]
    assert seen == [("/start", base.removeprefix("http://"))]


def test_redirects_are_followed_and_each_is_checked(private_allowed):
    routes = {
        "/one": Answer(301, headers={"Location": "/two"}),
        "/two": Answer(307, headers={"Location": "three"}),
        "/three": Answer(200, b"done"),
    }
    with http_server(routes) as (base, seen):
        response = outbound_get(f"{base}/one")
    assert (response.body, response.url) == (b"done", f"{base}/three")
    assert [path for path, _ in seen] == ["/one", "/two", "/three"]


def test_more_than_five_redirects_are_refused(private_allowed):
    routes = {f"/r{i}": Answer(302, headers={"Location": f"/r{i + 1}"}) for i in range(10)}
    with http_server(routes) as (base, seen):
        with pytest.raises(OutboundRefused) as refused:
            outbound_get(f"{base}/r0")
    assert refused.value.reason == REASON_REDIRECTS
    assert len(seen) == 6


def test_a_redirect_to_another_scheme_is_refused(private_allowed):
    with http_server({"/r": Answer(302, headers={"Location": "file:///etc/passwd"})}) as (
        base,
        _,
    ):
        with pytest.raises(OutboundRefused) as refused:
            outbound_get(f"{base}/r")
    assert refused.value.reason == REASON_URL


def test_an_oversize_body_is_cut_at_the_limit(private_allowed):
    body = b"x" * 300_000
    with http_server({"/big": Answer(200, body)}) as (base, _):
        response = outbound_get(f"{base}/big", max_bytes=100_000)
    assert response.truncated is True
    assert response.body == body[:100_000]


def test_an_endless_body_without_length_is_cut_too(private_allowed):
    endless = (b"y" * 65536 for _ in range(1000))  # 64 MB if it were all read
    with http_server({"/stream": Answer(200, chunks=endless)}) as (base, _):
        response = outbound_get(f"{base}/stream", max_bytes=200_000)
    assert response.truncated is True and len(response.body) == 200_000


def test_a_slow_trickle_stops_at_the_total_time_limit(private_allowed):
    trickle = (b"z" for _ in range(1000))  # one byte every 0.1 s: 100 s
    with http_server({"/slow": Answer(200, chunks=trickle, delay=0.1)}) as (base, _):
        with pytest.raises(OutboundRefused) as refused:
            outbound_get(f"{base}/slow", total_timeout=1.0)
    assert refused.value.reason == REASON_TIMEOUT


def test_a_closed_port_is_a_connection_refusal(private_allowed):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(OutboundRefused) as refused:
        outbound_get(f"http://127.0.0.1:{port}/")
    assert refused.value.reason == "connect"
