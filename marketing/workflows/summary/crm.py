"""The figures only the parent suite's CRM knows (spec 3's summary-notification fields:
contracts, activity, pipeline visibility, activity by sales person, proposals, meetings).

An adapter answers them for a period; the default one knows nothing and answers {}, so a
digest shows them as not available rather than as made-up numbers. An integration
registers its own (`crm_adapter_set`) when it exists."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

CRM_FIELDS = (
    "contracts",
    "activity",
    "pipelineVisibility",
    "activityBySalesPerson",
    "proposals",
    "meetings",
)


class CrmSummaryAdapter(Protocol):
    def period_summary(self, *, start: datetime, end: datetime) -> dict[str, str]:
        """{field: text} for the fields of CRM_FIELDS it knows, in the current client."""
        ...


class NoCrm:
    """No CRM connected: nothing to report."""

    def period_summary(self, *, start: datetime, end: datetime) -> dict[str, str]:
        return {}


_adapter: CrmSummaryAdapter = NoCrm()


def crm_adapter() -> CrmSummaryAdapter:
    return _adapter


def crm_adapter_set(adapter: CrmSummaryAdapter) -> CrmSummaryAdapter:
    """Install `adapter`; returns the one it replaces."""
    global _adapter
    previous, _adapter = _adapter, adapter
    return previous


def crm_summary(start: datetime, end: datetime) -> dict[str, str]:
    """The adapter's answer, kept to the known fields and to text."""
    found = crm_adapter().period_summary(start=start, end=end) or {}
    return {name: str(found[name]) for name in CRM_FIELDS if found.get(name) not in (None, "")}
