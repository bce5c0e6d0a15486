"""workflow_engine: 100,000 profiles (BENCH_SCALE scales it) enter a workflow at once, as a
segment entry does (one `enroll_sql`), and run trigger -> wait 0 -> condition -> add tag
-> update field -> end through the real engine: `workflows.enrollments_run` on two real
Celery workers (solo, a private queue), which claim due enrollments with SKIP LOCKED and
run each batch's steps in one transaction per batch.

Figures:
- `steps_per_s`: steps run (5 per enrollment) from the enrollment's commit to the last
  enrollment Completed, worker boot not included. Target >= 5,000 on this machine with
  the send and web processes idle.
- `enroll_s`: the enrollment statement itself (100,000 rows).
- `email_burst` (when WORKFLOW_BENCH_EMAIL is not 0): 100,000 enrollments at once into a
  send-email step, from their commit to the last one's message on the delivery ledger
  (its send held, so that the figure is the ledger's intake; send_throughput measures
  the sending). Target <= 60 s. Checked: one ledger row per profile, one `done` history
  row per (enrollment, step).
- `trigger_p95` (when WORKFLOW_BENCH_LATENCY is not 0): human opens recorded one by one
  (LATENCY_RATE a second for LATENCY_SECONDS, tracking's `events_record`, each in its
  own transaction) start an email-activity workflow: p95 of (its first step done) - (the
  open's time). Target <= 2 s.
- `segment_entry` (when WORKFLOW_BENCH_SEGMENT is not 0): 1,000,000 profiles entering a
  segment-triggered workflow, enrolled by one sweep. Target <= 180 s.
- `timer_p95_s` (when WORKFLOW_BENCH_TIMERS is not 0): 100,000 enrollments waiting on
  timers, of which TIMER_SAMPLE come due over 30 s (the others tomorrow), woken by the
  sweep (`workflows.sweep`, sent every second as beat would): p95 of (the step after the
  wait ran) - (its due time). Target <= 10 s. WORKFLOW_BENCH_BURST=0 skips the burst.

Every wait has a deadline (TIMEOUT, scaled; 120 s for the latency's last enrollments).

Checked, or the bench fails: every enrollment Completed exactly once, exactly one history
row per (enrollment, step) (no step ran twice, none was lost), the tag on every profile,
the field set on every profile. The client schema is made here and dropped afterwards."""

from __future__ import annotations

import datetime as dt
import os
import statistics
import sys
import time
import uuid

from django.db import connection, transaction
from django.utils import timezone

from core.tasks import task_send
from tests.support.bench_clients import bench_client_drop, bench_client_fresh, worker_answering
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)
from tests.support.profile_rows import profiles_copy

SCHEMA = "bench_workflows"
PROFILES = 100_000
WORKERS = 2
STEPS = 5  # wait, condition, addTag, updateField, end
TIMER_SAMPLE = 2000  # of the waiting enrollments, those due during the timer measurement
TIMEOUT = 900
LATENCY_RATE = 10  # opens a second, for the trigger -> first step latency
LATENCY_SECONDS = 30


def _profiles(count: int) -> None:
    with connection.cursor() as cursor:
        profiles_copy(
            cursor.cursor,
            ({"email": f"p{i}@wf{i % 50}.example", "city": "Paris"} for i in range(count)),
        )
        cursor.execute("ANALYZE audience_profile")


def _workflow(steps: list[dict], name: str, *, kind: str = "tagAdded", key: str = ""):
    from marketing.audience.models import Tag
    from marketing.workflows.engine.triggers import triggers_forget
    from marketing.workflows.models import (
        Workflow,
        WorkflowStatus,
        WorkflowTrigger,
        WorkflowVersion,
    )

    if kind == "tagAdded":
        key = str(Tag.objects.create(name=f"start-{name}").pk)
    workflow = Workflow.objects.create(
        name=name, description="bench", status=WorkflowStatus.PUBLISHED, re_entry="always"
    )
    definition = {
        "trigger": {"id": "trigger", "kind": kind},
        "steps": steps,
        "start": steps[0]["id"],
    }
    version = WorkflowVersion.objects.create(workflow=workflow, number=1, definition=definition)
    Workflow.objects.filter(pk=workflow.pk).update(published_version=version)
    WorkflowTrigger.objects.create(workflow=workflow, version=version, kind=kind, key=key)
    triggers_forget()
    return workflow, version


