"""Campaign tasks: thin calls into the services. Beat's tick visits every client each
minute and finds in the database whatever is due there: campaigns to start (an RSS
campaign's next check among them), A/B winners to pick, resends to send; and it lets
started campaigns and resends take their sends' status (the backstop: a send that settles
announces it, services/following.py). Every runner is idempotent
(a conditional UPDATE or a row lock decides), so a tick that overlaps the previous one,
or a redelivered message, does nothing twice. Each is declared in task_declarations.py."""

from core.tasks import declared_task, enqueue_on_commit
from core.tenancy import clients_each_isolated
from marketing.campaigns.services.ab import ab_winner_pick, ab_winners_due
from marketing.campaigns.services.campaign_launch import campaign_start, campaigns_due
from marketing.campaigns.services.following import campaigns_follow
from marketing.campaigns.services.report_export import report_export_write
from marketing.campaigns.services.resends import resend_send, resends_due
from marketing.campaigns.task_declarations import (
    AB_WINNER_PICK,
    CAMPAIGN_START,
    REPORT_EXPORT_RUN,
    RESEND_SEND,
    SCHEDULE_TICK,
    STATUSES_FOLLOW,
)
from marketing.jobs.runner import JobTask


@declared_task(CAMPAIGN_START)
def campaign_start_run(campaign_id: int) -> str:
    return campaign_start(campaign_id=campaign_id)


@declared_task(AB_WINNER_PICK)
def ab_winner_pick_run(campaign_id: int) -> str:
    return ab_winner_pick(campaign_id=campaign_id)


@declared_task(RESEND_SEND)
def resend_send_run(campaign_id: int, part: str) -> str:
    return resend_send(campaign_id=campaign_id, part=part)


@declared_task(STATUSES_FOLLOW)
def statuses_follow_run() -> int:
    """Sent when a campaign's send settles (services/following.py)."""
    return campaigns_follow()


@declared_task(SCHEDULE_TICK)
def schedule_tick() -> dict[str, dict[str, int]]:
    """In every client (each on its own: one that fails never stops the others): start the
    due campaigns, pick due A/B winners, send due resends, and move started campaigns and
    resends to their sends' status. Returns {schema: {"started": n, "winners": w,
    "resends": r, "followed": m}} for the clients with news."""
    news = clients_each_isolated(_client_tick, task=SCHEDULE_TICK)
    return {schema: found for schema, found in news.items() if found}


def _client_tick(_client) -> dict[str, int] | None:
    due = campaigns_due()
    for campaign_id in due:
        enqueue_on_commit(CAMPAIGN_START, campaign_id=campaign_id)
    winners = ab_winners_due()
    for campaign_id in winners:
        enqueue_on_commit(AB_WINNER_PICK, campaign_id=campaign_id)
    resends = resends_due()
    for campaign_id, part in resends:
        enqueue_on_commit(RESEND_SEND, campaign_id=campaign_id, part=part)
    followed = campaigns_follow()
    if not (due or winners or resends or followed):
        return None
    return {
        "started": len(due),
        "winners": len(winners),
        "resends": len(resends),
        "followed": followed,
    }


@declared_task(REPORT_EXPORT_RUN, base=JobTask)
def report_export_run(job_id: int) -> None:
    """A report's recipient list as CSV (services/report_export.py)."""
    report_export_write(job_id)
