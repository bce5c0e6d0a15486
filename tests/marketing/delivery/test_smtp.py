"""The SMTP transport against the fault-switch sink: each receiver answer becomes the
outcome the ledger needs."""

import smtplib
import socket
import threading
import time
from types import SimpleNamespace

import pytest

from marketing.delivery.smtp import (
    BuildError,
    Outcome,
    SmtpConnection,
    SmtpPool,
    classify,
    dot_stuffed,
)
from tests.support.smtp_sink import SmtpSink

MESSAGE = (
    b"From: a@shop.example\r\nTo: b@mail.example\r\nSubject: hi\r\n\r\n"
    b"hello\r\n.hidden line\r\n..two dots\r\n"
)


@pytest.fixture
def sink():
    with SmtpSink() as running:
        yield running


@pytest.fixture
def pool():
    pool = SmtpPool(max_connections=2, max_messages=3)
    yield pool
    pool.close()


def _send(pool, sink, rcpt):
    return pool.send(sink.host, sink.port, "bounce+x@shop.example", rcpt, MESSAGE)


@pytest.mark.parametrize(
    ("code", "text", "outcome"),
    [
        (550, "5.1.1 User unknown", Outcome.HARD_BOUNCE),
        (550, "5.2.1 Mailbox disabled", Outcome.HARD_BOUNCE),
        (552, "5.2.2 Mailbox full", Outcome.FAILED),
        (550, "5.7.1 Blocked by policy", Outcome.SENDER_PROBLEM),
        (421, "4.7.0 Try again later, rate limited", Outcome.SLOW_DOWN),
        (450, "4.7.1 Greylisted, try again later", Outcome.SLOW_DOWN),
        (421, "Too many connections", Outcome.SLOW_DOWN),
        (451, "4.3.0 Temporary failure", Outcome.DEFERRED),
        (450, "Mailbox busy", Outcome.DEFERRED),
        (550, "No such user here", Outcome.HARD_BOUNCE),
        (554, "Transaction failed", Outcome.FAILED),
        # The text decides where the code says nothing: a bare 550 that blocks the sender
        # suppresses no one; a generic 5.0.0 that names a missing mailbox does.
        (550, "Blocked - see https://www.spamhaus.org/query/ip/192.0.2.1", Outcome.FAILED),
        (
            550,
            "5.0.0 <ann@mail.example>: User unknown in local recipient table",
            Outcome.HARD_BOUNCE,
        ),
    ],
)
def test_classify(code, text, outcome):
    assert classify(code, text) == outcome


@pytest.mark.parametrize(
    ("data", "stuffed"),
    [
        (b".first\r\nsecond", b"..first\r\nsecond\r\n"),
        (b"a\r\n.\r\n..b\r\n.c {}\r\n", b"a\r\n..\r\n...b\r\n..c {}\r\n"),
        (b"no dot. here\r\n", b"no dot. here\r\n"),
        (b"", b"\r\n"),
    ],
)
def test_dot_stuffing(data, stuffed):
    """RFC 5321 4.5.2: every line that starts with a dot gets one more."""
    assert dot_stuffed(data) == stuffed


def test_sent_keeps_dots_and_reuses_the_connection(sink, pool):
    for n in range(7):
        reply = _send(pool, sink, f"u{n}@mail.example")
        assert reply.outcome == Outcome.SENT and reply.code == 250
    [kept] = sink.handler.for_recipient("u0@mail.example")
    assert b"\r\n.hidden line\r\n..two dots\r\n" in kept.data
    assert len(sink.handler.peers) == 3  # 3 + 3 + 1: a connection retires after 3 messages


