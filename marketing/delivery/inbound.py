"""The inbound SMTP endpoint for what comes back: DSNs sent to VERP return paths and
complaint reports (ARF) sent to the abuse address. aiosmtpd accepts only addresses of
DELIVERY_BOUNCE_DOMAIN; each notice is read (bounces.py) and recorded in the schema of
the client its VERP address names (services/bounce_notices.py), off the event loop."""

import asyncio
import logging

from django.conf import settings
from django.db import close_old_connections, connections
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from marketing.delivery.bounces import notice_read, verp_read
from marketing.delivery.services.bounce_notices import notice_record

log = logging.getLogger(__name__)


def inbound_record(rcpt_tos: list[str], data: bytes) -> int:
    """Record the notice for every VERP address it reaches (an ARF report names it in
    Original-Mail-From); returns how many were recorded."""
    notice = notice_read(data)
    addresses = list(rcpt_tos)
    if notice.original_mail_from:
        addresses.append(notice.original_mail_from)
    recorded = 0
    for address in addresses:
        verp = verp_read(address)
        if verp is None or verp.schema == get_public_schema_name():
            continue
        if not get_tenant_model().objects.filter(schema_name=verp.schema).exists():
            continue
        with schema_context(verp.schema):
            recorded += notice_record(verp, notice)
    return recorded


def _record_in_thread(rcpt_tos: list[str], data: bytes) -> int:
    """inbound_record on a worker thread's own connection, closed afterwards."""
    close_old_connections()
    try:
        return inbound_record(rcpt_tos, data)
    finally:
        connections.close_all()


class InboundHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        domain = address.rpartition("@")[2].lower()
        if domain != settings.DELIVERY_BOUNCE_DOMAIN.lower():
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        try:
            await asyncio.to_thread(_record_in_thread, envelope.rcpt_tos, envelope.content)
        except Exception:  # never bounce a bounce: log and accept
            log.exception("could not record an inbound notice")
        return "250 OK"
