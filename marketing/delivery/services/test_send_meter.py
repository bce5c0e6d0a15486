"""Test sends are metered like everything else (issue 22.2): a test is mail to outside
addresses, typed by any member, so before one is queued:

- it is refused while the breaker has stopped the client's sending (the breaker's reason);
- it counts in the monthly allowance (services/monthly.py counts test sends' rows), so a
  month without room refuses it in the monthly limit's words;
- a member may send tests to at most TEST_SEND_HOURLY_PER_USER recipients in any hour and
  the client to TEST_SEND_HOURLY_PER_CLIENT (core/hourly_limits.py, counted per recipient:
  a test of 10 addresses is 10), refused with 429 and when to try again.

Test sends are paced by the client's rates and warm-up as a broadcast is
(services/throttle.py), and their bounces and complaints suppress the address but are
left out of the breaker's counts, as their messages are out of its sent count
(services/breaker.py): a member cannot stop the client's sending with tests."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.audit.context import audit_context_current
from core.errors import ValidationFailed
from core.hourly_limits import LimitReached, Window, windows_take
from marketing.delivery.messages import (
    TEST_SEND_HOURLY_CLIENT,
    TEST_SEND_HOURLY_USER,
    TEST_SEND_MONTHLY_LIMIT,
)
from marketing.delivery.services.breaker import sending_stopped_reason
from marketing.delivery.services.monthly import month_allowance, month_of


def _monthly_check(count: int, field: str) -> None:
    allowance = month_allowance(month_of(timezone.now()))
    if allowance.limit is None or allowance.used + count <= allowance.limit:
        return
    message = TEST_SEND_MONTHLY_LIMIT.format(
        month=allowance.month.label, limit=allowance.limit, used=allowance.used, count=count
    )
    raise ValidationFailed(message, errors={field: [message]})


def test_send_meter(*, count: int, field: str) -> None:
    """May the current member (the audit context's actor) send a test to `count`
    recipients now? Counts them in the hourly windows when so; raises otherwise (`field`
    names the input the refusal is about)."""
    stopped = sending_stopped_reason()
    if stopped:
        raise ValidationFailed(stopped, errors={"status": [stopped]})
    _monthly_check(count, field)
    user_id = audit_context_current().actor_id
    client = Window(f"test-send:{connection.schema_name}", settings.TEST_SEND_HOURLY_PER_CLIENT)
    windows = [client]
    if user_id is not None:  # a person; a task acting for nobody has only the client's
        windows.insert(0, Window(f"test-send:user:{user_id}", settings.TEST_SEND_HOURLY_PER_USER))
    refused = windows_take(windows, count=count)
    if refused is None:
        return
    text = TEST_SEND_HOURLY_CLIENT if refused.window is client else TEST_SEND_HOURLY_USER
    message = text.format(limit=refused.window.limit)
    raise LimitReached(message, retry_after=refused.retry_after, errors={field: [message]})
