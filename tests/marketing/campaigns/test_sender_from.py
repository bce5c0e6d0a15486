"""One From per campaign: its sender's name and address, whether the sender is chosen from
the list or typed; a name of one sender with the address of another is refused on save,
test and send (issue 23: "Spring Team <news@demo.example>")."""

import pytest

from core.errors import ValidationFailed
from marketing.campaigns.models import Campaign
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.campaigns.services.campaigns import campaign_save
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.delivery.models import Send
from marketing.delivery.services.batch_sending import send_batch_run
from tests.support.campaign_world import campaign_make, sender_ready

MIXED = (
    "Sender Name and Sender Email must be those of one confirmed sender: "
    "news@shop.example is sent as Shop."
)


def test_a_chosen_sender_sends_its_own_name_and_address(world, sent_tasks, sink):
    sender_ready("spring@news.example", name="Spring Team")
    chosen = sender_ready("news@shop.example", name="Shop")
    campaign = campaign_make(world, sender_id=chosen.pk, from_name="Shop")
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send_batch_run(Send.objects.get(source_id=campaign.pk).pk)
    [to_ann] = sink.handler.for_recipient("ann@mail.example")
    assert to_ann.message["From"] == "Shop <news@shop.example>"


def test_a_name_of_one_sender_with_the_address_of_another_is_refused_on_save(world):
    sender_ready("spring@news.example", name="Spring Team")
    chosen = sender_ready("news@shop.example", name="Shop")
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed) as chosen_mixed:
        campaign_save(
            campaign_id=campaign.pk,
            values={"sender_id": chosen.pk, "from_name": "Spring Team"},
        )
    assert chosen_mixed.value.errors == {"fromName": [MIXED]}
    with pytest.raises(ValidationFailed) as typed_mixed:
        campaign_save(
            campaign_id=campaign.pk,
            values={"from_name": "Spring Team", "from_address": "news@shop.example"},
        )
    assert typed_mixed.value.errors == {"fromName": [MIXED]}
    with pytest.raises(ValidationFailed) as other_address:
        campaign_save(
            campaign_id=campaign.pk,
            values={"sender_id": chosen.pk, "from_address": "spring@news.example"},
        )
    assert other_address.value.errors == {"fromAddress": [MIXED]}
    # The sender's own pair, or the sender alone, is saved.
    saved = campaign_save(
        campaign_id=campaign.pk,
        values={"sender_id": chosen.pk, "from_name": "Shop", "from_address": "NEWS@shop.example"},
    )
    assert saved.sender_id == chosen.pk


def test_a_mixed_from_saved_earlier_is_refused_on_test_and_send(world, sent_tasks):
    chosen = sender_ready("news@shop.example", name="Shop")
    campaign = campaign_make(world)
    Campaign.objects.filter(pk=campaign.pk).update(sender_id=chosen.pk, from_name="Spring Team")
    with pytest.raises(ValidationFailed) as on_test:
        campaign_send_test(campaign_id=campaign.pk, emails=["qa@shop.example"])
    assert on_test.value.errors == {"senderId": [MIXED]}
    with pytest.raises(ValidationFailed) as on_send:
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert on_send.value.errors == {"senderId": [MIXED]}
