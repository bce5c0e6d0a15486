"""Limits on the mail the platform sends for a person (issue 22.4): a sender's activation
mail now, opt-in confirmations and password resets next. Each goes to an address someone
typed, from the platform's own From, so unlimited it is a way to flood an inbox or to
spend the platform's reputation. Every such mail asks `person_mail_allow` first.

Each kind of mail has its own hourly windows (core/hourly_limits.py, counted all or
nothing in one Redis script):

- per target address (PERSON_MAIL_HOURLY_PER_ADDRESS), across every client: one inbox is
  one inbox whoever asks (the key holds a hash of the address, not the address);
- per sender, the signed-in person asking (PERSON_MAIL_HOURLY_PER_SENDER), across clients;
- per client (PERSON_MAIL_HOURLY_PER_CLIENT);
- per caller's IP address (PERSON_MAIL_HOURLY_PER_IP), for the public forms to come.

The person and the address come from the audit context the request set (a task acting
for nobody has neither window). A refusal is a 429 with Retry-After, in the catalogue's
words."""

from __future__ import annotations

import hashlib

from django.conf import settings

from core.audit.context import audit_context_current
from core.hourly_limits import LimitReached, Window, windows_take
from core.messages import PERSON_MAIL_TOO_MANY, PERSON_MAIL_TOO_MANY_TO_ADDRESS

SENDER_ACTIVATION = "sender-activation"


def _address_key(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]


def person_mail_allow(kind: str, *, to: str, client: str) -> None:
    """Count one mail of `kind` to `to` for client `client` (its schema) in every window,
    or raise LimitReached when one of them is full (nothing is counted then)."""
    context = audit_context_current()
    prefix = f"person-mail:{kind}"
    address = Window(f"{prefix}:to:{_address_key(to)}", settings.PERSON_MAIL_HOURLY_PER_ADDRESS)
    windows = [address, Window(f"{prefix}:client:{client}", settings.PERSON_MAIL_HOURLY_PER_CLIENT)]
    if context.actor_id is not None:
        per_sender = settings.PERSON_MAIL_HOURLY_PER_SENDER
        windows.append(Window(f"{prefix}:sender:{context.actor_id}", per_sender))
    if context.client_address:
        per_ip = settings.PERSON_MAIL_HOURLY_PER_IP
        windows.append(Window(f"{prefix}:ip:{context.client_address}", per_ip))
    refused = windows_take(windows)
    if refused is None:
        return
    if refused.window is address:
        message = PERSON_MAIL_TOO_MANY_TO_ADDRESS.format(email=to)
    else:
        message = PERSON_MAIL_TOO_MANY
    raise LimitReached(message, retry_after=refused.retry_after)
