"""Rep as Sender in a real send: with the client's setting on, each recipient's message
comes from their rep when the rep may send (a confirmed sender, or an address at a
verified domain); a disabled, unassigned or invalid rep falls back to the campaign's
sender. With the setting off everyone gets the campaign's sender."""

import pytest

from core import tasks
from marketing.audience.models import Profile, Rep
from marketing.campaigns.models import Campaign, CampaignSettings
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.delivery.models import Delivery
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from tests.support.campaign_world import campaign_make, sender_ready, world_make

EMAILS = (
    "has-sender-rep@c.example",
    "has-domain-rep@c.example",
    "inactive-rep@c.example",
    "foreign-rep@c.example",
    "no-rep@c.example",
)


@pytest.fixture
def sent_tasks(monkeypatch):
    monkeypatch.setattr(tasks, "task_send", lambda *args: None)


def _reps() -> None:
    sender_ready("mary@shop.example", name="Mary from Shop", reply_to="mary.replies@shop.example")
    reps = {
        "has-sender-rep@c.example": Rep.objects.create(email="mary@shop.example"),
        "has-domain-rep@c.example": Rep.objects.create(
            email="tom@shop.example", first_name="Tom", last_name="Reed"
        ),
        "inactive-rep@c.example": Rep.objects.create(email="old@shop.example", is_active=False),
        "foreign-rep@c.example": Rep.objects.create(email="joe@unverified.example"),
    }
    for email, rep in reps.items():
        Profile.objects.filter(email=email).update(rep=rep)


def _send(world, name: str):
    campaign = campaign_make(world, name=name)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send_id = Campaign.objects.get(pk=campaign.pk).send_id
    assert send_batch_run(send_id) == RunResult.FINISHED
    return send_id


def test_each_recipient_gets_their_reps_from_or_the_campaigns(in_alpha, sent_tasks, sink):
    world = world_make(emails=EMAILS)
    _reps()
    CampaignSettings.objects.update_or_create(key=1, defaults={"use_rep_as_sender": True})
    send_id = _send(world, "Reps")

    def headers(email):
        [received] = sink.handler.for_recipient(email)
        return received.message["From"], received.message["Reply-To"]

    assert headers("has-sender-rep@c.example") == (
        "Mary from Shop <mary@shop.example>",
        "mary.replies@shop.example",
    )
    assert headers("has-domain-rep@c.example")[0] == "Tom Reed <tom@shop.example>"
    for fallback in ("inactive-rep@c.example", "foreign-rep@c.example", "no-rep@c.example"):
        assert headers(fallback)[0] == "Shop <news@shop.example>"
    own = Delivery.objects.filter(send_id=send_id).exclude(from_address="").count()
    assert own == 2


def test_with_the_setting_off_everyone_gets_the_campaigns_sender(in_alpha, sent_tasks, sink):
    world = world_make(emails=EMAILS)
    _reps()
    _send(world, "No reps")
    froms = {r.message["From"] for r in sink.handler.received}
    assert froms == {"Shop <news@shop.example>"}
