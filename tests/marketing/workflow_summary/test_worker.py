"""Beat's sweep in a real Celery worker process: a due schedule sends one digest, with the
client's figures, through the transactional lane to the SMTP sink; sweeps sent again at
once send nothing more. The worker is another process, so the data is committed and
removed at the end."""

import uuid

from celery import current_app
from django.db import connection

from marketing.audience.models import Profile
from marketing.delivery.models import Send, SendKind
from marketing.tracking.models import EmailEvent
from marketing.workflows.models import Workflow
from marketing.workflows.summary.models import SummaryDigest
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_queue_idle,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_env_on_test_db,
)
from tests.support.smtp_sink import SmtpSink
from tests.support.waiting import wait_until
from tests.support.workflow_summary import activity_make, summary_due_now, summary_make

# The machine is shared: a worker's start alone can take tens of seconds under load.
DEADLINE = 240


def _tick() -> None:
    current_app.send_task("summary.notifications_tick", headers={"_schema_name": "public"})


def _remove(alpha, workflow_id, profile_ids) -> None:
    connection.set_tenant(alpha.client)
    digests = list(SummaryDigest.objects.filter(notification__workflow_id=workflow_id))
    Send.objects.filter(kind=SendKind.TRANSACTIONAL, source_id__in=[d.pk for d in digests]).delete()
    Workflow.objects.filter(pk=workflow_id).delete()
    EmailEvent.objects.filter(profile_id__in=profile_ids).delete()
    Profile.objects.filter(pk__in=profile_ids).delete()
    connection.set_schema_to_public()


def test_the_sweep_sends_a_due_digest_once_through_a_real_worker(tenants, django_db_blocker):
    alpha = tenants["alpha"]
    queue = f"test-summary-{uuid.uuid4().hex}"
    with django_db_blocker.unblock(), SmtpSink() as sink:
        connection.set_tenant(alpha.client)
        activity = activity_make("worker")
        notification = summary_make(name=f"Worker digest {queue[-6:]}")
        summary_due_now(notification)
        connection.set_schema_to_public()
        worker = celery_worker_start(queue, **worker_env_on_test_db(queue, sink))
        try:
            with tasks_routed_to(queue):
                for _ in range(3):  # three sweeps at once: one digest
                    _tick()
                wait_until(
                    lambda: sink.handler.for_recipient("owner@agency.example"),
                    timeout=DEADLINE,
                    message="the digest reaches the sink",
                )
                # every sweep has run (none waits or runs): only then is "one digest" true
                wait_until(
                    lambda: celery_queue_idle(queue, workers=1),
                    timeout=DEADLINE,
                    message="the three sweeps have run",
                    interval=0.2,
                )
            [mail] = sink.handler.for_recipient("owner@agency.example")
            assert len(sink.handler.for_recipient("boss@agency.example")) == 1
            assert mail.message["Subject"] == "Alpha: your daily summary"
            text = mail.message.get_body(("plain",)).get_content()
            for line in ("Opens: 4", "Clicks: 2", "New profiles: 3", "Unsubscribes: 1"):
                assert line in text
            connection.set_tenant(alpha.client)
            [digest] = SummaryDigest.objects.filter(notification=notification)
            assert digest.figures["opens"] == 4 and digest.send_id is not None
            notification.refresh_from_db()
            assert notification.next_due_at > digest.due_at
            connection.set_schema_to_public()
        finally:
            celery_worker_stop(worker)
            celery_queue_delete(queue)
            _remove(alpha, notification.workflow_id, activity.profile_ids)
