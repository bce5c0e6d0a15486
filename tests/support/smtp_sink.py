"""An SMTP sink with fault switches (aiosmtpd), for the delivery tests and benches.

It accepts mail like a receiving server and keeps every message it accepted in memory,
and it can misbehave the ways real receivers do, each switch on its own:

- `hard_bounce`: recipients answered `550 5.1.1` (unknown user) at RCPT;
- `policy_block`: recipients answered `554 5.7.1` (a sender problem, not the recipient's);
- `temp_fail_ratio` + `temp_fail_until`: that share of recipients (chosen by a hash of the
  address, so the same ones each time) answered `451 4.3.0` until a moment;
- `drop_after_data`: recipients whose first DATA is taken and then the connection is
  closed without a reply (the ambiguous outcome of RFC 1047);
- `defer_always`: recipients answered `451 4.3.0` every time;
- `drop_always`: recipients whose every DATA is followed by a dropped connection;
- `slow_down`: receiving domains answered `421 4.7.0` ("too fast") at RCPT.

Each accepted message keeps the wall-clock moment it was accepted (`Received.at`).

Run alone: `python -m tests.support.smtp_sink --port 1025`.
"""

from __future__ import annotations

import argparse
import hashlib
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


@dataclass
class Faults:
    hard_bounce: set[str] = field(default_factory=set)
    policy_block: set[str] = field(default_factory=set)
    temp_fail_ratio: float = 0.0
    temp_fail_until: float = 0.0  # time.monotonic() deadline
    drop_after_data: set[str] = field(default_factory=set)
    defer_always: set[str] = field(default_factory=set)
    drop_always: set[str] = field(default_factory=set)
    slow_down: set[str] = field(default_factory=set)
    # Offered in EHLO, as Postfix and the big receivers do (RFC 2920); off: a server that
    # takes one command at a time.
    pipelining: bool = True

    def rcpt_reply(self, address: str) -> str | None:
        address = address.lower()
        if address.rpartition("@")[2] in self.slow_down:
            return "421 4.7.0 Try again later, too many messages from you"
        if address in self.hard_bounce:
            return "550 5.1.1 The email account that you tried to reach does not exist"
        if address in self.policy_block:
            return "554 5.7.1 Message rejected by policy"
        if address in self.defer_always:
            return "451 4.3.0 Try again later"
        if self.temp_fail_ratio and time.monotonic() < self.temp_fail_until:
            share = int.from_bytes(hashlib.sha256(address.encode()).digest()[:2], "big") / 65535
            if share < self.temp_fail_ratio:
                return "451 4.3.0 Try again later"
        return None


@dataclass(frozen=True)
class Received:
    mail_from: str
    rcpt_to: tuple[str, ...]
    data: bytes
    at: float = field(default_factory=time.time)  # when the sink accepted it (wall clock)

    @property
    def message(self):
        return message_from_bytes(self.data, policy=policy.default)


class SinkHandler:
    def __init__(self) -> None:
        self.faults = Faults()
        self.received: list[Received] = []
        self.rcpt_attempts: dict[str, int] = {}
        self.peers: set[tuple] = set()  # one client (address, port) per connection
        self._dropped: set[str] = set()
        self._lock = threading.Lock()

    async def handle_EHLO(self, server, session, envelope, hostname, responses):
        session.host_name = hostname
        if self.faults.pipelining:
            responses.insert(-1, "250-PIPELINING")
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        with self._lock:
            self.rcpt_attempts[address.lower()] = self.rcpt_attempts.get(address.lower(), 0) + 1
            self.peers.add(tuple(session.peer))
        reply = self.faults.rcpt_reply(address)
        if reply:
            return reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        recipients = tuple(address.lower() for address in envelope.rcpt_tos)
        to_drop = [r for r in recipients if r in self.faults.drop_after_data]
        with self._lock:
            first_time = [r for r in to_drop if r not in self._dropped]
            self._dropped.update(first_time)
        if first_time or any(r in self.faults.drop_always for r in recipients):
            server.transport.close()  # the message arrived; the sender never hears so
            return "250 never sent"
        with self._lock:
            self.received.append(Received(envelope.mail_from, recipients, envelope.content))
        return "250 Message accepted for delivery"

    def for_recipient(self, address: str) -> list[Received]:
        with self._lock:
            return [r for r in self.received if address.lower() in r.rcpt_to]


class SmtpSink:
    """A running sink: `with SmtpSink() as sink: ... sink.port, sink.handler`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.handler = SinkHandler()
        self._controller = Controller(
            self.handler, hostname=host, port=port or _free_port(host), data_size_limit=0
        )

    @property
    def host(self) -> str:
        return self._controller.hostname

    @property
    def port(self) -> int:
        return self._controller.port

    def __enter__(self) -> SmtpSink:
        self._controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self._controller.stop()


def _free_port(host: str) -> int:
    import socket

    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def main() -> None:  # pragma: no cover - a developer's tool
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1025)
    args = parser.parse_args()
    with SmtpSink(args.host, args.port) as sink:
        print(f"SMTP sink on {sink.host}:{sink.port} (Ctrl-C stops)", flush=True)
        try:
            while True:  # a developer's tool, serving until Ctrl-C (not a test's wait)
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":  # pragma: no cover
    main()
