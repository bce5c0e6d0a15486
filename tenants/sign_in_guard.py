"""What stands before a password check, for client hosts and the operators' admin alike:
the caller's address (X-Forwarded-For believed only from trusted proxies), the Origin a
browser sign-in may come from, and failure backoff per account and per address.

Backoff, not a lock: the first failures are free, then each further attempt must wait
twice as long as the one before (capped), so a stranger guessing at an admin's account
slows the guessing down without ever shutting the admin out for good. Counters live in
the platform cache (not tenant-prefixed): an account is one account across every client."""

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches

from core.errors import PermissionDenied, TooManyRequests
from tenants.messages import ORIGIN_REFUSED, TOO_MANY_ATTEMPTS


class SignInThrottled(TooManyRequests):
    def __init__(self, retry_after: int):
        super().__init__(TOO_MANY_ATTEMPTS)
        self.retry_after = retry_after


def origin_check(request, *, allowed: list[str]) -> None:
    """A browser's sign-in must come from the app's own host or a registered parent
    origin (login CSRF). Callers without a browser send no Origin."""
    origin = request.headers.get("Origin")
    if origin is None:
        return
    own = f"{request.scheme}://{request.get_host()}"
    if origin != own and origin not in allowed:
        raise PermissionDenied(ORIGIN_REFUSED)


@dataclass(frozen=True)
class _Limit:
    key: str
    free: int


def _limits(*, email: str, address: str) -> list[_Limit]:
    return [
        _Limit(f"signin:account:{email}", settings.LOGIN_RATE_LIMIT_PER_ACCOUNT),
        _Limit(f"signin:address:{address}", settings.LOGIN_RATE_LIMIT_PER_IP),
    ]


def _wait(failures: int, free: int) -> int:
    if failures < free:
        return 0
    return min(settings.LOGIN_BACKOFF_BASE * 2 ** (failures - free), settings.LOGIN_BACKOFF_MAX)


def sign_in_allowed(*, email: str, address: str) -> None:
    """Raise SignInThrottled while the account or the address must still wait."""
    cache = caches["platform"]
    now = time.time()
    for limit in _limits(email=email, address=address):
        state = cache.get(limit.key)
        if not state:
            continue
        ready_at = state["last"] + _wait(state["failures"], limit.free)
        if now < ready_at:
            raise SignInThrottled(retry_after=max(1, int(ready_at - now + 0.999)))


def sign_in_failed(*, email: str, address: str) -> None:
    cache = caches["platform"]
    now = time.time()
    for limit in _limits(email=email, address=address):
        state = cache.get(limit.key) or {"failures": 0}
        cache.set(
            limit.key,
            {"failures": state["failures"] + 1, "last": now},
            timeout=settings.LOGIN_RATE_LIMIT_WINDOW,
        )


def sign_in_succeeded(*, email: str) -> None:
    caches["platform"].delete(f"signin:account:{email}")
