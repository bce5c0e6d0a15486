"""What receivers write in their replies, per reason: the text heuristics used where the
status code is missing, generic (5.0.0, 4.0.0, 5.0.9xx, 5.7.0...) or contradicted by the
text. The strong phrases name one condition and are checked first, in order; the weak
ones ("rejected", "policy", "mailbox unavailable") only where no strong one matched."""

from __future__ import annotations

import re

from marketing.delivery.bounce_reading.reasons import Reason


def _any(*phrases: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in phrases), re.I)


# Providers' own answers that contradict their status code or the usual reading.
_OVERRIDES: list[tuple[Reason, re.Pattern[str]]] = [
    # Exchange Online's directory-based edge blocking: the address is not in the directory.
    (Reason.USER_UNKNOWN, _any(r"recipient address rejected: access denied")),
    # Yahoo: "554 delivery error: dd This user doesn't have a yahoo.com account".
    (Reason.USER_UNKNOWN, _any(r"\bdd this user doesn.t have")),
    (Reason.HOST_UNKNOWN, _any(r"domain is not reachable", r"the account or domain may not exist")),
    # Apple (iCloud) answers "5.1.1 ... inactive email address" for addresses it has not.
    (Reason.USER_UNKNOWN, _any(r"inactive email address")),
    # A refusal of the sender (MAIL FROM), whatever the words: the sender's problem.
    (Reason.BLOCKED, _any(r"after MAIL FROM", r"in reply to MAIL FROM")),
    # Postfix's temporary DNS failures read "Host not found" too.
    (
        Reason.SYSTEM_ERROR,
        _any(r"host not found, try again", r"malformed or unexpected name server"),
    ),
    # au (KDDI) and NTT docomo refuse a sender the person filters out with "550 : User
    # unknown" (no address) and "550 Unknown user <address>" respectively.
    # Facebook's RCP-P codes: the recipient's own preferences refuse the sender.
    (Reason.FILTERED, _any(r"\bRCP-P[23]\b", r"due to recipient preferences")),
    (Reason.FILTERED, _any(r"\b550:? : user unknown", r"\b550[- ]'?unknown user \S+@")),
]


def reason_of_override(text: str) -> Reason | None:
    text = " ".join(text.split())[:4000]
    for reason, pattern in _OVERRIDES:
        if pattern.search(text):
            return reason
    return None