def _trigger(workflow, version):
    from marketing.workflows.engine.triggers import ActiveTrigger

    return ActiveTrigger(
        id=0,
        workflow_id=workflow.pk,
        version_id=version.pk,
        kind="tagAdded",
        key="",
        details={},
        re_entry="always",
        start=version.definition["start"],
    )


def _wait_done(workflow_id: int, count: int, workers, seconds: float) -> float:
    from marketing.workflows.models import Enrollment

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(w.poll() is not None for w in workers):
            raise RuntimeError("a worker died during the run")
        left = Enrollment.objects.filter(workflow_id=workflow_id, status="InProcess").count()
        if left == 0:
            return time.perf_counter()
        time.sleep(0.25)
    raise RuntimeError(f"enrollments still in process after {seconds:.0f} s")


def _checks(workflow_id: int, count: int, vip_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT status, count(*) FROM workflows_enrollment WHERE workflow_id = %s GROUP BY 1",
            [workflow_id],
        )
        states = dict(cursor.fetchall())
        assert states == {"Completed": count}, states
        cursor.execute(
            "SELECT count(*), count(DISTINCT (h.enrollment_id, h.step_id))"
            " FROM workflows_enrollmentstep h JOIN workflows_enrollment e ON e.id = h.enrollment_id"
            " WHERE e.workflow_id = %s",
            [workflow_id],
        )
        rows, distinct = cursor.fetchone()
        assert rows == distinct == count * STEPS, (rows, distinct, count * STEPS)
        cursor.execute("SELECT count(*) FROM audience_profiletag WHERE tag_id = %s", [vip_id])
        assert cursor.fetchone()[0] == count
        cursor.execute("SELECT count(*) FROM audience_profile WHERE company = 'Engaged'")
        assert cursor.fetchone()[0] == count


