"""A finished campaign's ledger figures are kept in the cache and never outlive a write of
its ledger (a delivery report): the next report reads them again. Its event figures come
from the events' roll-ups, so any write of events, whoever makes it, is in the next
report, and leaves the ledger's figures cached; an A/B report's reach is kept until a new
person opens or clicks. The timeline turns to days past 72 hours, in the client's zone."""

from datetime import timedelta

import pytest
from django.utils import timezone

from marketing.campaigns.models import Campaign
from marketing.delivery.bounces import Notice, NoticeKind, VerpAddress
from marketing.delivery.models import Delivery, DeliveryState
from marketing.delivery.services.bounce_notices import notice_record
from marketing.delivery.tokens import verp_token
from marketing.tracking.models import EmailEvent, EventType
from marketing.tracking.services import Event, events_record
from tests.support.campaign_report_seed import ab_variants_mark, sent_campaign_seed
from tests.support.tenants import in_schema

pytestmark = pytest.mark.usefixtures("tracking_redis_clean")


def _report(api, campaign_id: int) -> dict:
    answer = api.get(f"/api/mm/campaigns/{campaign_id}/report")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_cached_figures_give_way_to_new_events(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    assert _report(user_api, seeded.campaign_id)["uniqueOpens"] == 2
    dan = seeded.profile_ids["dan@mail.example"]
    with in_schema(alpha):
        # Written behind the services' back: the roll-ups count it all the same...
        EmailEvent.objects.create(
            profile_id=dan, campaign_id=seeded.campaign_id, event_type=EventType.OPENED
        )
    assert _report(user_api, seeded.campaign_id)["uniqueOpens"] == 3
    # ...as they count a write through tracking's services.
    with in_schema(alpha):
        events_record([Event(dan, "clicked", campaign_id=seeded.campaign_id)])
    report = _report(user_api, seeded.campaign_id)
    assert (report["uniqueOpens"], report["totalOpens"]) == (3, 4)
    assert (report["uniqueClicks"], report["totalClicks"]) == (3, 4)


def test_cached_figures_give_way_to_a_delivery_report(
    alpha, user_api, django_capture_on_commit_callbacks
):
    seeded = sent_campaign_seed(alpha)
    report = _report(user_api, seeded.campaign_id)
    assert (report["delivered"], report["hardBounces"]) == (4, 1)
    with in_schema(alpha):
        send_id = Campaign.objects.get(pk=seeded.campaign_id).send_id
        delivery = Delivery.objects.get(send_id=send_id, email="dan@mail.example")
        verp = VerpAddress("alpha", delivery.pk, verp_token("alpha", delivery.pk))
        with django_capture_on_commit_callbacks(execute=True):
            assert notice_record(verp, Notice(NoticeKind.HARD_BOUNCE, status="5.1.1"))
    report = _report(user_api, seeded.campaign_id)
    assert (report["delivered"], report["hardBounces"]) == (3, 2)


def test_a_timeline_past_72_hours_is_per_day_of_the_clients_zone(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    ann = seeded.profile_ids["ann@mail.example"]
    with in_schema(alpha):
        EmailEvent.objects.bulk_create(
            EmailEvent(
                profile_id=ann,
                campaign_id=seeded.campaign_id,
                event_type=EventType.OPENED,
                occurred_at=timezone.now() - timedelta(days=days),
            )
            for days in (4, 4, 5)
        )
    timeline = _report(user_api, seeded.campaign_id)["timeline"]
    assert timeline["unit"] == "day"
    points = timeline["points"]
    assert all("T00:00:00" in point["at"] for point in points)  # local midnights
    assert [p["at"] for p in points] == sorted(p["at"] for p in points)
    assert sum(p["opens"] for p in points) == 6 and sum(p["clicks"] for p in points) == 3
    assert len(points) == 3  # five days back, four days back, today


def test_an_event_write_leaves_the_ledger_figures_cached(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    assert _report(user_api, seeded.campaign_id)["delivered"] == 4
    dan = seeded.profile_ids["dan@mail.example"]
    with in_schema(alpha):
        send_id = Campaign.objects.get(pk=seeded.campaign_id).send_id
        # Behind the ledger's back (no delivery report): only the cache can still say 4.
        Delivery.objects.filter(send_id=send_id, email="dan@mail.example").update(
            state=DeliveryState.FAILED
        )
        events_record([Event(dan, "opened", campaign_id=seeded.campaign_id)])
    report = _report(user_api, seeded.campaign_id)
    assert (report["delivered"], report["uniqueOpens"]) == (4, 3)


def test_an_ab_reports_reach_gives_way_to_a_new_opener(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    ab_variants_mark(alpha, seeded.campaign_id)

    def opened() -> dict[str, int]:
        ab = _report(user_api, seeded.campaign_id)["ab"]
        return {v["name"]: v["uniqueOpens"] for v in ab["variants"]}

    assert opened() == {"A": 1, "B": 1, "W": 0}
    dan = seeded.profile_ids["dan@mail.example"]  # variant B
    with in_schema(alpha):
        events_record([Event(dan, "opened", campaign_id=seeded.campaign_id)])
    assert opened() == {"A": 1, "B": 2, "W": 0}