@pytest.mark.parametrize("pipelining", [True, False])
def test_receiver_answers_become_outcomes(sink, pool, pipelining):
    faults = sink.handler.faults
    faults.pipelining = pipelining
    faults.hard_bounce.add("gone@mail.example")
    faults.policy_block.add("strict@mail.example")
    faults.temp_fail_ratio, faults.temp_fail_until = 1.0, time.monotonic() + 60
    assert _send(pool, sink, "gone@mail.example").outcome == Outcome.HARD_BOUNCE
    policy = _send(pool, sink, "strict@mail.example")
    assert policy.outcome == Outcome.SENDER_PROBLEM and "5.7.1" in policy.summary
    assert _send(pool, sink, "later@mail.example").outcome == Outcome.DEFERRED
    faults.temp_fail_until = 0
    assert _send(pool, sink, "later@mail.example").outcome == Outcome.SENT
    # Each refusal left its connection clean for the next message (one per connection in
    # turn, the pool's two reused); every message after a refusal was taken whole.
    assert _send(pool, sink, "after@mail.example").outcome == Outcome.SENT
    [taken] = sink.handler.for_recipient("after@mail.example")
    assert taken.data.endswith(b"..two dots\r\n") and taken.mail_from == "bounce+x@shop.example"


def test_connection_lost_after_data_is_unknown_then_retry_works(sink, pool):
    sink.handler.faults.drop_after_data.add("flaky@mail.example")
    assert _send(pool, sink, "flaky@mail.example").outcome == Outcome.UNKNOWN
    assert _send(pool, sink, "flaky@mail.example").outcome == Outcome.SENT


def test_no_server_defers(pool):
    with SmtpSink() as gone:
        host, port = gone.host, gone.port
    reply = pool.send(host, port, "b@shop.example", "x@mail.example", MESSAGE)
    assert reply.outcome == Outcome.DEFERRED and "Connection failed" in reply.text


def test_an_idle_connection_the_server_closed_is_replaced(pool):
    with SmtpSink() as first:
        assert _send(pool, first, "a@mail.example").outcome == Outcome.SENT
        host, port = first.host, first.port
    with SmtpSink(host, port) as second:  # same address, the old connection is dead
        assert _send(pool, second, "b@mail.example").outcome == Outcome.SENT


@pytest.mark.parametrize("pipelining", [True, False])
def test_a_builder_is_called_once_and_its_failure_delivers_nothing(sink, pool, pipelining):
    sink.handler.faults.pipelining = pipelining
    calls = []

    def build():
        calls.append(1)
        return MESSAGE

    def broken():
        raise BuildError from UnicodeError("label too long")

    send = pool.send
    assert send(sink.host, sink.port, "b@shop.example", "u1@mail.example", build).code == 250
    assert calls == [1]
    # The connection it leaves mid-transaction is closed: the server ends that transaction
    # unfinished, and the next message goes on a new connection.
    with pytest.raises(BuildError) as failed:
        send(sink.host, sink.port, "b@shop.example", "u2@mail.example", broken)
    assert isinstance(failed.value.__cause__, UnicodeError)
    assert send(sink.host, sink.port, "b@shop.example", "u3@mail.example", build).code == 250
    assert calls == [1, 1]
    assert not sink.handler.for_recipient("u2@mail.example")
    assert sink.handler.for_recipient("u3@mail.example")[0].data.endswith(b"..two dots\r\n")


def test_replies_read_off_the_socket_as_smtplib_parses_them():
    """Multi-line replies, replies split across reads, and a line without a code."""
    ours, server = socket.socketpair()
    connection = SmtpConnection("127.0.0.1", 25)
    connection.client = SimpleNamespace(sock=ours)
    with ours, server:
        server.sendall(b"250-first line\r\n250 second \r\n35")
        threading.Timer(0.05, server.sendall, [b"4 go ahead\r\n"]).start()
        assert connection._replies(2) == [(250, b"first line\nsecond"), (354, b"go ahead")]
        server.sendall(b"oops\r\n")
        assert connection._replies(1) == [(-1, b"")]
        server.close()
        with pytest.raises(smtplib.SMTPServerDisconnected):
            connection._replies(1)
