"""Which opens and clicks are a machine's, not a person's. Machine events are stored (with
`EmailEvent.machine`), shown apart, and never count for activity rules, automations or
resends. Everything here is judged from the request and the token alone (no database).

Sources, so the lists can be checked and kept current:
- Apple Mail Privacy Protection (MPP) fetches every remote image when a message arrives,
  through Apple's proxies, whether or not the person opens it (Apple, "Mail Privacy
  Protection", support.apple.com/guide/mail/mlhl03be2866, 2021). Apple holds 17.0.0.0/8
  (ARIN, NetRange 17.0.0.0 - 17.255.255.255, "Apple Inc."); MPP fetches observed by ESPs
  come from there with a bare "Mozilla/5.0" user agent (as ESPs' MPP guides report,
  e.g. Litmus's and Mailchimp's).
- Gmail loads images through its image proxy, user agent "... (via ggpht.com
  GoogleImageProxy)" (Gmail blog, "Images now showing", 2013-12-12; the string as logged
  by every ESP since).
- Yahoo Mail's image proxy: user agent "YahooMailProxy" (Yahoo/AOL postmaster FAQ;
  observed in ESP logs).
- Link scanners of security gateways and chat previews, by the user-agent names they
  announce: Barracuda, Mimecast, Proofpoint (URL Defense), Cisco IronPort, Symantec /
  MessageLabs, Trend Micro, Sophos, FireEye, Forcepoint, Microsoft's SafeLinks/
  BingPreview, Slack, Facebook, Twitter, LinkedIn, Google's crawlers (the names their
  fetchers announce in their user agents, as their vendors document them), plus generic
  HTTP libraries that no mail client uses (curl, python-requests, Go-http-client, Java,
  wget, libwww).
- Microsoft Defender for Office 365 Safe Links detonates links from Microsoft's Azure
  ranges; we do not list Azure (people use it too) and rely on the time rule instead.
- A click within CLICK_TOO_SOON_SECONDS of the message being built is a scanner that
  fetched the link on arrival (no person opens, reads and clicks that fast); and a click
  on a hidden honeypot link (rendering's BOT_LINK_GUIDS) is always a machine's.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

# Seconds between building a message and a click that no person could make (the default
# of settings.TRACKING_CLICK_TOO_SOON_SECONDS).
CLICK_TOO_SOON_SECONDS = 10

# Lower-cased substrings of user agents of proxies that fetch images without a person.
PROXY_OPEN_AGENTS = ("googleimageproxy", "ggpht.com", "yahoomailproxy")

# Lower-cased substrings of user agents of link scanners and previewers.
SCANNER_AGENTS = (
    "barracuda",
    "mimecast",
    "proofpoint",
    "urldefense",
    "ironport",
    "messagelabs",
    "symantec",
    "trend micro",
    "trendmicro",
    "sophos",
    "fireeye",
    "forcepoint",
    "safelinks",
    "bingpreview",
    "slackbot",
    "facebookexternalhit",
    "twitterbot",
    "linkedinbot",
    "googlebot",
    "bot/",
    "spider",
    "crawler",
    "curl/",
    "wget/",
    "python-requests",
    "python-urllib",
    "aiohttp",
    "go-http-client",
    "java/",
    "libwww",
    "okhttp",
    "headlesschrome",
)

# Networks whose opens are a proxy's prefetch: Apple (MPP).
PROXY_OPEN_NETWORKS = ("17.0.0.0/8",)
# Networks whose clicks are a scanner's (none listed by default: see the module docstring).
SCANNER_NETWORKS: tuple[str, ...] = ()


@lru_cache(maxsize=8)
def _networks(names: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(name) for name in names)


def _in(address: str, names: tuple[str, ...]) -> bool:
    if not names or not address:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _networks(names))


def _agent_has(agent: str, needles: tuple[str, ...]) -> bool:
    lowered = agent.lower()
    return any(needle in lowered for needle in needles)


def scanner_agent(agent: str) -> bool:
    """A user agent no person browses with: none at all, or a scanner's, a crawler's or an
    HTTP library's (SCANNER_AGENTS)."""
    return not agent or _agent_has(agent, SCANNER_AGENTS)


def machine_open(agent: str, address: str) -> bool:
    """An open fetched by a proxy or a scanner rather than shown to a person."""
    if not agent or _agent_has(agent, PROXY_OPEN_AGENTS) or _agent_has(agent, SCANNER_AGENTS):
        return True
    # Apple's MPP fetches from Apple's network with a bare "Mozilla/5.0".
    return _in(address, PROXY_OPEN_NETWORKS)


def machine_click(
    agent: str,
    address: str,
    seconds_after_send: float,
    honeypot: bool,
    too_soon: float = CLICK_TOO_SOON_SECONDS,
) -> bool:
    """A click made by a scanner: a honeypot link, fewer than `too_soon` seconds after
    sending, a scanner's user agent or network, or no user agent at all."""
    return (
        honeypot
        or seconds_after_send < too_soon
        or not agent
        or _agent_has(agent, SCANNER_AGENTS)
        or _in(address, SCANNER_NETWORKS)
    )
