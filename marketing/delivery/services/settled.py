"""A send's caller learns at once when its send settles: when the pipeline finishes a send
or pauses it (a sender problem, the breaker, a person), `send_settled` is sent once the
change commits, with the send's kind as sender. Campaigns listen for their kind and take
their send's status within seconds instead of at their next minute tick, which stays as
the backstop (a lost notice only delays the status, never loses it).

Delivery knows nothing of its callers: a caller connects a receiver in its app's
`ready()`. Receivers must be quick and must not raise into the pipeline (they are called
with `send_robust`; a failure is logged and the tick catches up)."""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)

# sender: the send's kind (SendKind value); keyword argument: send_id (None when a pause
# took every sending send of the client at once, as the breaker does).
send_settled = Signal()


def send_settled_announce(kind: str, send_id: int | None) -> None:
    """Send `send_settled` for this send once the current transaction commits."""
    transaction.on_commit(partial(_announce, kind, send_id))


def _announce(kind: str, send_id: int | None) -> None:
    for receiver, outcome in send_settled.send_robust(sender=kind, send_id=send_id):
        if isinstance(outcome, Exception):
            logger.error("delivery: a send_settled receiver failed (%s): %r", receiver, outcome)
