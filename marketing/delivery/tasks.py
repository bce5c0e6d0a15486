"""Delivery tasks: thin calls into the services. A send's task handles one bounded run
(seconds) and sends itself again while rows are due; the sweeper, every minute, sends the
task for any send whose rows became due again (deferred retries, expired leases)."""

from celery import shared_task

from core.tasks import PIPELINE_RETRY, ClientTask, enqueue_on_commit, retry_policy
from core.tenancy import clients_each_isolated
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.breaker import breaker_evaluate
from marketing.delivery.services.breaker_alert import BREAKER_ALERT_TASK, breaker_alert_send
from marketing.delivery.services.ledger import send_finish_if_done, sends_due, sends_unfinished
from marketing.delivery.services.transactional import (
    SEND_RUN,
    TRANSACTIONAL_RUN,
    run_task_name,
    sends_in_lane,
)

_RUN_OPTIONS = dict(
    base=ClientTask,
    client_required=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=120,
    time_limit=180,
    **PIPELINE_RETRY,
)


@shared_task(name=SEND_RUN, **_RUN_OPTIONS)
def send_run(send_id: int) -> str:
    if sends_in_lane([send_id]):  # a test or transactional send reached `send`: hand it over
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send_id)
        return "moved"
    result = send_batch_run(send_id)
    if result == RunResult.MORE:
        enqueue_on_commit(SEND_RUN, send_id=send_id)
    return result


@shared_task(name=TRANSACTIONAL_RUN, **_RUN_OPTIONS)
def send_run_transactional(send_id: int) -> str:
    """The same run for a test send or transactional mail, on the `transactional` queue."""
    result = send_batch_run(send_id)
    if result == RunResult.MORE:
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send_id)
    return result


@shared_task(name="delivery.sweep", soft_time_limit=50, time_limit=60)
def delivery_sweep() -> dict[str, int]:
    """In every client (each on its own: one that fails never stops the others): send the
    task of each send with due rows; finish the sends with nothing left to do. Returns
    {schema: sends woken}."""
    woken = clients_each_isolated(_client_sweep, task="delivery.sweep")
    return {schema: count for schema, count in woken.items() if count}


def _client_sweep(_client) -> int:
    due = sends_due()
    lane = sends_in_lane(due)
    for send_id in due:
        enqueue_on_commit(run_task_name(send_id, lane), send_id=send_id)
    unfinished = sends_unfinished()
    for send in unfinished:
        if send.pk not in due:
            send_finish_if_done(send)
    if unfinished:  # bounces and complaints come in while the client sends
        breaker_evaluate()
    return len(due)


@shared_task(
    name=BREAKER_ALERT_TASK,
    base=ClientTask,
    client_required=True,
    acks_late=True,
    soft_time_limit=60,
    time_limit=90,
    **retry_policy(max_retries=5, first_delay=5, max_delay=600, mail=True),
)
def breaker_alert_send_task(health_id: int) -> int:
    return breaker_alert_send(health_id=health_id)
