"""Open and click tracking of a send's messages: the glue between the send run, the
renderer and the tracking app (marketing/tracking: links.py says which links are
rewritten, endpoints.py answers them).

`send_tracking(send, compiled)` records the send's links once and gives its rewriter;
`message_tracking(tracker, profile_id)` gives one message's LinkTracking (for the
renderer) and its pixel adder. `tracking_origin()` is the one place tracking URLs get
their scheme and host."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import connection

from marketing.delivery.models import Send, SendKind
from marketing.rendering.services import CompiledEmail, LinkTracking
from marketing.tracking.services import MessageTracking, send_tracking_start

# The part of every send to typed addresses (transactional.addresses_send) starts so: its
# recipients are not profiles, so their opens and clicks are no one's activity.
ADDRESSES_PART = "addresses:"

# The client's verified tracking domain, or None (marketing.senders registers its selector
# at start: senders stands above delivery, so delivery asks through this hook).
_tracking_domain_lookup: Callable[[str], str | None] | None = None


def tracking_domain_lookup_register(lookup: Callable[[str], str | None]) -> None:
    global _tracking_domain_lookup
    _tracking_domain_lookup = lookup


def tracking_origin() -> str:
    """`<scheme>://<host>[:port]` of the current client's tracking links: its verified
    tracking domain when it has one, else its own primary host."""
    schema = connection.schema_name
    host = _tracking_domain_lookup(schema) if _tracking_domain_lookup else None
    host = host or connection.tenant.get_primary_domain().domain
    port = f":{settings.DELIVERY_LINK_PORT}" if settings.DELIVERY_LINK_PORT else ""
    return f"{settings.DELIVERY_LINK_SCHEME}://{host}{port}"


def send_tracking(send: Send, compiled: CompiledEmail) -> MessageTracking:
    return send_tracking_start(
        client_id=connection.tenant.pk,
        send_id=send.pk,
        origin=tracking_origin(),
        links=compiled.links,
        traps=compiled.traps,
        campaign_id=send.source_id if send.kind == SendKind.CAMPAIGN else None,
        workflow_step_id=send.source_id if send.kind == SendKind.WORKFLOW_STEP else None,
        # A test send's opens and clicks are no one's activity, nor those of a send to
        # typed addresses (a summary digest's).
        record_events=send.kind != SendKind.TEST and not send.part.startswith(ADDRESSES_PART),
    )


def message_tracking(
    tracker: MessageTracking, profile_id: int
) -> tuple[LinkTracking, Callable[[str], str]]:
    message = tracker.for_message(profile_id)
    return LinkTracking(href=message.href), message.pixel_add
