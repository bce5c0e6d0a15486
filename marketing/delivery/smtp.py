"""SMTP transport: pooled connections, one recipient per transaction, and what each
reply means for the ledger.

One recipient per transaction because the ledger records an outcome per recipient and a
receiver may accept some recipients of a transaction and refuse others. The connection is
reused until it fails or reaches `max_messages` (RSET only after a refusal; a connection
the server closed while idle is replaced when the next MAIL finds it gone). MAIL, RCPT and
DATA go in one write where the server offers PIPELINING: two round trips per message, and
the message, when `send` gets its builder, is built while the first is under way.

Outcomes (issue 12, "Outcomes"):

| reply | outcome | the ledger does |
| --- | --- | --- |
| 2xx after DATA | SENT | sent |
| 5.1.x, 5.2.1; a bare or 5.0.0 5xx naming a missing mailbox | HARD_BOUNCE | failed, suppressed |
| 5.7.x | SENDER_PROBLEM | pause the send, tell the client; never suppress |
| 421, 4.7.x | SLOW_DOWN | retry later with backoff; the receiving domain's rate halves a while |
| other 4xx, or the connection failed before DATA ended | DEFERRED | retry later with backoff |
| other 5xx (a bare "550 blocked" too: the sender's problem) | FAILED | failed, not suppressed |
| lost after the message, before the reply | UNKNOWN | retry after the lease, same Message-ID |
"""

from __future__ import annotations

import functools
import re
import smtplib
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from marketing.delivery.bounce_reading import reason_of_reply
from marketing.delivery.bounce_reading.reasons import HARD_REASONS, Reason

# RFC 5321 4.5.3.2.6: the client waits 10 minutes for the reply to the final dot.
DATA_TERMINATION_TIMEOUT = 600
COMMAND_TIMEOUT = 60
_ENHANCED = re.compile(r"^\s*([245])\.(\d{1,3})\.(\d{1,3})\b")
# An address with nothing smtplib's parser would change: sent as <address> without it
# (the parser cost more than the rest of the envelope).
_PLAIN_ADDRESS = re.compile(r"[^\s<>()\[\]\\,;:\"@]+@[^\s<>()\[\]\\,;:\"@]+\Z", re.ASCII)


def dot_stuffed(data: bytes) -> bytes:
    """RFC 5321 4.5.2: a line starting with a dot gets another; the data ends in CRLF."""
    # Plain replaces in C (a style sheet's rules start lines with a dot: no regex per line).
    data = data.replace(b"\n.", b"\n..")
    if data.startswith(b"."):
        data = b"." + data
    return data if data.endswith(b"\r\n") else data + b"\r\n"


def envelope_address(address: str) -> str:
    """`<address>` as MAIL FROM and RCPT TO take it (smtplib.quoteaddr's result)."""
    if _PLAIN_ADDRESS.match(address):
        return f"<{address}>"
    return smtplib.quoteaddr(address)


class BuildError(Exception):
    """Raised by a message builder handed to `send` (its cause: what went wrong): passes
    through the transport untouched, after closing a connection it left mid-transaction."""


class Outcome(StrEnum):
    SENT = "sent"
    DEFERRED = "deferred"
    HARD_BOUNCE = "hardBounce"
    SENDER_PROBLEM = "senderProblem"
    SLOW_DOWN = "slowDown"  # a receiver's "too fast": deferred, and its domain's rate halves
    FAILED = "failed"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Reply:
    outcome: Outcome
    code: int = 0
    text: str = ""

    @property
    def summary(self) -> str:
        """What the ledger keeps as the last SMTP reply."""
        return f"{self.code} {self.text}".strip()[:500]


def classify(code: int, text: str) -> Outcome:
    """The outcome of a refusal (4xx/5xx) from its code and enhanced status (RFC 3463)."""
    enhanced = _ENHANCED.match(text)
    if enhanced and enhanced.groups()[1:] != ("0", "0"):
        klass, subject, detail = enhanced.groups()
        if subject == "7":
            return Outcome.SLOW_DOWN if klass == "4" else Outcome.SENDER_PROBLEM
        if code == 421:
            return Outcome.SLOW_DOWN
        if klass == "5" and (subject == "1" or (subject, detail) == ("2", "1")):
            return Outcome.HARD_BOUNCE
        return Outcome.DEFERRED if klass == "4" else Outcome.FAILED
    if code == 421:  # "service not available, closing": the receiver wants us slower
        return Outcome.SLOW_DOWN
    if 400 <= code < 500:
        return Outcome.DEFERRED
    if reply_reason(text) in HARD_REASONS:
        return Outcome.HARD_BOUNCE
    return Outcome.FAILED


