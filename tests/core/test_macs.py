"""core.macs: the same MAC as the standard library's HMAC-SHA256, for any key and message."""

import hashlib
import hmac

from hypothesis import given
from hypothesis import strategies as st

from core.macs import KeyedMac, keyed_mac


@given(key=st.binary(max_size=200), messages=st.lists(st.binary(max_size=300), max_size=5))
def test_the_same_bytes_as_hmac_for_every_message_under_one_key(key, messages):
    mac = KeyedMac(key)  # keys longer than a block (64) are hashed first, as RFC 2104 says
    for message in messages:
        assert mac.digest(message) == hmac.digest(key, message, hashlib.sha256)


def test_one_per_key():
    assert keyed_mac(b"a") is keyed_mac(b"a")
    assert keyed_mac(b"a").digest(b"m") != keyed_mac(b"b").digest(b"m")