_STRONG: list[tuple[Reason, re.Pattern[str]]] = [
    (
        Reason.RATE_LIMITED,
        _any(
            r"too many (?:connections|concurrent|messages|recipients|emails|mails|sessions)",
            r"rate ?limit",
            r"throttl",
            r"exceeded .{0,30}(?:rate|sending limit|connection limit)",
            r"connection (?:limit|rate)",
            r"receiving mail at a rate",
            r"unusual rate",
            r"too much mail",
            r"sending quota exceeded",
            r"message rate",
        ),
    ),
    (
        Reason.MAILBOX_FULL,
        _any(
            r"mailbox (?:is )?full",
            r"over ?quota",
            r"quota (?:exceeded|full|limit)",
            r"exceeded (?:storage|quota|(?:his|her|the) quota)",
            r"insufficient (?:disk )?space",
            r"disk quota",
            r"mail ?box (?:has )?exceeded",
            r"full mailbox",
            r"mailbox size limit",
            r"storage (?:space|limit|allocation)",
            r"not enough space",
            r"user is over",
            r"too many messages in (?:this|the) mailbox",
            r"mailfolder is full",
            r"mailbox exceeds",
        ),
    ),
    (
        Reason.MESSAGE_TOO_BIG,
        _any(
            r"(?:message|mail|email) (?:size|too (?:big|large|long))",
            r"too large",
            r"size (?:limit|exceeds|exceeded)",
            r"message length exceeds",
            r"maximum (?:message )?size",
            r"exceeds? .{0,30}size",
        ),
    ),
    (
        Reason.SPAM_DETECTED,
        _any(
            r"\bspam\b(?! ?(?:haus|cop))",
            r"\bspamassassin\b",
            r"junk mail",
            r"unsolicited",
            r"virus",
            r"malware",
            r"\binfected\b",
            r"content (?:was )?(?:rejected|filter)",
            r"bulk mail",
            r"phish",
            r"dangerous",
            r"prohibited (?:content|attachment|file)",
            r"banned (?:attachment|file)",
        ),
    ),
    (
        Reason.POLICY,
        _any(
            r"\bspf\b",
            r"\bdkim\b",
            r"\bdmarc\b",
            r"not authorized to send",
            r"unauthenticated",
            r"authentication (?:required|failed|failure)",
            r"reverse (?:dns|lookup)",
            r"\bptr\b",
            r"\brdns\b",
            r"rfc ?(?:5322|2822|822|5321|1123)(?!;)",
            r"not (?:rfc|standard)[- ]compliant",
            r"tls required",
            r"must use (?:tls|starttls)",
            r"forged",
            r"spoof",
            r"domain of sender address .{0,60} does not exist",
            r"sender address rejected",
        ),
    ),
    (
        Reason.FILTERED,
        _any(
            r"recipient'?s? (?:own )?filter",
            r"refused by the recipient",
            r"recipient has chosen",
        ),
    ),
    (
        Reason.BLOCKED,
        _any(
            r"black ?list",
            r"deny ?list",
            r"spamhaus",
            r"spamcop",
            r"\bsorbs\b",
            r"\bdnsbl\b",
            r"\brbl\b",
            r"reputation",
            r"my name was rejected",
            r"client host .{0,40}rejected",
            r"\bip (?:address )?(?:\S+ )?(?:is |has been )?(?:listed|blacklisted|blocked)",
            r"relay(?:ing)? (?:access )?(?:denied|not permitted|prohibited)",
            r"not relay",
            r"we do not relay",
            r"unable to relay",
            r"not accepting mail from",
            r"(?:sender|sending|your) (?:ip|host|server|domain|address) .{0,40}"
            r"(?:blocked|rejected|refused|banned)",
            r"blocked (?:using|by|because|due)",
            r"has been blocked",
            r"access denied",
            r"sender reject",
        ),
    ),
    (
        Reason.SUSPENDED,
        _any(
            r"(?:account|mailbox|user|address) (?:has been |is |was )?(?:temporarily )?"
            r"(?:disabled|suspended|deactivated|inactive|frozen|locked)",
            r"(?:disabled|suspended|inactive|deactivated) (?:account|mailbox|user)",
            r"account .{0,30}(?:terminated|closed)",
        ),
    ),
    (
        Reason.MOVED,
        _any(
            r"has moved",
            r"no longer (?:with|at|employed|works)",
            r"has left",
            r"changed (?:his|her|their|the) (?:e-?mail )?address",
        ),
    ),
    (
        Reason.HOST_UNKNOWN,
        _any(
            r"host (?:or domain name )?not found",
            r"host [a-z0-9.-]+\.[a-z]{2,} not found",
            r"unknown host",
            r"host unknown",
            r"unrouteable (?:mail )?domain",
            r"unrout(?:e)?able address",
            r"unroutable",
            r"no such domain",
            r"indicated no smtp service",
            r"not accepting network messages",
            r"domain (?:does not exist|not found|is not (?:valid|configured))",
            r"name service error",
            r"nxdomain",
            r"null mx",
            r"domain (?:name )?not (?:found|exist)",
            r"does not (?:accept|receive) (?:e-?)?mail\b(?! from)",
            r"bad destination (?:host|domain|system)",
            r"mail for .{0,60} loops back",
            r"invalid domain",
            r"unknown domain",
            r"no (?:valid )?(?:mail exchanger|mx record)",
            r"hostname does not resolve",
            r"domain lookup failed",
            r"couldn't find any host",
            r"no such host",
            r"(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)+ does not exist",
        ),
    ),
    (
        Reason.USER_UNKNOWN,
        _any(
            r"user(?:name)? (?:is )?unknown",
            r"unknown (?:user|recipient|local ?part|mailbox|address)",
            r"no such (?:user|mailbox|recipient|account|address|person|local user)",
            r"(?:user|mailbox|recipient|address|account|addressee) "
            r"(?:does not|doesn't|did not) exist",
            r"(?:user|recipient|mailbox|address|account) (?:was )?not found",
            r"invalid (?:recipient|mailbox|address|user|account)",
            r"user invalid",
            r"not a valid (?:mailbox|user|recipient)",
            r"user not (?:known|found|exist)",
            r"undeliverable address",
            r"not our customer",
            r"unknown or illegal alias",
            r"(?:address|recipient|addressee) unknown",
            r"bad (?:recipient|destination mailbox)",
            r"does not have an? (?:account|mailbox)",
            r"address (?:is )?(?:not valid|invalid)",
            r"recipientnotfound",
            r"resolver\.adr",
            r"is not a known user",
            r"account that you tried to reach does not exist",
            r"unknown in (?:virtual|local|relay)",
            r"destination (?:address|mailbox) (?:rejected|unknown)",
            r"mailbox not found",
            r"no mailbox here",
            r"mailbox (?:name )?(?:is )?not (?:allowed|valid)",
            r"not listed in (?:the )?(?:domino directory|public name)",
            r"invalid final delivery userid",
            r"(?:recipient|user|address) <?[^\s<>]+@[^\s<>]+?>? (?:is )?unknown",
        ),
    ),
    (
        Reason.EXPIRED,
        _any(
            r"retry time(?:out)? (?:not reached|exceeded)",
            r"could not be delivered (?:with|for|in)",
            r"delivery time expired",
            r"message expired",
            r"too long in (?:the )?queue",
            r"in the queue too long",
            r"have not been able to deliver",
            r"has been delayed",
            r"undelivered for",
            r"timed? ?out",
            r"expired",
        ),
    ),
]

