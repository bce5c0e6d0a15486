"""Waiting in tests for a condition with a deadline, never for a fixed time.

    job = wait_until(lambda: job_if_finished(job_id), timeout=90, message="the import job ends")

`wait_until` calls `condition` until it returns something truthy and returns that value;
after `timeout` seconds it fails the test with `message` and the last value seen. A test
that asserts that something did NOT happen first waits for a later marker the system had
to process after it (a second message, a later event), so lateness cannot pass for absence.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    condition: Callable[[], T], *, timeout: float, message: str, interval: float = 0.05
) -> T:
    """`condition()`'s first truthy value, asked every `interval` seconds; AssertionError
    naming `message` when none came within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout:g} s: {message} (last: {value!r})")
        time.sleep(interval)  # the poll interval, not a wait for the outcome


def poll(
    action: Callable[[], T],
    until: Callable[[T], bool],
    *,
    timeout: float,
    message: str,
    interval: float = 0.05,
) -> T:
    """Run `action` until `until(result)` holds and return that result (a job's state, a
    run's outcome); AssertionError with `message` and the last result after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        result = action()
        if until(result):
            return result
        if time.monotonic() >= deadline:
            raise AssertionError(f"not within {timeout:g} s: {message} (last: {result!r})")
        time.sleep(interval)  # the poll interval, not a wait for the outcome
