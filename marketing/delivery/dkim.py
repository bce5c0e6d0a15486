"""DKIM signatures (RFC 6376) with RSA-SHA256 and Ed25519-SHA256 (RFC 8463).

Why not dkimpy's signer: it does RSA in pure Python (about 80 messages/s per core here),
which alone would cap sending far below target; OpenSSL through `cryptography` signs about
1,000/s per core. This module only signs; tests verify every signature with dkimpy's
verifier, so the canonicalisation is checked against an independent implementation.

Canonicalisation is relaxed/simple, as Amazon SES signs: relaxed headers, because
mailing lists and gateways re-fold them; the body as it is (simple), because ours carry
nothing a relay trims (message.py: no line of a 7bit part ends in white space, and
quoted-printable encodes it), and the relaxed form's search for white-space runs over the
whole body cost more per message than hashing it.

A `Signer` is built once per (domain, selector, key) and reused for every message: the key
is parsed once. `sign(message)` takes the message as bytes with CRLF line ends (headers,
an empty line, the body) and returns the `DKIM-Signature` header line to put on top,
ending in CRLF; `sign_parts(header_lines, body)` signs a message its builder hands over
in parts, without parsing its headers back.
"""

from __future__ import annotations

import base64
import hashlib
import re
import time
from dataclasses import dataclass
from functools import lru_cache

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
# Each signed name as bytes, with how many instances more than the message has it signs.
_SIGNED = tuple((name.encode(), int(name in OVERSIGNED_HEADERS)) for name in SIGNED_HEADERS)
CANONICALIZATION = "relaxed/simple"

_WSP_RUN = re.compile(rb"[ \t]+")
_FOLD = re.compile(rb"\r\n(?=[ \t])")
# Stands for the body hash (always 44 base64 characters for SHA-256) in a cached
# DKIM-Signature value; no tag value can hold a NUL.
_BODY_HASH_HOLE = "\0" * 44


class DkimError(ValueError):
    """The message or key cannot be signed (no header/body separator, unknown key)."""


def body_simple(body: bytes) -> memoryview:
    """RFC 6376 3.4.3 without its final CRLF: the body with the empty lines at its end
    removed (the caller hashes a CRLF after it, so an empty body hashes as one CRLF)."""
    end = len(body)
    while body.endswith(b"\r\n", 0, end):
        end -= 2
    return memoryview(body)[:end]


def header_relaxed(name: bytes, value: bytes) -> bytes:
    """RFC 6376 3.4.2: name lower-cased, value unfolded, whitespace runs to one space,
    trimmed at both ends; `name:value` and CRLF."""
    if b"\n" in value or b"\t" in value or b"  " in value:  # most values need no regex
        value = _WSP_RUN.sub(b" ", _FOLD.sub(b"", value))
    return name.strip().lower() + b":" + value.strip(b" ") + b"\r\n"


def split_message(message: bytes) -> tuple[list[bytes], bytes]:
    """The header lines (each with its folding, without its line end) and the body."""
    end = message.find(b"\r\n\r\n")
    if end < 0:
        raise DkimError("The message has no empty line between its headers and its body.")
    return re.split(rb"\r\n(?![ \t])", message[:end]), message[end + 4 :]


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


@lru_cache(maxsize=64)
def _unsigned_value(algorithm: str, domain: str, selector: str, t: int, h: str) -> tuple:
    """The DKIM-Signature value up to `b=` (folded) and its relaxed canonical form, both
    with _BODY_HASH_HOLE for the body hash: the same for a send's messages within a
    second."""
    tags = [
        ("v", "1"),
        ("a", algorithm),
        ("c", CANONICALIZATION),
        ("d", domain),
        ("s", selector),
        ("t", str(t)),
        ("h", h),
        ("bh", _BODY_HASH_HOLE),
    ]
    value = _fold_value(tags) + "\r\n\tb="
    return value, header_relaxed(b"dkim-signature", value.encode())[:-2].decode()


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
        return self.sign_parts(*split_message(message), timestamp=timestamp)

    def sign_parts(
        self, header_lines: list[bytes], body: bytes, *, timestamp: int | None = None
    ) -> bytes:
        """The signature of the message whose header lines (`Name: value`, folds kept,
        no line end) and body these are."""
        hashed = hashlib.sha256(body_simple(body))
        hashed.update(b"\r\n")
        body_hash = base64.b64encode(hashed.digest()).decode()

        # Headers are signed bottom-up per name (RFC 6376 5.4.2); a listed name with no
        # instance left signs as empty, which is what over-signing relies on.
        by_name: dict[bytes, list[bytes]] = {}
        for line in header_lines:
            name, colon, value = line.partition(b":")
            if not colon:
                raise DkimError("A header line has no colon.")
            by_name.setdefault(name.strip().lower(), []).append(value)
        signed_names: list[bytes] = []
        canonical = []
        for name, extra in _SIGNED:
            instances = by_name.get(name)
            if instances is None:
                if extra:
                    signed_names.append(name)
                continue
            signed_names.extend([name] * (len(instances) + extra))
            canonical.extend(header_relaxed(name, value) for value in reversed(instances))

        t = int(time.time()) if timestamp is None else timestamp
        h = b":".join(signed_names).decode()
        unsigned, unsigned_canonical = _unsigned_value(
            self.algorithm, self.domain, self.selector, t, h
        )
        canonical.append(unsigned_canonical.replace(_BODY_HASH_HOLE, body_hash).encode())
        signature = base64.b64encode(self._sign_bytes(b"".join(canonical))).decode()
        value = unsigned.replace(_BODY_HASH_HOLE, body_hash) + _fold_b(signature)
        return b"DKIM-Signature:" + value.encode() + b"\r\n"

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
