"""Every campaign carries an unsubscribe link and the client's postal address in its body:
the client's footer and an unsubscribe line are added unless the content already places
the unsubscribeLink tag; a send without a postal address on file is refused (a test is
not)."""

import pytest

from core.errors import ValidationFailed
from marketing.campaigns.messages import POSTAL_ADDRESS_MISSING
from marketing.campaigns.models import CampaignSettings
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.content.models import CampaignFooter, Template
from marketing.delivery.models import Send
from marketing.delivery.services.batch_sending import send_batch_run
from tests.support.campaign_world import campaign_make


def _sent_to_ann(campaign, sink):
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send_batch_run(Send.objects.get(source_id=campaign.pk).pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    message = received.message
    return message.get_body(("html",)).get_content(), message.get_body(("plain",)).get_content()


def test_mail_without_an_unsubscribe_link_gets_the_footer_line(world, sent_tasks, sink):
    CampaignFooter.objects.create(
        name="House", html="<p>Demo Media news</p>", is_default=True,
        background_color="#ffffff", font_color="#222222",
    )  # fmt: skip
    html, text = _sent_to_ann(campaign_make(world), sink)
    # The client's default footer, then the postal address and a working unsubscribe link.
    assert "Demo Media news" in html
    assert "1 Market Street<br>Springfield, IL 62701<br>" in html
    assert html.index("Hi Ann") < html.index("Demo Media news") < html.index("1 Market Street")
    assert '">Unsubscribe</a>' in html and "<% unsubscribeLink" not in html
    assert "https://alpha.localhost/" in html.split(">Unsubscribe</a>")[0].rsplit("href=", 1)[1]
    lines = "1 Market Street\r\nSpringfield, IL 62701\r\nUnsubscribe: https://alpha.localhost/u/"
    assert lines in text


def test_a_template_with_its_own_unsubscribe_link_gets_no_second_one(world, sent_tasks, sink):
    Template.objects.filter(pk=world.template_id).update(
        html='<html><body><p>Hi</p><a href="<% unsubscribeLink %>">Leave</a></body></html>',
        text="Hi. Leave: <% unsubscribeLink %>",
    )
    html, text = _sent_to_ann(campaign_make(world), sink)
    assert ">Leave</a>" in html and ">Unsubscribe</a>" not in html
    assert "Market Street" not in html and "Unsubscribe:" not in text


def test_a_send_without_a_postal_address_is_refused_a_test_is_not(world, sent_tasks):
    CampaignSettings.objects.filter(key=1).update(postal_address="")
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed) as refused:
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert refused.value.errors == {"postalAddress": [POSTAL_ADDRESS_MISSING]}
    assert "campaign settings" in POSTAL_ADDRESS_MISSING
    send = Send.objects.get(pk=campaign_send_test(campaign_id=campaign.pk, emails=["qa@x.example"]))
    assert ">Unsubscribe</a>" in send.html
