"""A started campaign (and a started resend) takes its send's status: finished -> Sent,
paused by the pipeline -> Paused (services/campaign_launch.py `campaign_statuses_follow`,
services/resends.py `resend_statuses_follow`).

By event first: delivery sends `send_settled` when a campaign's send finishes or pauses,
once that commits (marketing/delivery/services/settled.py), and the receiver here sends
`campaigns.statuses_follow` for the client, so "Sent" shows within seconds. Beat's minute
tick runs the same follow as the backstop: a notice lost with a broker outage only
delays the status. The follow is a set of conditional UPDATEs, so running it twice, or
for a send that settled in another way, changes nothing."""

from __future__ import annotations

from core.tasks import enqueue_on_commit
from marketing.campaigns.services.campaign_launch import campaign_statuses_follow
from marketing.campaigns.services.resends import resend_statuses_follow
from marketing.campaigns.task_declarations import STATUSES_FOLLOW
from marketing.delivery.services.send_control import SendKind


def campaigns_follow() -> int:
    """Campaigns and resends take their sends' status; returns how many changed."""
    return campaign_statuses_follow() + resend_statuses_follow()


def campaign_send_settled(sender: str, send_id: int | None = None, **_: object) -> None:
    """`send_settled`'s receiver: a campaign's send settled, so follow in this client."""
    if sender == SendKind.CAMPAIGN:
        enqueue_on_commit(STATUSES_FOLLOW)
