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

from marketing.audience.models import Profile, ProfileSource
from marketing.campaigns.models import Campaign
from marketing.tracking.models import EmailEvent, EventType

FIGURE_NAMES = (
    "campaignsSent",
    "opens",
    "clicks",
    "newProfiles",
    "formConversions",
    "unsubscribes",
)


def _events(event_type: int, start: datetime, end: datetime) -> int:
    return EmailEvent.objects.filter(
        event_type=event_type, machine=False, occurred_at__gte=start, occurred_at__lt=end
    ).count()


def period_figures(start: datetime, end: datetime) -> dict[str, int]:
    created = Profile.objects.filter(
        created_at__gte=start, created_at__lt=end, deleted_at__isnull=True
    )
    return {
        "campaignsSent": Campaign.objects.filter(sent_at__gte=start, sent_at__lt=end).count(),
        "opens": _events(EventType.OPENED, start, end),
        "clicks": _events(EventType.CLICKED, start, end),
        "newProfiles": created.count(),
        "formConversions": created.filter(source=ProfileSource.CONVERSION).count(),
        "unsubscribes": Profile.objects.filter(
            unsubscribed_at__gte=start, unsubscribed_at__lt=end
        ).count(),
    }
