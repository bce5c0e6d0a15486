"""A scheduled campaign is started by beat's tick in a real Celery worker process, which
freezes its audience, sends through the SMTP sink and marks it Sent.

The worker is another process, so this test works on committed data and removes what it
made at the end."""

import time
import uuid
from datetime import timedelta

from celery import current_app
from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.services.campaign_launch import campaign_send
from marketing.tracking.models import EmailEvent
from marketing.tracking.services import Event, events_record
from tests.support.campaign_world import campaign_make, world_committed_remove, world_make
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_env_on_test_db,
)
from tests.support.smtp_sink import SmtpSink
from tests.support.waiting import wait_until


def _worker_start(queue: str, sink: SmtpSink):
    """A real worker on `queue`, on the test database, delivering to `sink`."""
    return celery_worker_start(queue, **worker_env_on_test_db(queue, sink))


def _tick() -> None:
    current_app.send_task("campaigns.schedule_tick", headers={"_schema_name": "public"})


def _ticking_until(condition, *, timeout: float, message: str):
    """Beat's tick, sent once a second as beat would (at a faster pace), until `condition()`
    holds; its value."""
    ticked_at = [float("-inf")]

    def ticked_and_holds():
        if time.monotonic() - ticked_at[0] >= 1:
            _tick()
            ticked_at[0] = time.monotonic()
        return condition()

    return wait_until(ticked_and_holds, timeout=timeout, message=message, interval=0.1)


def test_the_tick_sends_a_scheduled_campaign_through_a_real_worker(tenants, django_db_blocker):
    alpha = tenants["alpha"]
    queue = f"test-campaigns-{uuid.uuid4().hex}"
    with django_db_blocker.unblock(), SmtpSink() as sink:
        connection.set_tenant(alpha.client)
        world = world_make(emails=("tick1@x.example", "tick2@x.example"))
        campaign = campaign_make(world, name="Tick", scheduled_at=timezone.now())
        due = timezone.now() + timedelta(seconds=2)
        campaign_send(campaign_id=campaign.pk, values={"scheduled_at": due}, when="schedule")
        connection.set_schema_to_public()
        worker = _worker_start(queue, sink)
        try:
            with tasks_routed_to(queue):
                wait_until(lambda: timezone.now() > due, timeout=5, message="the schedule is due")
                connection.set_tenant(alpha.client)
                assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SCHEDULED
                first_tick_at = timezone.now()
                _ticking_until(
                    lambda: Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SENT,
                    timeout=90,
                    message="the ticked campaign is Sent",
                )
            # Nothing started it between its due time and the first tick (however late).
            assert Campaign.objects.get(pk=campaign.pk).started_at >= first_tick_at
            received = {r.rcpt_to[0] for r in sink.handler.received}
            assert received == {"tick1@x.example", "tick2@x.example"}
            [first] = sink.handler.for_recipient("tick1@x.example")
            assert first.message["Subject"] == "Autumn sale"
            done = Campaign.objects.get(pk=campaign.pk)
            assert done.recipient_count == 2 and done.sent_at is not None
        finally:
            celery_worker_stop(worker)
            celery_queue_delete(queue)
            world_committed_remove(alpha, campaign, world)


def test_a_campaign_sent_now_shows_sent_without_waiting_for_a_tick(tenants, django_db_blocker):
    """Delivery announces a finished send on commit and the campaign follows it at once:
    no tick is sent here, and the minute tick would be too late for the deadline."""
    alpha = tenants["alpha"]
    queue = f"test-campaigns-{uuid.uuid4().hex}"
    with django_db_blocker.unblock(), SmtpSink() as sink:
        connection.set_tenant(alpha.client)
        world = world_make(emails=("now1@x.example", "now2@x.example"))
        campaign = campaign_make(world, name="Now")
        connection.set_schema_to_public()
        worker = _worker_start(queue, sink)
        try:
            connection.set_tenant(alpha.client)
            with tasks_routed_to(queue):
                campaign_send(campaign_id=campaign.pk, values={}, when="now")
            wait_until(  # no tick runs here: only the event can do it
                lambda: Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SENT,
                timeout=90,
                message="the campaign sent now is Sent",
                interval=0.2,
            )
            assert {r.rcpt_to[0] for r in sink.handler.received} == {
                "now1@x.example",
                "now2@x.example",
            }
        finally:
            celery_worker_stop(worker)
            celery_queue_delete(queue)
            world_committed_remove(alpha, campaign, world)