def reply_reason(text: str) -> Reason:
    """The reason a refusal's text gives (a bare or generic code says nothing itself)."""
    return reason_of_reply(text)


def _reply(code: int, raw: bytes | str, outcome: Outcome | None = None) -> Reply:
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    text = " ".join(text.split())
    return Reply(outcome or classify(code, text), code, text)


@functools.cache
def _default_tls_context() -> ssl.SSLContext:
    """One per process: building it loads the CA store (~50 ms), once per connection
    otherwise."""
    return ssl.create_default_context()


class SmtpConnection:
    """One SMTP session, used for many messages in turn."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        helo: str | None = None,
        username: str = "",
        password: str = "",
        require_tls: bool = False,
        tls_context: ssl.SSLContext | None = None,
    ) -> None:
        self.host, self.port, self.helo = host, port, helo
        self.username, self.password = username, password
        self.require_tls = require_tls
        self.tls_context = tls_context or _default_tls_context()
        self.client: smtplib.SMTP | None = None
        self.sent = 0
        self.unclean = False  # a refused transaction may still be open on the server

    def open(self) -> None:
        client = smtplib.SMTP(
            self.host, self.port, local_hostname=self.helo, timeout=COMMAND_TIMEOUT
        )
        client.ehlo()
        if client.has_extn("starttls"):
            client.starttls(context=self.tls_context)
            client.ehlo()
        elif self.require_tls:
            client.close()
            raise smtplib.SMTPNotSupportedError("The server does not offer STARTTLS.")
        if self.username:
            client.login(self.username, self.password)
        self.client, self.sent, self.unclean = client, 0, False

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.quit()
            except (smtplib.SMTPException, OSError):
                self.client.close()
        self.client = None

    def send(self, mail_from: str, rcpt_to: str, data: bytes | Callable[[], bytes]) -> Reply:
        """Send one message to one recipient; never raises for what a receiver says.
        `data`: the message, or its builder, called once MAIL, RCPT and DATA are written,
        so the message is built while the server answers them (a BuildError it raises
        closes the connection, whose transaction then ends unfinished, and goes on)."""
        message = data if isinstance(data, bytes) else None
        try:
            if self.client is None:
                self.open()
                refused, message = self._envelope(mail_from, rcpt_to, message, data)
            else:
                try:
                    refused, message = self._envelope(mail_from, rcpt_to, message, data)
                except (smtplib.SMTPServerDisconnected, OSError):
                    # An idle connection the server has since closed (nothing was handed
                    # over yet): once more on a new one.
                    self.close()
                    self.open()
                    refused, message = self._envelope(mail_from, rcpt_to, message, data)
        except (smtplib.SMTPException, OSError) as error:
            # Nothing was handed over yet: safe to try again later.
            self.close()
            return Reply(Outcome.DEFERRED, 0, f"Connection failed: {error}"[:500])
        return refused or self._data(message)

    def _envelope(
        self,
        mail_from: str,
        rcpt_to: str,
        message: bytes | None,
        build: Callable[[], bytes] | bytes,
    ) -> tuple[Reply | None, bytes]:
        """MAIL, RCPT and DATA, and the message (built here if not yet); no refusal once
        the server waits for the message (354), else the refusal. With PIPELINING (RFC
        2920) the three go in one write and their replies come back together: one round
        trip instead of three, and the message is built meanwhile. A transaction a
        refusal left open is reset (RSET) before the next one, not after every message."""
        client = self.client
        if self.unclean:
            client.rset()
            self.unclean = False
        pipelined = client.does_esmtp and client.has_extn("pipelining")
        envelope = (
            f"MAIL FROM:{envelope_address(mail_from)}\r\n"
            f"RCPT TO:{envelope_address(rcpt_to)}\r\nDATA\r\n"
        )
        # An address that is not ASCII cannot go without SMTPUTF8 (smtplib raises): its
        # message is built first, and its building fails first, as that of a To: header
        # no encoder takes does.
        early = pipelined and envelope.isascii()
        if early:
            client.send(envelope)
        if message is None:
            try:
                message = build()
            except BuildError:
                if early:
                    client.close()  # no QUIT: the server may be waiting for the message
                    self.client = None
                raise
        if pipelined:
            if not early:
                client.send(envelope)
            mail, rcpt, data = self._replies(3)
        else:
            mail = client.mail(mail_from)
            rcpt = client.rcpt(rcpt_to) if mail[0] == 250 else None
            data = client.docmd("data") if rcpt and rcpt[0] in (250, 251) else None
        if mail[0] != 250:
            refusal = mail
        elif rcpt[0] not in (250, 251):
            refusal = rcpt
        elif data[0] != 354:
            refusal = data
        else:
            return None, message
        if data and data[0] == 354:  # DATA taken though MAIL or RCPT was not: send nothing
            client.send(b".\r\n")
            self._replies(1)
        self.unclean = True
        return self._refused(*refusal), message

    def _data(self, data: bytes) -> Reply:
        client = self.client
        try:
            client.sock.settimeout(DATA_TERMINATION_TIMEOUT)
            client.send(dot_stuffed(data) + b".\r\n")
            [(code, text)] = self._replies(1)
            client.sock.settimeout(COMMAND_TIMEOUT)
        except (TimeoutError, smtplib.SMTPException, OSError) as error:
            # The message may or may not have been taken (RFC 1047).
            self.close()
            return Reply(Outcome.UNKNOWN, 0, f"No reply after the message: {error}"[:500])
        if 200 <= code < 300:
            self.sent += 1
            return _reply(code, text, Outcome.SENT)
        return self._refused(code, text)

    def _replies(self, count: int) -> list[tuple[int, bytes]]:
        """The next `count` replies, read straight off the socket (smtplib reads and parses
        each line on its own: most of the client's time per message), as smtplib's
        getreply gives them: (code, the lines' texts joined by LF), code -1 for a line
        without one. Only whole replies are taken: the server sends nothing unasked, so
        nothing is left in between for smtplib's own reads (EHLO, AUTH, the commands
        without PIPELINING)."""
        sock, data, replies, lines = self.client.sock, b"", [], []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                if len(data) - start > smtplib._MAXLINE:
                    raise smtplib.SMTPResponseException(500, "Line too long.")
                chunk = sock.recv(65536)
                if not chunk:
                    raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
                data, start = data[start:] + chunk, 0
                continue
            line, start = data[start : end + 1], end + 1
            lines.append(line[4:].strip(b" \t\r\n"))
            try:
                code = int(line[:3])
            except ValueError:
                code = -1
            if code == -1 or line[3:4] != b"-":
                replies.append((code, b"\n".join(lines)))
                if len(replies) == count:
                    return replies
                lines = []

    def _refused(self, code: int, text: bytes) -> Reply:
        if code == 421 or code < 0:  # the server is closing the session
            self.close()
        return _reply(code, text)


class SmtpPool:
    """Connections per destination, shared by a worker's threads (one user per
    connection at a time), each used for at most `max_messages` messages."""

    def __init__(self, *, max_connections: int = 4, max_messages: int = 100, **options):
        self.max_connections, self.max_messages = max_connections, max_messages
        self.options = options
        self._idle: dict[tuple[str, int], list[SmtpConnection]] = {}
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(max_connections)

    def send(
        self, host: str, port: int, mail_from: str, rcpt_to: str, data: bytes | Callable[[], bytes]
    ) -> Reply:
        with self._slots:
            connection = self._take(host, port)
            try:
                return connection.send(mail_from, rcpt_to, data)
            finally:
                self._give_back(host, port, connection)

    def _take(self, host: str, port: int) -> SmtpConnection:
        with self._lock:
            idle = self._idle.get((host, port))
            if idle:
                return idle.pop()
        return SmtpConnection(host, port, **self.options)

    def _give_back(self, host: str, port: int, connection: SmtpConnection) -> None:
        if connection.client is None:
            return
        if connection.sent >= self.max_messages:
            connection.close()
            return
        with self._lock:
            self._idle.setdefault((host, port), []).append(connection)

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, {}
        for connections in idle.values():
            for connection in connections:
                connection.close()
