"""DKIM signatures (RFC 6376) with RSA-SHA256 and Ed25519-SHA256 (RFC 8463).

Why not dkimpy's signer: it does RSA in pure Python (about 80 messages/s per core here),
which alone would cap sending far below target; OpenSSL through `cryptography` signs about
1,000/s per core. This module only signs; tests verify every signature with dkimpy's
verifier, so the canonicalisation is checked against an independent implementation.

Canonicalisation is relaxed/relaxed: mailing lists and gateways re-fold headers and
re-wrap trailing whitespace, and relaxed survives both.

A `Signer` is built once per (domain, selector, key) and reused for every message: the key
is parsed once. `sign(message)` takes the message as bytes with CRLF line ends (headers,
an empty line, the body) and returns the `DKIM-Signature` header line to put on top,
ending in CRLF.
"""

from __future__ import annotations

import base64
import hashlib
import re
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, padding, rsa

# Headers every message signs (lower case, in this order). Each is listed once more than
# it occurs ("over-signing") for the ones a forwarder could add a second copy of, so that
# an added From, Subject or List-Unsubscribe breaks the signature instead of riding on it.
SIGNED_HEADERS = (
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "reply-to",
    "mime-version",
    "content-type",
    "list-id",
    "list-unsubscribe",
    "list-unsubscribe-post",
    "feedback-id",
)
OVERSIGNED_HEADERS = ("from", "subject", "list-unsubscribe", "list-unsubscribe-post")

_WSP_RUN = re.compile(rb"[ \t]+")
# In bodies, only what must change: a tab or a run of two or more (single spaces are
# already canonical, and substituting each of them costs milliseconds on 20 KB).
_BODY_WSP_RUN = re.compile(rb"[ \t]{2,}|\t")
_TRAILING_WSP = re.compile(rb" \r\n")
_FOLD = re.compile(rb"\r\n(?=[ \t])")


class DkimError(ValueError):
    """The message or key cannot be signed (no header/body separator, unknown key)."""


def body_relaxed(body: bytes) -> bytes:
    """RFC 6376 3.4.4: trailing whitespace off every line, runs of whitespace to one space,
    empty lines at the end removed, one CRLF at the end of a non-empty body. A last line
    without its CRLF keeps its trailing space, as dkimpy (and so most verifiers) does."""
    if b"\t" in body or b"  " in body:
        body = _BODY_WSP_RUN.sub(b" ", body)
    if b" \r\n" in body:
        body = _TRAILING_WSP.sub(b"\r\n", body)
    # Empty lines at the end (a regex anchored at the end tries every position: slow).
    end = len(body)
    while body.endswith(b"\r\n", 0, end):
        end -= 2
    return body[:end] + b"\r\n" if end else b""


def header_relaxed(name: bytes, value: bytes) -> bytes:
    """RFC 6376 3.4.2: name lower-cased, value unfolded, whitespace runs to one space,
    trimmed at both ends; `name:value` and CRLF."""
    if b"\n" in value or b"\t" in value or b"  " in value:  # most values need no regex
        value = _WSP_RUN.sub(b" ", _FOLD.sub(b"", value))
    return name.strip().lower() + b":" + value.strip(b" ") + b"\r\n"


def split_message(message: bytes) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """The headers as (name, raw value with its folding) in order, and the body."""
    end = message.find(b"\r\n\r\n")
    if end < 0:
        raise DkimError("The message has no empty line between its headers and its body.")
    head, body = message[: end + 2], message[end + 4 :]
    headers: list[tuple[bytes, bytes]] = []
    for line in re.split(rb"\r\n(?![ \t])", head[:-2]):
        name, sep, value = line.partition(b":")
        if not sep:
            raise DkimError("A header line has no colon.")
        headers.append((name, value))
    return headers, body


def _fold_value(tags: list[tuple[str, str]]) -> str:
    """Tags joined as `k=v;` with a fold before any that would pass 76 characters."""
    lines: list[str] = []
    line = " "
    for key, value in tags:
        part = f"{key}={value};"
        if len(line) + len(part) + 1 > 76 and line.strip():
            lines.append(line)
            line = "\t"
        line += ("" if line in (" ", "\t") else " ") + part
    lines.append(line)
    return "\r\n".join(lines)