def _run(count: int, queue: str, workers) -> list[dict]:
    from marketing.audience.models import Tag
    from marketing.workflows.engine.enroll import enroll_sql

    vip = Tag.objects.create(name="vip")
    steps = [
        {"id": "w", "type": "wait", "delay": {"amount": 0, "unit": "minutes"}, "next": "c"},
        {
            "id": "c",
            "type": "condition",
            "yes": "t",
            "no": "x",
            "condition": {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"},
        },
        {"id": "t", "type": "addTag", "tagId": vip.pk, "next": "u"},
        {"id": "u", "type": "updateField", "field": "company", "value": "Engaged", "next": "x"},
        {"id": "x", "type": "end"},
    ]
    workflow, version = _workflow(steps, "burst")
    with tasks_routed_to(queue):
        began = time.perf_counter()
        with transaction.atomic():
            added = enroll_sql(
                _trigger(workflow, version),
                "SELECT id AS profile_id FROM audience_profile",
                [],
                occurrence="bench",
                context={},
            )
        enrolled = time.perf_counter()
        assert added == count, (added, count)
        for _ in range(WORKERS - 1):  # enroll_sql sent one run; one per worker
            task_send("workflows.enrollments_run", {}, {"_schema_name": SCHEMA})
        finished = _wait_done(workflow.pk, count, workers, max(120, TIMEOUT * count / PROFILES))
    _checks(workflow.pk, count, vip.pk)
    elapsed = finished - enrolled
    return [
        {
            "bench": "workflow_engine",
            "value": round(count * STEPS / elapsed, 1),
            "unit": "steps/s",
            "profiles": count,
            "elapsed_s": round(elapsed, 2),
            "target": 5000,
        },
        {
            "bench": "workflow_engine_enroll",
            "value": round(enrolled - began, 3),
            "unit": "s",
            "profiles": count,
        },
    ]


def _email_burst(count: int, queue: str, workers) -> list[dict]:
    """`count` enrollments at once into a send-email step: timed from the enrollment's
    commit to the last of them done, i.e. its ledger row written (the step hands the
    message to the ledger in its own transaction). The step's send is held (paused) so
    that the figure is the ledger's intake, not the sending: send_throughput measures the
    sending of a ledger like this one."""
    from marketing.content.models import Template
    from marketing.delivery.models import Delivery, Send, SendKind, SendStatus
    from marketing.workflows.engine.enroll import enroll_sql
    from marketing.workflows.models import WorkflowEmail

    template = Template.objects.create(
        name="Welcome",
        template_type="designer",
        subject="Welcome",
        html="<html><body><p>Hello <% firstName || there %></p></body></html>",
        text="Hello",
    )
    steps = [
        {
            "id": "m",
            "type": "sendEmail",
            "templateId": template.pk,
            "fromName": "Shop",
            "fromAddress": "news@shop.example",
            "next": "x",
        },
        {"id": "x", "type": "end"},
    ]
    workflow, version = _workflow(steps, "email")
    email = WorkflowEmail.objects.create(workflow=workflow, version=version, step_id="m")
    send = Send.objects.create(
        kind=SendKind.WORKFLOW_STEP,
        source_id=email.pk,
        status=SendStatus.PAUSED,
        subject="Welcome",
        from_name="Shop",
        from_address="news@shop.example",
    )
    with tasks_routed_to(queue):
        with transaction.atomic():
            added = enroll_sql(
                _trigger(workflow, version),
                "SELECT id AS profile_id FROM audience_profile",
                [],
                occurrence="email",
                context={},
            )
        enrolled = time.perf_counter()
        assert added == count, (added, count)
        for _ in range(WORKERS - 1):
            task_send("workflows.enrollments_run", {}, {"_schema_name": SCHEMA})
        finished = _wait_done(workflow.pk, count, workers, max(120, TIMEOUT * count / PROFILES))
    elapsed = finished - enrolled
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT h.step_id, h.outcome, count(*), count(DISTINCT h.enrollment_id)"
            " FROM workflows_enrollmentstep h JOIN workflows_enrollment e ON e.id = h.enrollment_id"
            " WHERE e.workflow_id = %s GROUP BY 1, 2",
            [workflow.pk],
        )
        history = {(step, outcome): (rows, distinct) for step, outcome, rows, distinct in cursor}
    assert history == {("m", "done"): (count, count), ("x", "done"): (count, count)}, history
    rows = Delivery.objects.filter(send=send)
    assert rows.count() == rows.values("profile_id").distinct().count() == count
    return [
        {
            "bench": "workflow_engine_email_burst",
            "value": round(elapsed, 2),
            "unit": "s",
            "enrollments": count,
            "per_s": round(count / elapsed, 1),
            "target": 60,
        }
    ]


