"""Senders and domains (marketing/senders): the DNS records a sender domain publishes,
where its checks ask, and how long an activation link lives."""

from config.settings.env import env

# "host" or "host:port"; empty = the system resolver. Tests point it at
# tests/support/dns_server.py.
SENDERS_DNS_NAMESERVERS = env.list(
    "SENDERS_DNS_NAMESERVERS", default=env.list("DNS_NAMESERVERS", default=[])
)
# Seconds one lookup may take.
SENDERS_DNS_TIMEOUT = env.float("SENDERS_DNS_TIMEOUT", default=3.0)
# The sender domain's CNAME (spec 9): <label>.<domain> points at our bounce host, so the
# return path can be the client's own sub-domain.
SENDER_RETURN_PATH_LABEL = env("SENDER_RETURN_PATH_LABEL", default="mc-bounces")
# The one TXT verification record (spec 9): <label>.<domain> = "<prefix><token>".
SENDER_VERIFICATION_TXT_LABEL = env("SENDER_VERIFICATION_TXT_LABEL", default="_mailcraft")
SENDER_VERIFICATION_TXT_PREFIX = "mailcraft-verification="
# What a client's SPF record must include for our relays.
SENDER_SPF_INCLUDE = env("SENDER_SPF_INCLUDE", default="_spf.mailcraft.localhost")
# An activation link works once and for this many seconds.
SENDER_ACTIVATION_MAX_AGE = env.int("SENDER_ACTIVATION_MAX_AGE", default=3 * 24 * 3600)
# A tracking domain is saved only while its CNAME points here.
TRACKING_CNAME_TARGET = env("TRACKING_CNAME_TARGET", default="track.mailcraft.localhost")