def test_the_tick_sends_the_start_of_each_due_campaign_in_its_client(
    world, monkeypatch, django_capture_on_commit_callbacks
):
    """In process (the test's transaction): what the tick sends, and for which client. (Also
    makes pytest-django create the test database when this file runs alone: the worker test
    above takes no `db` transaction.)"""
    from core import tasks
    from marketing.campaigns.tasks import schedule_tick

    sent = []
    monkeypatch.setattr(
        tasks, "task_send", lambda name, kwargs, headers: sent.append((name, kwargs, headers))
    )
    assert schedule_tick() == {}
    campaign = campaign_make(world, scheduled_at=timezone.now())
    Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.SCHEDULED)
    with django_capture_on_commit_callbacks(execute=True):
        assert schedule_tick() == {
            "alpha": {"started": 1, "winners": 0, "resends": 0, "followed": 0}
        }
    assert sent == [
        ("campaigns.campaign_start", {"campaign_id": campaign.pk}, {"_schema_name": "alpha"})
    ]


def test_an_ab_campaign_end_to_end_through_a_real_worker(tenants, django_db_blocker):
    """Beat's tick (sent by the test each second) drives a real worker: the start freezes
    the variants' test share, the runs deliver it to the sink, a person of B opens, the
    clock passes the winner's hours, the tick's pick sends B to the rest, and the campaign
    ends Sent with every recipient mailed once."""
    alpha = tenants["alpha"]
    queue = f"test-campaigns-ab-{uuid.uuid4().hex}"
    emails = tuple(f"abw{n}@x.example" for n in range(10))
    with django_db_blocker.unblock(), SmtpSink() as sink:
        connection.set_tenant(alpha.client)
        world = world_make(emails=emails)
        campaign = campaign_make(
            world,
            name="AB worker",
            kind="AB",
            ab_test_on="subject",
            ab_variants=[{"name": "A", "subject": "Ask A"}, {"name": "B", "subject": "Ask B"}],
            ab_test_percent=40,
            ab_winner_rule="opens",
            ab_winner_after_hours=1,
        )
        campaign_send(campaign_id=campaign.pk, values={}, when="schedule")
        Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now())
        connection.set_schema_to_public()
        worker = _worker_start(queue, sink)
        try:
            with tasks_routed_to(queue):
                connection.set_tenant(alpha.client)
                _ticking_until(
                    lambda: len(sink.handler.received) >= 4,
                    timeout=90,
                    message="the test share (4) is delivered",
                )
                assert len(sink.handler.received) == 4
                testing = Campaign.objects.get(pk=campaign.pk)
                assert testing.status == CampaignStatus.SENDING and not testing.ab_winner
                opener = sink.handler.received[0]
                if opener.message["Subject"] != "Ask B":
                    opener = next(
                        r for r in sink.handler.received if r.message["Subject"] == "Ask B"
                    )
                profile = Profile.objects.get(email=opener.rcpt_to[0])
                events_record([Event(profile.pk, "opened", campaign_id=campaign.pk)])
                Campaign.objects.filter(pk=campaign.pk).update(
                    started_at=timezone.now() - timedelta(hours=1, seconds=1)
                )
                _ticking_until(
                    lambda: Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SENT,
                    timeout=90,
                    message="the winner is sent to the rest and the campaign is Sent",
                )
            done = Campaign.objects.get(pk=campaign.pk)
            assert done.ab_winner == "B" and done.recipient_count == 10
            received = [r.rcpt_to[0] for r in sink.handler.received]
            assert sorted(received) == sorted(emails)  # everyone once
            subjects = [r.message["Subject"] for r in sink.handler.received]
            assert subjects.count("Ask A") == 2 and subjects.count("Ask B") == 8
        finally:
            celery_worker_stop(worker)
            celery_queue_delete(queue)
            connection.set_tenant(alpha.client)
            EmailEvent.objects.filter(campaign_id=campaign.pk).delete()
            world_committed_remove(alpha, campaign, world)
