"""Workflow engine tasks: thin calls into the engine.

- `workflows.enrollments_run` (per client: it carries the client's schema in its headers,
  as every task sent by `enqueue_on_commit`): batches of due steps for up to
  WORKFLOW_TASK_SECONDS, then it sends itself again while steps are due. Sent on commit by
  each enrollment (enroll.runner_kick) and by the sweep.
- `workflows.sweep` (beat, every WORKFLOW_SWEEP_SECONDS): in every client, a look at the
  partial index `enrollment_due` (timers that came due, leases that passed, retries) and
  a run sent where something is due. Timers are due times in the database: no broker
  countdown is ever used.
- `workflows.triggers_sweep` (beat, every minute): segment entry and exit, date fields."""

from celery import shared_task
from django.conf import settings

from core.tasks import PIPELINE_RETRY, ClientTask, enqueue_on_commit
from core.tenancy import clients_each_isolated
from marketing.workflows.engine.enroll import RUN_TASK, runner_kick, runner_started
from marketing.workflows.engine.runner import due_exists, run_for
from marketing.workflows.engine.sweeps import triggers_sweep


@shared_task(
    name=RUN_TASK,
    base=ClientTask,
    client_required=True,
    acks_late=True,
    reject_on_worker_lost=True,
    soft_time_limit=120,
    time_limit=180,
    **PIPELINE_RETRY,
)
def enrollments_run() -> int:
    runner_started()
    steps, more = run_for(getattr(settings, "WORKFLOW_TASK_SECONDS", 20))
    if more:
        enqueue_on_commit(RUN_TASK)
    return steps


@shared_task(name="workflows.sweep", soft_time_limit=50, time_limit=60)
def workflows_sweep() -> dict[str, int]:
    """{schema: 1} for each client whose run was sent."""
    sent = clients_each_isolated(_client_sweep, task="workflows.sweep")
    return {schema: 1 for schema, kicked in sent.items() if kicked}


def _client_sweep(_client) -> bool:
    if due_exists():
        runner_kick()
        return True
    return False


@shared_task(name="workflows.triggers_sweep", soft_time_limit=240, time_limit=300)
def workflows_triggers_sweep() -> dict[str, dict[str, int]]:
    done = clients_each_isolated(
        lambda client: triggers_sweep(zone=client.time_zone), task="workflows.triggers_sweep"
    )
    return {schema: added for schema, added in done.items() if added}
