"""The fault switches of the test SMTP sink answer as real receivers do."""

import smtplib
import time

import pytest

from tests.support.smtp_sink import SmtpSink

MESSAGE = b"From: a@shop.example\r\nTo: b@mail.example\r\nSubject: hi\r\n\r\nhello\r\n"


@pytest.fixture
def sink():
    with SmtpSink() as running:
        yield running


def _send(sink, recipient):
    with smtplib.SMTP(sink.host, sink.port, timeout=10) as client:
        return client.sendmail("bounce@shop.example", [recipient], MESSAGE)


def test_accepts_and_keeps(sink):
    _send(sink, "b@mail.example")
    [received] = sink.handler.for_recipient("B@mail.example")
    assert received.message["Subject"] == "hi"


def test_hard_bounce_and_policy_block(sink):
    sink.handler.faults.hard_bounce.add("gone@mail.example")
    sink.handler.faults.policy_block.add("strict@mail.example")
    with pytest.raises(smtplib.SMTPRecipientsRefused) as gone:
        _send(sink, "gone@mail.example")
    assert gone.value.recipients["gone@mail.example"][0] == 550
    with pytest.raises(smtplib.SMTPRecipientsRefused) as strict:
        _send(sink, "strict@mail.example")
    code, text = strict.value.recipients["strict@mail.example"]
    assert code == 554 and b"5.7.1" in text


def test_temporary_failures_for_a_share_until_a_moment(sink):
    faults = sink.handler.faults
    faults.temp_fail_ratio, faults.temp_fail_until = 0.3, time.monotonic() + 60
    refused = 0
    for n in range(100):
        try:
            _send(sink, f"user{n}@mail.example")
        except smtplib.SMTPRecipientsRefused as error:
            assert error.recipients[f"user{n}@mail.example"][0] == 451
            refused += 1
    assert 15 <= refused <= 45
    faults.temp_fail_until = 0
    for n in range(100):
        _send(sink, f"user{n}@mail.example")
    assert len(sink.handler.received) == 200 - refused


def test_drop_after_data_once(sink):
    sink.handler.faults.drop_after_data.add("flaky@mail.example")
    with pytest.raises(smtplib.SMTPServerDisconnected):
        _send(sink, "flaky@mail.example")
    assert sink.handler.for_recipient("flaky@mail.example") == []
    _send(sink, "flaky@mail.example")  # the retry goes through
    assert len(sink.handler.for_recipient("flaky@mail.example")) == 1
