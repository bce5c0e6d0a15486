"""Our DKIM signer, checked by an independent verifier (dkimpy)."""

import dkim
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marketing.delivery.dkim import (
    DkimError,
    Signer,
    body_simple,
    header_relaxed,
    key_pair_generate,
)

RSA = key_pair_generate("rsa")
ED25519 = key_pair_generate("ed25519")


def _message(subject: str = "Spring sale", body: str = "Hello  there \r\n\r\n\r\n") -> bytes:
    headers = [
        "From: Shop <news@shop.example>",
        "To: ann@mail.example",
        f"Subject: {subject}",
        "Date: Mon, 23 Nov 2026 10:00:00 +0000",
        "Message-ID: <c1.p2@shop.example>",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "List-Unsubscribe: <https://shop.example/u/abc>, <mailto:u+abc@shop.example>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    ]
    return ("\r\n".join(headers) + "\r\n\r\n" + body).encode()


def _dns(record: str):
    def lookup(name, timeout=5):
        assert name == b"s1._domainkey.shop.example."
        return record.encode()

    return lookup


def _verify(signed: bytes, record: str) -> bool:
    return dkim.verify(signed, dnsfunc=_dns(record))


@pytest.mark.parametrize("pair", [RSA, ED25519], ids=["rsa", "ed25519"])
def test_dkimpy_verifies_our_signature(pair):
    signer = Signer.from_pem("shop.example", "s1", pair.private_pem)
    message = _message()
    signed = signer.sign(message) + message
    assert _verify(signed, pair.dns_txt)
    assert all(len(line) <= 998 for line in signed.split(b"\r\n"))


def test_both_signatures_on_one_message_verify():
    rsa_signer = Signer.from_pem("shop.example", "s1", RSA.private_pem)
    ed_signer = Signer.from_pem("shop.example", "s1", ED25519.private_pem)
    message = _message()
    signed = ed_signer.sign(message) + rsa_signer.sign(message) + message
    assert dkim.DKIM(signed).verify(idx=0, dnsfunc=_dns(ED25519.dns_txt))
    assert dkim.DKIM(signed).verify(idx=1, dnsfunc=_dns(RSA.dns_txt))


def test_one_click_headers_are_covered_and_tampering_breaks_it():
    signer = Signer.from_pem("shop.example", "s1", RSA.private_pem)
    message = _message()
    header = signer.sign(message)
    assert b"list-unsubscribe:list-unsubscribe:list-unsubscribe-post" in header.replace(
        b"\r\n\t", b""
    ).replace(b" ", b"")
    changed = message.replace(b"https://shop.example/u/abc", b"https://evil.example/u/abc")
    assert not _verify(header + changed, RSA.dns_txt)
    # a second, added List-Unsubscribe is caught by over-signing
    added = b"List-Unsubscribe: <https://evil.example/x>\r\n" + message
    assert not _verify(header + added, RSA.dns_txt)
    body_changed = message.replace(b"Hello", b"Howdy")
    assert not _verify(header + body_changed, RSA.dns_txt)


def test_refolded_headers_still_verify_and_the_body_is_signed_as_it_is():
    """Relaxed headers: a gateway re-folds a header and the signature holds. Simple body:
    the body's every byte counts (message.py never sends a line ending in white space)."""
    signer = Signer.from_pem("shop.example", "s1", RSA.private_pem)
    message = _message(subject="A long subject line that a gateway may fold", body="Hi\r\n")
    signed = signer.sign(message) + message
    assert b"c=relaxed/simple;" in signed
    assert _verify(signed.replace(b"that a gateway", b"that a\r\n  gateway"), RSA.dns_txt)
    assert _verify(signed + b"\r\n\r\n", RSA.dns_txt)  # empty lines at the end do not count
    assert not _verify(signed.replace(b"Hi\r\n", b"Hi \r\n"), RSA.dns_txt)


def test_parts_sign_as_the_whole_message_does():
    signer = Signer.from_pem("shop.example", "s1", RSA.private_pem)
    message = _message()
    head, _, body = message.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert signer.sign_parts(lines, body, timestamp=1) == signer.sign(message, timestamp=1)
    assert _verify(signer.sign_parts(lines, body) + message, RSA.dns_txt)


@settings(max_examples=60, deadline=None)
@given(
    subject=st.text(
        alphabet=st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=120
    ),
    lines=st.lists(
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=200),
        max_size=20,
    ),
)
def test_any_ascii_message_verifies(subject, lines):
    signer = Signer.from_pem("shop.example", "s1", RSA.private_pem)
    message = _message(subject=subject, body="\r\n".join(lines))
    assert _verify(signer.sign(message) + message, RSA.dns_txt)


def test_canonical_forms():
    assert bytes(body_simple(b"a  b \t\r\nc\r\n\r\n\r\n")) + b"\r\n" == b"a  b \t\r\nc\r\n"
    assert bytes(body_simple(b"\r\n\r\n")) + b"\r\n" == b"\r\n"
    assert header_relaxed(b"SubJect ", b"  a\r\n \t b  ") == b"subject:a b\r\n"


def test_refusals():
    with pytest.raises(DkimError):
        Signer.from_pem("shop.example", "s1", RSA.private_pem).sign(b"From: a@b.example\r\n")
    with pytest.raises(DkimError):
        key_pair_generate("dsa")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"a", b"b", b" ", b"\t", b"\r\n", b"  ", b" \r\n"]), max_size=40))
def test_body_canonical_form_matches_dkimpy(parts):
    from dkim.canonicalization import Simple

    body = b"".join(parts)
    assert bytes(body_simple(body)) + b"\r\n" == Simple.canonicalize_body(body)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([b"Subject", b"FROM ", b"List-Unsubscribe"]),
    st.lists(st.sampled_from([b"x", b"Y", b" ", b"\t", b"\r\n ", b"\r\n\t", b":"]), max_size=30),
)
def test_header_canonical_form_matches_dkimpy(name, parts):
    from dkim.canonicalization import Relaxed

    value = b"".join(parts)
    [(their_name, their_value)] = Relaxed.canonicalize_headers([(name, value)])
    assert header_relaxed(name, value) == their_name + b":" + their_value