def _latency(queue: str, workers) -> list[dict]:
    """People open messages one after another (LATENCY_RATE a second for LATENCY_SECONDS),
    each open recorded by tracking's `events_record` in its own transaction (the announce
    the tracking flush makes too); a workflow triggered by a human open runs an add-tag
    step first. p95 of (the first step done: its history row's time) - (the open's time),
    with the workers idle between opens as they are in production."""
    from marketing.audience.models import Tag
    from marketing.tracking.models import EmailEvent
    from marketing.tracking.services import Event, events_record

    opened = Tag.objects.create(name="opened")
    steps = [
        {"id": "t", "type": "addTag", "tagId": opened.pk, "next": "x"},
        {"id": "x", "type": "end"},
    ]
    workflow, _version = _workflow(steps, "latency", kind="emailActivity", key="emailOpened")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM audience_profile ORDER BY id LIMIT %s",
            [LATENCY_RATE * LATENCY_SECONDS],
        )
        people = [row[0] for row in cursor.fetchall()]
    with tasks_routed_to(queue):
        began = time.monotonic()
        for n, profile_id in enumerate(people):
            pause = began + n / LATENCY_RATE - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            with transaction.atomic():
                events_record([Event(profile_id=profile_id, event="opened")])
        _wait_done(workflow.pk, len(people), workers, 120)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT extract(epoch FROM h.at - ev.occurred_at)"
            f" FROM {EmailEvent._meta.db_table} ev"
            " JOIN workflows_enrollment e ON e.workflow_id = %s AND e.profile_id = ev.profile_id"
            " JOIN workflows_enrollmentstep h ON h.enrollment_id = e.id AND h.step_id = 't'"
            " WHERE ev.profile_id = ANY(%s)",
            [workflow.pk, people],
        )
        late = sorted(float(row[0]) for row in cursor.fetchall())
    assert len(late) == len(people), (len(late), len(people))
    return [
        {
            "bench": "workflow_engine_trigger_p95",
            "value": round(late[int(len(late) * 0.95) - 1], 3),
            "unit": "s",
            "opens": len(late),
            "median_s": round(statistics.median(late), 3),
            "max_s": round(late[-1], 3),
            "target": 2,
        }
    ]


def _timers(count: int, queue: str, workers) -> list[dict]:
    from marketing.workflows.engine.enroll import enroll_sql

    spread = 30
    steps = [
        {"id": "w", "type": "wait", "until": {"time": "00:00"}, "next": "x"},
        {"id": "x", "type": "end"},
    ]
    workflow, version = _workflow(steps, "timers")
    with transaction.atomic():
        enroll_sql(
            _trigger(workflow, version),
            "SELECT id AS profile_id FROM audience_profile",
            [],
            occurrence="timers",
            context={},
        )
        with connection.cursor() as cursor:  # parked at "x", due over the next 30 s
            # All wait; a sample (TIMER_SAMPLE) comes due over the next 30 s, the others
            # tomorrow: the index, not the number waiting, is what a sweep reads.
            cursor.execute(
                "UPDATE workflows_enrollment SET step_id = 'x', due_at = CASE"
                " WHEN id %% %s = 0 THEN date_trunc('second', now())"
                " + make_interval(secs => 20 + (id / %s %% %s) / 100.0)"
                " ELSE now() + interval '1 day' END WHERE workflow_id = %s",
                [count // TIMER_SAMPLE, count // TIMER_SAMPLE, spread * 100, workflow.pk],
            )
            # Their due times, kept apart: an enrollment's own is cleared when it ends.
            cursor.execute(
                "CREATE TABLE bench_due AS SELECT id, due_at FROM workflows_enrollment"
                " WHERE workflow_id = %s AND due_at < now() + interval '1 hour'",
                [workflow.pk],
            )
            cursor.execute("SELECT count(*) FROM bench_due")
            (sample,) = cursor.fetchone()
    with tasks_routed_to(queue):
        deadline = time.monotonic() + 20 + spread + 120
        from marketing.workflows.models import Enrollment

        while time.monotonic() < deadline:
            task_send("workflows.sweep", {}, {"_schema_name": "public"})  # as beat does
            due_left = Enrollment.objects.filter(
                workflow=workflow,
                status="InProcess",
                due_at__lt=timezone.now() + dt.timedelta(hours=1),
            )
            if not due_left.exists():
                break
            time.sleep(1)
        else:
            raise RuntimeError("timers still waiting")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT extract(epoch FROM h.at - d.due_at) FROM bench_due d"
            " JOIN workflows_enrollmentstep h ON h.enrollment_id = d.id AND h.step_id = 'x'"
        )
        late = sorted(float(row[0]) for row in cursor.fetchall())
    assert len(late) == sample, (len(late), sample)
    p95 = late[int(len(late) * 0.95) - 1]
    return [
        {
            "bench": "workflow_engine_timer_p95",
            "value": round(p95, 2),
            "unit": "s",
            "waiting": count,
            "median_s": round(statistics.median(late), 2),
            "target": 10,
        }
    ]