def _fold_b(signature: str) -> str:
    """The b= value broken into 72-character pieces (whitespace in b= is ignored)."""
    return "\r\n\t ".join(signature[i : i + 72] for i in range(0, len(signature), 72))


@dataclass(frozen=True)
class Signer:
    domain: str
    selector: str
    private_key: rsa.RSAPrivateKey | ed25519.Ed25519PrivateKey

    @classmethod
    def from_pem(cls, domain: str, selector: str, pem: bytes | str) -> Signer:
        data = pem.encode() if isinstance(pem, str) else pem
        key = serialization.load_pem_private_key(data, password=None)
        if not isinstance(key, rsa.RSAPrivateKey | ed25519.Ed25519PrivateKey):
            raise DkimError("DKIM keys are RSA or Ed25519.")
        return cls(domain=domain, selector=selector, private_key=key)

    @property
    def algorithm(self) -> str:
        if isinstance(self.private_key, ed25519.Ed25519PrivateKey):
            return "ed25519-sha256"
        return "rsa-sha256"

    def sign(self, message: bytes, *, timestamp: int | None = None) -> bytes:
        headers, body = split_message(message)
        body_hash = base64.b64encode(hashlib.sha256(body_relaxed(body)).digest()).decode()

        # Headers are signed bottom-up per name (RFC 6376 5.4.2); a listed name with no
        # instance left signs as empty, which is what over-signing relies on.
        by_name: dict[bytes, list[bytes]] = {}
        for name, value in headers:
            by_name.setdefault(name.strip().lower(), []).append(value)
        signed_names: list[str] = []
        canonical = bytearray()
        for name in SIGNED_HEADERS:
            instances = by_name.get(name.encode(), [])
            count = len(instances) + (1 if name in OVERSIGNED_HEADERS else 0)
            for index in range(count):
                signed_names.append(name)
                position = len(instances) - 1 - index
                if position >= 0:
                    canonical += header_relaxed(name.encode(), instances[position])

        tags = [
            ("v", "1"),
            ("a", self.algorithm),
            ("c", "relaxed/relaxed"),
            ("d", self.domain),
            ("s", self.selector),
            ("t", str(int(time.time()) if timestamp is None else timestamp)),
            ("h", ":".join(signed_names)),
            ("bh", body_hash),
        ]
        unsigned_value = _fold_value(tags) + "\r\n\tb="
        canonical += header_relaxed(b"dkim-signature", unsigned_value.encode())[:-2]
        signature = base64.b64encode(self._sign_bytes(bytes(canonical))).decode()
        return b"DKIM-Signature:" + (unsigned_value + _fold_b(signature)).encode() + b"\r\n"

    def _sign_bytes(self, data: bytes) -> bytes:
        if isinstance(self.private_key, ed25519.Ed25519PrivateKey):
            # RFC 8463 3: Ed25519 over the SHA-256 of the canonicalised data.
            return self.private_key.sign(hashlib.sha256(data).digest())
        return self.private_key.sign(data, padding.PKCS1v15(), hashes.SHA256())


@dataclass(frozen=True)
class KeyPair:
    """A new key: the private half for us (PEM), the public half for the DNS TXT record."""

    private_pem: str
    dns_txt: str  # the value of <selector>._domainkey.<domain> TXT


def key_pair_generate(algorithm: str = "rsa") -> KeyPair:
    """A 2048-bit RSA key (every receiver verifies it) or an Ed25519 key (RFC 8463; sent
    beside an RSA signature, since not every receiver checks Ed25519 yet)."""
    if algorithm == "ed25519":
        key = ed25519.Ed25519PrivateKey.generate()
        public = key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        txt = f"v=DKIM1; k=ed25519; p={base64.b64encode(public).decode()}"
    elif algorithm == "rsa":
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        public = key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        txt = f"v=DKIM1; k=rsa; p={base64.b64encode(public).decode()}"
    else:
        raise DkimError("DKIM keys are RSA or Ed25519.")
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    return KeyPair(private_pem=pem, dns_txt=txt)
