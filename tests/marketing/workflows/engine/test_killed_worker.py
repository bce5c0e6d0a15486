"""A real Celery worker killed (SIGKILL) in the middle of a batch: no step is lost and none
runs twice. The claimed rows stay leased until their lease passes; the task message, acked
late, comes back to the next worker, which takes them up. Real workers are other
processes: the data is committed, and removed afterwards."""

import os
import signal
import uuid

from django.db import connection, transaction

from core.audit.models import AuditLog
from core.tasks import task_send
from marketing.audience.models import Profile, Tag
from marketing.workflows.engine.enroll import enroll_sql
from marketing.workflows.engine.triggers import ActiveTrigger
from marketing.workflows.models import Enrollment, Workflow, WorkflowStatus, WorkflowVersion
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_database_url,
)
from tests.support.waiting import wait_until

COUNT = 3000
STEPS = 4  # wait, addTag, updateField, end
DEADLINE = 120
KILLS = 5


def test_a_worker_killed_mid_batch_loses_no_step_and_repeats_none(
    tenants, django_db_blocker, _media_root
):
    alpha = tenants["alpha"]
    queue = f"test-wf-{uuid.uuid4().hex}"
    env = {
        "DATABASE_URL": worker_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "MEDIA_ROOT": str(_media_root),
        "DB_CONN_MAX_AGE": "0",
        "WORKFLOW_BATCH_SIZE": "25",  # 120 batches: enough for every kill to land mid-run
        "WORKFLOW_LEASE_SECONDS": "3",
        "WORKFLOW_TASK_SECONDS": "60",
        "CACHE_KEY_PREFIX": f"worker-{queue}",
    }
    workers = []
    with django_db_blocker.unblock():
        connection.set_tenant(alpha.client)
        try:
            vip = Tag.objects.create(name=f"killed-{queue[-6:]}")
            Profile.objects.bulk_create(Profile(email=f"k{i}@killed.example") for i in range(COUNT))
            steps = [
                {"id": "w", "type": "wait", "delay": {"amount": 0}, "next": "t"},
                {"id": "t", "type": "addTag", "tagId": vip.pk, "next": "u"},
                {"id": "u", "type": "updateField", "field": "company", "value": "K", "next": "x"},
                {"id": "x", "type": "end"},
            ]
            workflow = Workflow.objects.create(
                name=f"Killed {queue[-6:]}", status=WorkflowStatus.PUBLISHED, re_entry="always"
            )
            version = WorkflowVersion.objects.create(
                workflow=workflow, number=1, definition={"steps": steps, "start": "w"}
            )
            trigger = ActiveTrigger(0, workflow.pk, version.pk, "tagAdded", "", {}, "always", "w")
            workers.append(celery_worker_start(queue, node=f"{queue}-1", **env))
            with tasks_routed_to(queue):
                with transaction.atomic():
                    enroll_sql(
                        trigger,
                        "SELECT id AS profile_id FROM audience_profile WHERE email LIKE %s",
                        ["k%@killed.example"],
                        occurrence="killed",
                        context={},
                    )
                mine = Enrollment.objects.filter(workflow=workflow)
                # Claimed rows (lease set, expired or not: no other worker runs yet).
                claimed = mine.filter(status="InProcess", claimed_until__isnull=False)

                def in_a_later_batch() -> bool:
                    # Not just after a batch's commit (between two batches), but with a batch
                    # claimed and some done before it.
                    return claimed.exists() and mine.filter(status="Completed").exists()

                # A kill that lands between a batch's commit and the next claim's proves
                # nothing (a batch is a fraction of a second): the next worker is killed
                # in turn, up to KILLS times, until one dies holding a batch.
                held = 0
                for kill in range(1, KILLS + 1):
                    wait_until(
                        in_a_later_batch,
                        timeout=DEADLINE,
                        message="a batch claimed after the first steps",
                    )
                    os.kill(workers[-1].pid, signal.SIGKILL)  # in the middle of its run
                    workers[-1].wait(10)
                    held = claimed.count()
                    done_at_kill = mine.filter(status="Completed").count()
                    assert 0 < done_at_kill < COUNT, done_at_kill
                    workers.append(celery_worker_start(queue, node=f"{queue}-{kill + 1}", **env))
                    if held:
                        break
                assert held > 0, f"every one of {KILLS} kills fell between batches"

                def finished():
                    task_send("workflows.sweep", {}, {"_schema_name": "public"})  # as beat
                    return not mine.filter(status="InProcess").exists()

                wait_until(finished, timeout=DEADLINE, message="every enrollment completed")
            assert mine.filter(status="Completed").count() == COUNT
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*), count(DISTINCT (h.enrollment_id, h.step_id))"
                    " FROM workflows_enrollmentstep h JOIN workflows_enrollment e"
                    " ON e.id = h.enrollment_id WHERE e.workflow_id = %s",
                    [workflow.pk],
                )
                rows, distinct = cursor.fetchone()
            assert rows == distinct == COUNT * STEPS  # none lost, none twice
            assert vip.profiletag_set.count() == COUNT
            changed = Profile.objects.filter(email__endswith="@killed.example", company="K")
            assert changed.count() == COUNT
            print(f"killed with {held} enrollments held and {done_at_kill} done")
        finally:
            for worker in workers:
                celery_worker_stop(worker)
            celery_queue_delete(queue)
            connection.set_tenant(alpha.client)
            Enrollment.objects.filter(workflow__name__startswith="Killed ").delete()
            Workflow.objects.filter(name__startswith="Killed ").delete()
            Profile.objects.filter(email__endswith="@killed.example").delete()
            Tag.objects.filter(name__startswith="killed-").delete()
            AuditLog.objects.filter(object_type__in=["enrollment", "profile"]).delete()
            connection.set_schema_to_public()