def _segment_entry(count: int) -> list[dict]:
    """`count` profiles enter a segment at once; the segment-triggered workflow's sweep
    (engine/sweeps.py, as `workflows.triggers_sweep` runs it) enrolls them: timed."""
    from marketing.segments.models import Segment
    from marketing.workflows.engine.sweeps import triggers_sweep
    from marketing.workflows.engine.triggers import triggers_forget
    from marketing.workflows.models import Enrollment, WorkflowTrigger

    segment = Segment.objects.create(
        name="Oslo",
        segment_type="dynamic",
        website_ids=[1],
        rules={
            "type": "and",
            "rules": [{"type": "field", "field": "city", "operator": "equals", "value": "Oslo"}],
        },
    )
    steps = [{"id": "x", "type": "end"}]
    workflow, _version = _workflow(steps, "segment")
    WorkflowTrigger.objects.filter(workflow=workflow).update(
        kind="segmentEntered", key=str(segment.pk)
    )
    triggers_forget()
    zone = connection.tenant.time_zone
    with transaction.atomic():
        triggers_sweep(zone=zone)  # the memory of the members before: none
    with connection.cursor() as cursor:
        profiles_copy(
            cursor.cursor,
            ({"email": f"s{i}@seg{i % 50}.example", "city": "Oslo"} for i in range(count)),
        )
        cursor.execute("ANALYZE audience_profile")
    began = time.perf_counter()
    with transaction.atomic():
        added = triggers_sweep(zone=zone)
    elapsed = time.perf_counter() - began
    assert added == {"segmentEntered": count}, added
    assert Enrollment.objects.filter(workflow=workflow).count() == count
    return [
        {
            "bench": "workflow_engine_segment_entry",
            "value": round(elapsed, 2),
            "unit": "s",
            "entries": count,
            "target": 180,
        }
    ]


def run(scale: float) -> list[dict]:
    count = max(1000, int(PROFILES * scale))
    client = bench_client_fresh(SCHEMA, "Bench workflows")
    queue = f"bench-wf-{uuid.uuid4().hex[:10]}"
    env = {
        "CELERY_TASK_ALWAYS_EAGER": "0",
        **{k: v for k, v in os.environ.items() if k.startswith("WORKFLOW_")},
    }
    workers = [celery_worker_start(queue, node=f"{queue}-{n}", **env) for n in range(WORKERS)]
    try:
        connection.set_tenant(client)
        _profiles(count)
        for n, worker in enumerate(workers):
            worker_answering(f"{queue}-{n}", worker)
        figures = []
        if os.environ.get("WORKFLOW_BENCH_BURST", "1") != "0":
            figures += _run(count, queue, workers)
            print(f"# {figures}", file=sys.stderr, flush=True)
        if os.environ.get("WORKFLOW_BENCH_EMAIL", "1") != "0":
            figures += _email_burst(count, queue, workers)
            print(f"# {figures[-1]}", file=sys.stderr, flush=True)
        if os.environ.get("WORKFLOW_BENCH_LATENCY", "1") != "0":
            figures += _latency(queue, workers)
            print(f"# {figures[-1]}", file=sys.stderr, flush=True)
        if os.environ.get("WORKFLOW_BENCH_TIMERS", "1") != "0":
            figures += _timers(count, queue, workers)
            print(f"# {figures[-1]}", file=sys.stderr, flush=True)
        if os.environ.get("WORKFLOW_BENCH_SEGMENT", "1") != "0":
            figures += _segment_entry(int(1_000_000 * scale))
        return figures
    finally:
        for worker in workers:
            celery_worker_stop(worker)
        celery_queue_delete(queue)
        bench_client_drop(client)
