"""Hourly windows (core/hourly_limits.py) and the limits on mail sent for a person
(core/person_mail.py): all or nothing across windows, never past a limit however many ask
at once, each window on its own key."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from core.audit.context import audit_context
from core.hourly_limits import LimitReached, Window, windows_take
from core.person_mail import SENDER_ACTIVATION, person_mail_allow


def test_a_window_counts_to_its_limit_then_refuses_with_the_wait():
    window = Window("t:one", 3)
    assert [windows_take([window]) for _ in range(3)] == [None, None, None]
    refused = windows_take([window])
    assert refused.window == window and 3590 <= refused.retry_after <= 3600
    assert windows_take([Window("t:other", 3)]) is None  # another key counts on its own
    assert windows_take([Window("t:free", 0)] * 5, count=100) is None  # 0: no limit


def test_a_refusal_counts_in_no_window():
    small, large = Window("t:small", 2), Window("t:large", 10)
    assert windows_take([large, small], count=2) is None
    assert windows_take([large, small]).window == small
    assert windows_take([large], count=8) is None  # the refusal took nothing from large
    assert windows_take([large]).window == large


def test_concurrent_requests_never_get_past_the_limit():
    window = Window("t:race", 5)
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: windows_take([window]), range(40)))
    assert sum(result is None for result in results) == 5


def test_person_mail_windows_per_address_sender_client_and_ip(settings):
    settings.PERSON_MAIL_HOURLY_PER_ADDRESS = 2
    settings.PERSON_MAIL_HOURLY_PER_SENDER = 3
    settings.PERSON_MAIL_HOURLY_PER_CLIENT = 4
    settings.PERSON_MAIL_HOURLY_PER_IP = 4
    with audit_context(actor_id=7, client_address="203.0.113.9"):
        for _ in range(2):
            person_mail_allow(SENDER_ACTIVATION, to="Ann@Mail.example", client="alpha")
        with pytest.raises(LimitReached) as to_ann:
            person_mail_allow(SENDER_ACTIVATION, to="ann@mail.example", client="alpha")
        assert to_ann.value.message == (
            "Too many emails were sent to ann@mail.example in the last hour. "
            "Please try again later."
        )
        person_mail_allow(SENDER_ACTIVATION, to="bob@mail.example", client="alpha")
        with pytest.raises(LimitReached) as sender:  # the person's fourth
            person_mail_allow(SENDER_ACTIVATION, to="cara@mail.example", client="alpha")
        assert sender.value.message == (
            "Too many emails were requested in the last hour. Please try again later."
        )
    with audit_context(actor_id=8, client_address="203.0.113.9"):
        person_mail_allow(SENDER_ACTIVATION, to="dan@mail.example", client="beta")
        with pytest.raises(LimitReached):  # the address 203.0.113.9's fifth
            person_mail_allow(SENDER_ACTIVATION, to="eve@mail.example", client="beta")
    with audit_context(actor_id=9, client_address="198.51.100.1"):
        person_mail_allow(SENDER_ACTIVATION, to="fay@mail.example", client="alpha")
        with pytest.raises(LimitReached):  # alpha's fifth
            person_mail_allow(SENDER_ACTIVATION, to="gus@mail.example", client="alpha")
