"""Who is acting, from where and through which path, for the audit rows written while it
is set. The API sets it once per request (`audit_request_context`, a view decorator that
config/api.py puts around every operation); a task that acts for a person sets it with
`audit_context(...)`. Services never take it as an argument: `audit_record` reads it."""

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from core.audit.models import AuditPath
from core.http import client_address

USER_AGENT_MAX = 255


@dataclass(frozen=True)
class AuditContext:
    actor_id: int | None = None
    actor_email: str = ""
    path: str = AuditPath.SYSTEM
    client_address: str = ""
    user_agent: str = ""


NOBODY = AuditContext()  # frozen: safe as the default of every context
_current: ContextVar[AuditContext] = ContextVar("audit_context", default=NOBODY)


def audit_context_current() -> AuditContext:
    """The context set by the request or task that is running (SYSTEM, nobody, if none)."""
    return _current.get()


@contextmanager
def audit_context(**values) -> Iterator[AuditContext]:
    """Act as someone (actor_id, actor_email), through a path, within the block: the values
    given replace those of the context around it."""
    token = _current.set(replace(_current.get(), **values))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def request_path(request) -> AuditPath:
    """UI when the browser says a page of the app's own origin made the call
    (Sec-Fetch-Site, a header page scripts cannot set); anything else is API. A label for
    readers of the trail, never a permission: who acted is the signed-in member either way."""
    if request.headers.get("Sec-Fetch-Site") == "same-origin":
        return AuditPath.UI
    return AuditPath.API


def request_audit_context(request) -> AuditContext:
    member = getattr(request, "member", None)
    return AuditContext(
        actor_id=member.user_id if member else None,
        actor_email=member.email if member else "",
        path=request_path(request),
        client_address=client_address(request)[:45],
        user_agent=request.headers.get("User-Agent", "")[:USER_AGENT_MAX],
    )


def audit_request_context(run):
    """A django-ninja view decorator: the request's audit context around the operation."""

    @functools.wraps(run)
    def run_in_context(request, *args, **kwargs):
        token = _current.set(request_audit_context(request))
        try:
            return run(request, *args, **kwargs)
        finally:
            _current.reset(token)

    return run_in_context