_WEAK: list[tuple[Reason, re.Pattern[str]]] = [
    (Reason.BLOCKED, _any(r"block(?:ed|list|ing)", r"banned", r"refused", r"denied")),
    (Reason.SPAM_DETECTED, _any(r"message content", r"suspicious", r"classified as")),
    (
        Reason.POLICY,
        _any(
            r"policy",
            r"authenticat",
            r"\bhelo\b",
            r"\behlo\b",
            r"malformed",
            r"does not comply",
            r"starttls",
            r"encryption",
            r"security",
            r"not permitted",
            r"syntax",
        ),
    ),
    (
        Reason.SUSPENDED,
        _any(r"temporarily (?:disabled|suspended|unavailable)", r"not active", r"inactive"),
    ),
    (
        Reason.USER_UNKNOWN,
        _any(
            r"mailbox (?:is )?(?:currently )?unavailable",
            r"mailbox not available",
            r"recipient (?:address )?rejected",
            r"no mailbox",
            r"no account",
            r"no valid recipients",
            r"invalid address",
            r"recipient not",
        ),
    ),
    (
        Reason.FILTERED,
        _any(
            r"filter",
            r"does not (?:accept|want) (?:mail|e-?mail|messages) from",
            r"not (?:accept|receive) (?:e-?mail|mail|messages) from",
            r"recipient has chosen",
            r"only accepts",
            r"moderat",
        ),
    ),
    (
        Reason.SYSTEM_ERROR,
        _any(
            r"system (?:error|full|not|problem)",
            r"internal (?:server )?error",
            r"local error",
            r"temporary (?:local )?(?:error|problem|failure)",
            r"i/o error",
            r"connection (?:refused|reset|closed|lost|dropped)",
            r"network (?:error|unreachable)",
            r"lost connection",
            r"host unreachable",
            r"no route to host",
            r"mail loop",
            r"loop detected",
            r"too many hops",
            r"service (?:not available|unavailable)",
            r"server (?:error|busy)",
            r"out of memory",
            r"insufficient system",
        ),
    ),
    (
        Reason.EXPIRED,
        _any(r"gave up", r"giving up", r"will not (?:retry|try)", r"remains undelivered"),
    ),
    (Reason.BLOCKED, _any(r"\brejected\b")),
]


def reason_of_text(text: str) -> Reason | None:
    """The first reason whose strong phrases the text contains (None when none does)."""
    if not text:
        return None
    text = " ".join(text.split())[:4000]
    for reason, pattern in _STRONG:
        if pattern.search(text):
            return reason
    return None


def reason_of_weak_text(text: str) -> Reason | None:
    """The first reason whose weak phrases the text contains."""
    text = " ".join(text.split())[:4000]
    for reason, pattern in _WEAK:
        if pattern.search(text):
            return reason
    return None
