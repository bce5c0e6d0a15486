"""The client's own figures for a period [start, end): what a summary digest reports.

Each is a count over the client's own tables, in its schema:
- campaignsSent: campaigns whose send finished in the period (Campaign.sent_at);
- opens, clicks: human opens and clicks (EmailEvent, machine ones left out, as the
  activity rules do; an open inferred from a click counts, as in campaign reports);
- newProfiles: profiles created in the period and not deleted;
- formConversions: profiles a form created in the period (source "conversion"): none until
  the forms issue writes them, and the query says so rather than a constant;
- unsubscribes: profiles that unsubscribed in the period.
"""

from __future__ import annotations

from datetime import datetime

from marketing.audience.selectors.profiles import profile_period_counts
from marketing.campaigns.selectors import campaigns_finished_count
from marketing.tracking.selectors import human_event_counts

FIGURE_NAMES = (
    "campaignsSent",
    "opens",
    "clicks",
    "newProfiles",
    "formConversions",
    "unsubscribes",
)


def period_figures(start: datetime, end: datetime) -> dict[str, int]:
    found = {"campaignsSent": campaigns_finished_count(start, end)}
    found.update(human_event_counts(start, end))
    found.update(profile_period_counts(start, end))
    return {name: found[name] for name in FIGURE_NAMES}
