"""What every new workspace starts with, contributed by the apps that own it (spec 5.5:
a default opt-out form and preferences page must remain; default groups; the sample
content a first-run checklist points at). tenants sits below the marketing apps, so it
knows none of them: each registers its defaults from its own ready(), like
plan_limits.register_usage_counter.

A default is an idempotent `ensure()` run in the current client schema. They run in the
template when it is built (tenants/schema_template.py), so a clone already holds them,
and again in each new client's schema by provisioning's defaults step, where they find
their rows and do nothing, or make what a template built before they were registered
lacks. Order of registration is order of running (an app registers after the apps it
builds on, as INSTALLED_APPS orders their ready())."""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class WorkspaceDefault:
    key: str
    label: str  # shown on the provisioning screen's step
    ensure: Callable[[], None]


_defaults: dict[str, WorkspaceDefault] = {}


def register_workspace_default(*, key: str, label: str, ensure: Callable[[], None]) -> None:
    """Called from an app's ready()."""
    _defaults[key] = WorkspaceDefault(key=key, label=label, ensure=ensure)


def workspace_defaults() -> list[WorkspaceDefault]:
    return list(_defaults.values())


def workspace_defaults_apply() -> list[str]:
    """Run every registered default in the current schema; the keys, in order."""
    for default in _defaults.values():
        default.ensure()
    return list(_defaults)
