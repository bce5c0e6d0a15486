"""Email verification: the DNS resolver the verifier asks, its time limits, how long a
domain's answer is cached, and the batch size of the verification task."""

from config.settings.env import env

# "host" or "host:port" ("[v6]:port"); empty = the system resolver (/etc/resolv.conf).
VERIFICATION_DNS_NAMESERVERS = env.list("DNS_NAMESERVERS", default=[])
# Seconds one lookup may take (the resolver's lifetime); capped at 2 s by the verifier.
VERIFICATION_DNS_TIMEOUT = env.float("DNS_TIMEOUT", default=2.0)
# Seconds a domain's Valid/Invalid answer is cached; Unknown (a timeout, a failing server)
# is cached briefly so one run does not hammer a dead server, then retried.
VERIFICATION_CACHE_TTL = env.int("VERIFICATION_CACHE_TTL", default=24 * 3600)
VERIFICATION_UNKNOWN_CACHE_TTL = env.int("VERIFICATION_UNKNOWN_CACHE_TTL", default=300)
# Profiles per batch; distinct domains of a batch are resolved in parallel by this many
# threads. A task run stops after its time budget and re-queues itself for the rest.
VERIFICATION_BATCH_SIZE = env.int("VERIFICATION_BATCH_SIZE", default=200)
VERIFICATION_DNS_WORKERS = env.int("VERIFICATION_DNS_WORKERS", default=16)
VERIFICATION_TASK_BUDGET_SECONDS = env.int("VERIFICATION_TASK_BUDGET_SECONDS", default=120)

# Task modules outside `<app>/tasks.py` that the worker must import.
CELERY_IMPORTS = ["marketing.audience.verification_tasks"]
