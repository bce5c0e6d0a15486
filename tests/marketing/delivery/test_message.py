"""The outgoing message: MIME that parsers accept, no long lines, no header injection,
and a DKIM signature that still verifies over it."""

import email
from email import policy

import dkim
from hypothesis import given, settings
from hypothesis import strategies as st

from marketing.delivery.dkim import Signer, key_pair_generate
from marketing.delivery.message import (
    KNOWN_LINES_CHARACTERS,
    EncodedLines,
    OutgoingMessage,
    header_text,
)

KEY = key_pair_generate("rsa")
SIGNER = Signer.from_pem("shop.example", "s1", KEY.private_pem)


def _dns(name, timeout=5):
    return KEY.dns_txt.encode()


def _message(**overrides) -> OutgoingMessage:
    values = dict(
        from_name="Shop News",
        from_address="news@shop.example",
        to_address="ann@mail.example",
        subject="Spring sale",
        html="<p>Hello Ann</p>",
        text="Hello Ann",
        message_id="c42.p7.x1@shop.example",
        list_unsubscribe_url="https://shop.example/u/tok",
        list_unsubscribe_mailto="mailto:unsubscribe+tok@bounce.shop.example",
        list_id="Newsletter <newsletter.shop.example>",
        feedback_id="c42:client7:mailcraft",
    )
    values.update(overrides)
    return OutgoingMessage(**values)


def _parsed(raw: bytes):
    return email.message_from_bytes(raw, policy=policy.default)


def test_parts_headers_and_one_click():
    raw = _message().as_bytes()
    parsed = _parsed(raw)
    assert parsed["Subject"] == "Spring sale"
    assert parsed["Message-ID"] == "<c42.p7.x1@shop.example>"
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "<https://shop.example/u/tok>" in parsed["List-Unsubscribe"]
    assert "mailto:unsubscribe+tok" in parsed["List-Unsubscribe"]
    assert parsed["Feedback-ID"] == "c42:client7:mailcraft"
    plain, html = parsed.get_payload()
    assert plain.get_content_type() == "text/plain" and html.get_content_type() == "text/html"
    assert html.get_content().strip() == "<p>Hello Ann</p>"


def test_header_injection_through_fields_is_inert():
    raw = _message(
        subject="Hi\r\nBcc: victim@evil.example", from_name="Shop\nBcc: x@evil.example"
    ).as_bytes()
    parsed = _parsed(raw)
    assert parsed["Bcc"] is None
    assert "Bcc: victim@evil.example" in parsed["Subject"]  # kept as text, on one line
    assert header_text(" a\r\nb\x00c ") == "abc"


def test_non_ascii_subject_name_and_domain():
    raw = _message(
        subject="Grüße — 20 % Rabatt", from_name="Ünïcode Shop", to_address="ann@exämple.de"
    ).as_bytes()
    parsed = _parsed(raw)
    assert parsed["Subject"] == "Grüße — 20 % Rabatt"
    assert parsed["From"].addresses[0].display_name == "Ünïcode Shop"
    assert "ann@xn--exmple-cua.de" in raw.decode("ascii")
    raw.decode("ascii")  # every byte on the wire is ASCII


@settings(max_examples=50, deadline=None)
@given(
    subject=st.text(max_size=300),
    html=st.text(max_size=3000),
)
def test_any_content_keeps_lines_short_and_signature_valid(subject, html):
    raw = _message(subject=subject, html=html, text=html).as_bytes()
    assert all(len(line) <= 998 for line in raw.split(b"\r\n"))
    signed = SIGNER.sign(raw) + raw
    assert dkim.verify(signed, dnsfunc=_dns)
    parsed = _parsed(raw)
    html_part = parsed.get_payload()[1] if html else parsed  # no HTML: one text/plain part
    assert html_part.get_content().replace("\r\n", "\n").rstrip("\n") == (
        html.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    )


def test_a_message_without_html_is_plain_text_only():
    parsed = _parsed(_message(html="", text="Hi Ann,\nsee you.").as_bytes())
    assert parsed.get_content_type() == "text/plain" and not parsed.is_multipart()
    assert parsed.get_content().replace("\r\n", "\n") == "Hi Ann,\nsee you.\n"


def _html_part(raw: bytes):
    return _parsed(raw).get_payload()[1]


def test_an_ascii_part_with_lines_within_998_goes_as_written():
    html = '<table>\n  <tr><td style="color:#333">' + "x" * 900 + "</td></tr>\r\n</table>"
    raw = _message(html=html).as_bytes()
    assert _html_part(raw)["Content-Transfer-Encoding"] == "7bit"
    assert html.replace("\r\n", "\n").replace("\n", "\r\n").encode() in raw  # not one byte changed


def test_what_cannot_go_as_written_is_quoted_printable():
    for html in (
        "<p>Grüße</p>",  # not ASCII
        "<p>" + "x" * 996 + "</p>",  # a line of 1,003 characters
        "<p>Hi</p> \n<p>there</p>",  # a line ending in a space, which a relay may trim
        "<p>Hi</p>\t",
        "<p>Hi\x00</p>",
        "<p>--=_mailcraft_c42.p7.x1.shop.example</p>",  # what reads as the MIME boundary
    ):
        raw = _message(html=html).as_bytes()
        part = _html_part(raw)
        assert part["Content-Transfer-Encoding"] == "quoted-printable", html
        assert part.get_content().replace("\r\n", "\n").rstrip("\n") == html
        assert max(len(line) for line in raw.partition(b"\r\n\r\n")[2].split(b"\r\n")) <= 76


def test_a_20k_single_line_html_is_wrapped():
    raw = _message(html="<td>" + "x" * 20_000 + "</td>").as_bytes()
    body = raw.partition(b"\r\n\r\n")[2]
    assert max(len(line) for line in body.split(b"\r\n")) <= 76


@settings(max_examples=50, deadline=None)
@given(lines=st.lists(st.text(max_size=200), min_size=1, max_size=8), names=st.lists(st.text()))
def test_a_runs_messages_share_encoded_lines_and_keep_their_own_content(lines, names):
    known = EncodedLines()  # one run's: lines met before are not encoded again
    for name in ["Ann", *names]:
        html = "\n".join([*lines, f"<p>Hello {name}</p>", *lines])
        raw = _message(html=html, text=html).as_bytes(known)
        assert all(len(line) <= 998 for line in raw.partition(b"\r\n\r\n")[2].split(b"\r\n"))
        assert dkim.verify(SIGNER.sign(raw) + raw, dnsfunc=_dns)
        html_part = _parsed(raw).get_payload()[1]
        assert html_part.get_content().replace("\r\n", "\n").rstrip("\n") == (
            html.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
        )


def test_a_runs_encoded_lines_stay_within_their_budget():
    known = EncodedLines()
    for n in range(200):  # a minified template: every message one personalised 20 KB line
        _message(html=f"<td>{n}" + "x" * 20_000 + "</td>").as_bytes(known)
    assert sum(len(line) for line in known.lines) <= KNOWN_LINES_CHARACTERS
