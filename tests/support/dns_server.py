"""A tiny authoritative-looking DNS server for tests: UDP on 127.0.0.1, a free port, one
thread, answers from a dict. Nothing here ever reaches the network.

    records = {"good.example.com": {"MX": ["10 mx.good.example.com."]},
               "aonly.example.com": {"A": ["192.0.2.1"]},
               "broken.example.com": "SERVFAIL"}

A name absent from `records` is NXDOMAIN; a present name without the asked type answers
NOERROR with no records (dnspython's NoAnswer). `silent=True` makes a server that reads
queries and never answers (timeouts). `queries` lists every (name, type) received."""

from __future__ import annotations

import socket
import threading

import dns.flags
import dns.message
import dns.name
import dns.rcode
import dns.rdataclass
import dns.rdatatype
import dns.rrset


class FakeDNSServer:
    def __init__(self, records: dict | None = None, *, silent: bool = False, ttl: int = 300):
        self.records = {self._key(name): value for name, value in (records or {}).items()}
        self.silent = silent
        self.ttl = ttl
        self.queries: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.settimeout(0.05)
        self.port = self._sock.getsockname()[1]
        self._thread = threading.Thread(target=self._serve, name="fake-dns", daemon=True)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @staticmethod
    def _key(name: str) -> str:
        return name.lower().rstrip(".")

    def count(self, name: str | None = None) -> int:
        with self._lock:
            if name is None:
                return len(self.queries)
            return sum(1 for queried, _ in self.queries if queried == self._key(name))

    def __enter__(self) -> FakeDNSServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                wire, peer = self._sock.recvfrom(4096)
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                query = dns.message.from_wire(wire)
            except Exception:  # garbage is dropped, as a server would
                continue
            question = query.question[0]
            name = self._key(question.name.to_text())
            rdtype = dns.rdatatype.to_text(question.rdtype)
            with self._lock:
                self.queries.append((name, rdtype))
            if self.silent:
                continue
            self._sock.sendto(self._answer(query, name, rdtype).to_wire(), peer)

    def _answer(self, query: dns.message.Message, name: str, rdtype: str) -> dns.message.Message:
        response = dns.message.make_response(query)
        response.flags |= dns.flags.AA | dns.flags.RA
        entry = self.records.get(name)
        if entry is None:
            response.set_rcode(dns.rcode.NXDOMAIN)
        elif isinstance(entry, str):  # "SERVFAIL", "REFUSED"...
            response.set_rcode(dns.rcode.from_text(entry))
        elif entry.get(rdtype):
            response.answer.append(
                dns.rrset.from_text_list(
                    query.question[0].name, self.ttl, dns.rdataclass.IN, rdtype, entry[rdtype]
                )
            )
        return response
