"""Where a message goes once it is built: one call, `transport.send(mail_from, rcpt_to,
data)`, one `smtp.Reply` back whose Outcome the ledger records, whatever carries it.

- `SmtpTransport`: the platform's relay (DELIVERY_SMTP_*), over the worker's pooled
  connections (smtp.py).
- `esp.EspTransport`: an ESP account of the client's, through django-anymail.

`transport_for(send, from_address)` picks the client's choice for the sender domain (its
own `SendingTransport` row, else the client's default row, else the relay): the send's
From domain, or a Rep-as-Sender row's own (a run keeps one per domain, `Transports`). A
worker keeps one transport per client row and rebuilds it when the row changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from django.conf import settings
from django.db import connection

from marketing.delivery.models import Send, SendingTransport, SendKind, TransportKind
from marketing.delivery.smtp import Reply, SmtpPool


class Transport(Protocol):
    def send(self, mail_from: str, rcpt_to: str, data: bytes | Callable[[], bytes]) -> Reply:
        """Hand over one message for one recipient; never raises for what the far end
        says. `mail_from` is the VERP return path: it names (and signs) the delivery.
        `data`: the message, or its builder (whose smtp.BuildError goes on to the caller),
        which the relay calls while its server answers the envelope."""


class SmtpTransport:
    def __init__(self, pool: SmtpPool, host: str, port: int) -> None:
        self.pool, self.host, self.port = pool, host, port

    def send(self, mail_from: str, rcpt_to: str, data: bytes | Callable[[], bytes]) -> Reply:
        return self.pool.send(self.host, self.port, mail_from, rcpt_to, data)


_pool: SmtpPool | None = None


def smtp_pool() -> SmtpPool:
    """The worker process's connections to the relay."""
    global _pool
    if _pool is None:
        _pool = SmtpPool(
            max_connections=settings.DELIVERY_SMTP_CONNECTIONS,
            username=settings.DELIVERY_SMTP_USER,
            password=settings.DELIVERY_SMTP_PASSWORD,
            require_tls=settings.DELIVERY_SMTP_REQUIRE_TLS,
        )
    return _pool


def smtp_transport() -> SmtpTransport:
    return SmtpTransport(smtp_pool(), settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT)


def transport_setting(sender_domain: str) -> SendingTransport | None:
    """The client's row for this domain, else its default row (call in its schema)."""
    rows = SendingTransport.objects.filter(sender_domain__in=[sender_domain.lower(), ""])
    return max(rows, key=lambda row: len(row.sender_domain), default=None)


_esp_transports: dict[tuple, object] = {}


class _EspForSend:
    """The client's ESP account, for one send (bulk mail goes on the ESP's broadcast
    stream where it has one)."""

    def __init__(self, esp, bulk: bool) -> None:
        self.esp, self.bulk = esp, bulk

    def send(self, mail_from: str, rcpt_to: str, data: bytes | Callable[[], bytes]) -> Reply:
        data = data if isinstance(data, bytes) else data()
        return self.esp.send(mail_from, rcpt_to, data, bulk=self.bulk)


def transport_for(send: Send, from_address: str = "") -> Transport:
    """The transport for the send's mail from `from_address` (a Rep-as-Sender row's own
    From), else from the send's From."""
    row = transport_setting((from_address or send.from_address).rpartition("@")[2])
    if row is None or row.kind == TransportKind.SMTP:
        return smtp_transport()
    from marketing.delivery.esp import EspTransport  # anymail loads only where it is used

    key = (connection.schema_name, row.pk, row.updated_at, EspTransport.settings_key())
    transport = _esp_transports.get(key)
    if transport is None:
        stale = [k for k in _esp_transports if k[:2] == key[:2]]
        for old in stale:
            _esp_transports.pop(old).close()
        transport = _esp_transports[key] = EspTransport.from_setting(row)
    return _EspForSend(transport, bulk=send.kind in (SendKind.CAMPAIGN, SendKind.WORKFLOW_STEP))


class Transports:
    """A run's transports by From domain, each looked up once."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self._by_domain: dict[str, Transport] = {}

    def get(self, from_address: str) -> Transport:
        """The transport for a row's own From (empty: the send's)."""
        domain = (from_address or self.send.from_address).rpartition("@")[2].lower()
        transport = self._by_domain.get(domain)
        if transport is None:
            transport = self._by_domain[domain] = transport_for(self.send, from_address)
        return transport
