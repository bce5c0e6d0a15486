"""A/B campaigns against the real database: the test share split evenly and the same way
every time, one send per variant with its own subject or content, the winner picked by
human events only (machine opens and bot clicks never count; ties go to A), picked once
and never changed, and sent only to the rest of the audience."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from core import tasks
from core.audit.models import AuditLog
from core.errors import ValidationFailed
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.services.ab import ab_test_share, ab_winner_pick, ab_winners_due
from marketing.campaigns.services.campaign_launch import (
    campaign_send,
    campaign_start,
    campaign_statuses_follow,
)
from marketing.content.models import Template
from marketing.delivery.models import Delivery, Send, SendKind
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.tracking.services import Event, events_record
from tests.support.campaign_world import campaign_make, world_make

EMAILS = tuple(f"ab{n:02d}@mail.example" for n in range(20))


@pytest.fixture
def ab_world(in_alpha):
    return world_make(emails=EMAILS)


def _ab(world, **changes):
    values = dict(
        kind="AB",
        ab_test_on="subject",
        ab_variants=[{"name": "A", "subject": "Subject A"}, {"name": "B", "subject": "Subject B"}],
        ab_test_percent=50,
        ab_winner_rule="opens",
        ab_winner_after_hours=2,
    )
    values.update(changes)
    campaign = campaign_make(world, **values)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    return Campaign.objects.get(pk=campaign.pk)


def _sends(campaign) -> dict[str, Send]:
    return {s.part: s for s in Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=campaign.pk)}


def _profiles(send) -> set[int]:
    return set(Delivery.objects.filter(send=send).values_list("profile_id", flat=True))


def _run_all(campaign) -> None:
    for send in _sends(campaign).values():
        assert send_batch_run(send.pk) == RunResult.FINISHED


def _due(campaign) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(
        started_at=timezone.now() - timedelta(hours=2, seconds=1)
    )


def test_the_test_share_is_split_evenly_and_the_same_way_each_time(ab_world, sent_tasks):
    campaign = _ab(ab_world, ab_test_percent=30, ab_variants=[
        {"name": "A", "subject": "Subject A"},
        {"name": "B", "subject": "Subject B"},
        {"name": "C", "subject": "Subject C"},
    ])  # fmt: skip
    sends = _sends(campaign)
    assert set(sends) == {"A", "B", "C"}
    assert {p: s.subject for p, s in sends.items()} == {
        "A": "Subject A", "B": "Subject B", "C": "Subject C",
    }  # fmt: skip
    groups = {name: _profiles(send) for name, send in sends.items()}
    assert [len(groups[n]) for n in "ABC"] == [2, 2, 2]  # 30 % of 20, dealt evenly
    assert not (groups["A"] & groups["B"]) and not (groups["B"] & groups["C"])
    for name, send in sends.items():
        assert set(Delivery.objects.filter(send=send).values_list("variant", flat=True)) == {name}
    again = ab_test_share(campaign, time_zone="UTC")
    assert {n: set(ids) for n, ids in again.items()} == groups
    assert campaign.status == CampaignStatus.SENDING
    assert campaign.send_id == sends["A"].pk and campaign.recipient_count == 6


def test_content_variants_freeze_their_own_templates(ab_world, sent_tasks):
    other = Template.objects.create(
        name="Sale B", template_type="html", subject="s", html="<p>Version B</p>", text="B"
    )
    campaign = _ab(
        ab_world,
        ab_test_on="content",
        template_id=None,
        ab_variants=[
            {"name": "A", "templateId": ab_world.template_id},
            {"name": "B", "templateId": other.pk},
        ],
    )
    sends = _sends(campaign)
    assert "Hi <% firstName" in sends["A"].html and "Version B" in sends["B"].html
    assert sends["A"].subject == sends["B"].subject == "Autumn sale"


def test_the_winner_by_human_opens_goes_to_the_rest_only(ab_world, sent_tasks, sink):
    campaign = _ab(ab_world)
    _run_all(campaign)
    sends = _sends(campaign)
    a_people, b_people = _profiles(sends["A"]), _profiles(sends["B"])
    # A: every recipient's proxy (machine) open and bot click; B: one human open
    events_record([Event(p, "opened", campaign_id=campaign.pk, machine=True) for p in a_people])
    events_record([Event(p, "clicked", campaign_id=campaign.pk, machine=True) for p in a_people])
    events_record([Event(min(b_people), "opened", campaign_id=campaign.pk)])
    assert ab_winners_due() == []
    assert ab_winner_pick(campaign_id=campaign.pk) == "notDue"
    _due(campaign)
    assert ab_winners_due() == [campaign.pk]
    assert ab_winner_pick(campaign_id=campaign.pk) == "picked"
    picked = Campaign.objects.get(pk=campaign.pk)
    assert picked.ab_winner == "B" and picked.ab_winner_picked_at is not None
    winner = _sends(campaign)["W"]
    assert winner.subject == "Subject B"
    rest = _profiles(winner)
    assert len(rest) == 10 and not rest & (a_people | b_people)
    assert set(Delivery.objects.filter(send=winner).values_list("variant", flat=True)) == {"W"}
    assert picked.recipient_count == 20
    # the campaign is Sent only once the winner's send has finished too
    assert campaign_statuses_follow() == 0
    assert send_batch_run(winner.pk) == RunResult.FINISHED
    assert campaign_statuses_follow() == 1
    assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SENT
    received = {r.rcpt_to[0] for r in sink.handler.received}
    assert len(received) == 20 and len(sink.handler.received) == 20
    audit = AuditLog.objects.filter(object_id=campaign.pk, event_type="campaign.abWinnerPicked")
    assert audit.count() == 1


def test_a_tie_goes_to_a_and_clicks_rule_reads_human_clicks(ab_world, sent_tasks, sink):
    tie = _ab(ab_world, name="Tie")
    _run_all(tie)
    _due(tie)
    assert ab_winner_pick(campaign_id=tie.pk) == "picked"
    assert Campaign.objects.get(pk=tie.pk).ab_winner == "A"

    by_clicks = _ab(ab_world, name="Clicks", ab_winner_rule="clicks")
    _run_all(by_clicks)
    b_people = _profiles(_sends(by_clicks)["B"])
    a_people = _profiles(_sends(by_clicks)["A"])
    events_record([Event(p, "opened", campaign_id=by_clicks.pk) for p in a_people])  # opens only
    events_record([Event(min(b_people), "clicked", campaign_id=by_clicks.pk)])
    _due(by_clicks)
    assert ab_winner_pick(campaign_id=by_clicks.pk) == "picked"
    assert Campaign.objects.get(pk=by_clicks.pk).ab_winner == "B"


def test_a_winner_once_picked_never_changes(ab_world, sent_tasks, sink, admin_api):
    campaign = _ab(ab_world)
    _run_all(campaign)
    _due(campaign)
    assert ab_winner_pick(campaign_id=campaign.pk) == "picked"
    rows = Delivery.objects.filter(send__source_id=campaign.pk).count()
    # later events that would favour B change nothing; a second pick is refused
    b_people = _profiles(_sends(campaign)["B"])
    events_record([Event(p, "opened", campaign_id=campaign.pk) for p in b_people])
    assert ab_winner_pick(campaign_id=campaign.pk) == "alreadyPicked"
    assert Campaign.objects.get(pk=campaign.pk).ab_winner == "A"
    assert Delivery.objects.filter(send__source_id=campaign.pk).count() == rows
    # and no write through the API reaches it: a started campaign is not editable
    connection.set_schema_to_public()
    answer = admin_api.patch(
        f"/api/mm/campaigns/{campaign.pk}", {"abWinner": "B", "abVariants": []}
    )
    assert answer.status_code == 400
    assert "edited only" in answer.json()["message"]


def test_two_picks_at_once_pick_once(tenants, django_db_blocker):
    """Committed data (each thread has its own connection); removed at the end."""
    alpha = tenants["alpha"]
    with django_db_blocker.unblock():
        connection.set_tenant(alpha.client)
        world = world_make(emails=tuple(f"race-ab{n}@x.example" for n in range(6)))
        original = tasks.task_send
        tasks.task_send = lambda *a: None
        campaign = None
        try:
            campaign = _ab(world, name="AB race")
            _due(campaign)
            results, barrier = [], threading.Barrier(4)

            def pick():
                from django.db import connection as own

                own.set_tenant(alpha.client)
                try:
                    barrier.wait(10)
                    results.append(ab_winner_pick(campaign_id=campaign.pk))
                finally:
                    own.close()

            threads = [threading.Thread(target=pick) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(30)
            connection.set_tenant(alpha.client)
            assert sorted(results) == ["alreadyPicked"] * 3 + ["picked"]
            assert Send.objects.filter(source_id=campaign.pk, part="W").count() == 1
        finally:
            tasks.task_send = original
            connection.set_tenant(alpha.client)
            _cleanup(world, campaign)


def _cleanup(world, campaign) -> None:
    from marketing.audience.models import Group, Profile
    from marketing.senders.models import Sender, SenderDomain

    if campaign is not None:
        Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=campaign.pk).delete()
        AuditLog.objects.filter(object_type="campaign", object_id=campaign.pk).delete()
        Campaign.objects.filter(pk=campaign.pk).delete()
    Profile.objects.filter(pk__in=world.profile_ids).delete()
    Group.objects.filter(pk=world.group_id).delete()
    Template.objects.filter(pk=world.template_id).delete()
    Sender.objects.filter(email="news@shop.example").delete()
    SenderDomain.objects.filter(name="shop.example").delete()
    connection.set_schema_to_public()


def test_ab_and_rss_campaigns_are_not_sent_in_each_recipients_zone(ab_world, sent_tasks):
    for kind, extra in (
        ("AB", dict(ab_test_on="subject", ab_test_percent=20, ab_winner_rule="opens",
                    ab_winner_after_hours=1,
                    ab_variants=[{"name": "A", "subject": "a"}, {"name": "B", "subject": "b"}])),
        ("RSS Feed", dict(rss_url="https://news.example/feed", rss_frequency="Day",
                          rss_article_count=2)),
    ):  # fmt: skip
        campaign = campaign_make(ab_world, name=f"Zoned {kind}", kind=kind, **extra)
        with pytest.raises(ValidationFailed) as refused:
            campaign_send(
                campaign_id=campaign.pk, values={"send_in_recipient_zone": True}, when="now"
            )
        assert refused.value.errors == {
            "sendInRecipientZone": [
                "A/B and RSS campaigns go out at the schedule's time in your time zone, not in"
                " each recipient's."
            ]
        }


def test_the_tick_in_process_sends_each_due_pick_once(
    ab_world, sent_tasks, sink, django_capture_on_commit_callbacks
):
    from marketing.campaigns.tasks import schedule_tick

    campaign = _ab(ab_world)
    _run_all(campaign)
    sent_tasks.clear()
    with django_capture_on_commit_callbacks(execute=True):
        schedule_tick()
    assert not any(name == "campaigns.ab_winner_pick" for name, _ in sent_tasks)
    _due(campaign)
    with django_capture_on_commit_callbacks(execute=True):
        news = schedule_tick()
    assert news["alpha"]["winners"] == 1
    assert ("campaigns.ab_winner_pick", {"campaign_id": campaign.pk}) in sent_tasks
    # the task runs (twice: a redelivery), the winner's send is made once
    with django_capture_on_commit_callbacks(execute=True):
        assert ab_winner_pick(campaign_id=campaign.pk) == "picked"
        assert ab_winner_pick(campaign_id=campaign.pk) == "alreadyPicked"
    assert Send.objects.filter(source_id=campaign.pk, part="W").count() == 1
    sent_tasks.clear()
    with django_capture_on_commit_callbacks(execute=True):
        schedule_tick()
    assert not any(name == "campaigns.ab_winner_pick" for name, _ in sent_tasks)
