"""What a campaign's send carries from its two settings of issue 13: the client's global
"view in browser" (the line at the top, under the pre-header, and the send's flag, for the
real send and a test) and the campaign's local "exclude system UTM tags" (the tags on its
web links, in the snapshot and in the links the send records)."""

import re

from marketing.campaigns.models import CampaignSettings
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.content.models import CampaignHeader, Template
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.tracking.models import SendLink
from tests.support.campaign_world import campaign_make

LINE = "View this email in your browser"
HTML = (
    '<html><body><p>Hi <% firstName || there %></p><a href="https://shop.example/sale">Sale</a>'
    '<a href="https://shop.example/?utm_source=spring">Spring</a>'
    '<a href="<% unsubscribeLink %>">Unsubscribe</a>'
    '<a href="mailto:sales@shop.example">Mail us</a></body></html>'
)
TAGS = "utm_source=mailcraft&amp;utm_medium=email&amp;utm_campaign=autumn-sale"


def _started(world, **changes) -> Send:
    Template.objects.filter(pk=world.template_id).update(html=HTML, text="")
    campaign = campaign_make(world, **changes)
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    return Send.objects.get(kind=SendKind.CAMPAIGN, source_id=campaign.pk)


def test_view_in_browser_on_puts_the_line_under_the_preheader(world, sent_tasks, sink):
    header = CampaignHeader.objects.create(name="Logo", html="<p>LOGO</p>")
    send = _started(world, header_id=header.pk, preview_text="Up to 50% off")
    assert send.view_in_browser
    html = send.html
    assert html.index("Up to 50% off") < html.index(LINE) < html.index("LOGO") < html.index("Hi")
    assert send_batch_run(send.pk) == RunResult.FINISHED
    [received] = sink.handler.for_recipient("ann@mail.example")
    body = received.message.get_body(("html",)).get_content()
    assert re.search(r'<a href="https://alpha\.localhost/v/[\w.-]+" [^>]*>' + LINE, body)
    text = received.message.get_body(("plain",)).get_content()
    assert re.search(LINE + r" \(https://alpha\.localhost/v/[\w.-]+\)", text)


def test_view_in_browser_off_sends_no_line(world, sent_tasks, sink):
    CampaignSettings.objects.filter(key=1).update(view_in_browser=False)
    send = _started(world)
    assert not send.view_in_browser and LINE not in send.html
    send_batch_run(send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    assert "/v/" not in received.message.get_body(("html",)).get_content()


def test_a_test_send_has_the_line_too(world, sent_tasks):
    campaign = campaign_make(world)
    send = Send.objects.get(pk=campaign_send_test(campaign_id=campaign.pk, emails=["qa@x.example"]))
    assert send.view_in_browser and LINE in send.html
    CampaignSettings.objects.filter(key=1).update(view_in_browser=False)
    send = Send.objects.get(pk=campaign_send_test(campaign_id=campaign.pk, emails=["qa@x.example"]))
    assert not send.view_in_browser and LINE not in send.html


def test_web_links_get_the_system_utm_tags_and_the_send_records_them(world, sent_tasks, sink):
    send = _started(world)
    assert f'href="https://shop.example/sale?{TAGS}"' in send.html
    # The marketer's own utm_source stays; the two missing ones are added.
    assert (
        'href="https://shop.example/?utm_source=spring&amp;utm_medium=email'
        '&amp;utm_campaign=autumn-sale"'
    ) in send.html
    assert 'href="<% unsubscribeLink %>"' in send.html
    assert 'href="mailto:sales@shop.example"' in send.html
    send_batch_run(send.pk)
    recorded = set(SendLink.objects.filter(send_id=send.pk).values_list("url", flat=True))
    assert recorded == {
        "https://shop.example/sale?utm_source=mailcraft&utm_medium=email&utm_campaign=autumn-sale",
        "https://shop.example/?utm_source=spring&utm_medium=email&utm_campaign=autumn-sale",
    }
    [received] = sink.handler.for_recipient("ann@mail.example")
    text = received.message.get_body(("plain",)).get_content()
    assert "Sale (https://shop.example/sale?utm_source=mailcraft&utm_medium=email" in text


def test_a_campaign_excluding_system_utm_tags_sends_its_links_as_written(world, sent_tasks):
    send = _started(world, exclude_system_utm=True)
    assert 'href="https://shop.example/sale"' in send.html
    assert "utm_medium" not in send.html


def test_the_campaign_tag_is_the_name_as_a_slug(world, sent_tasks, settings):
    settings.CAMPAIGN_UTM_SOURCE = "acme"
    send = _started(world, name="Été 2026: -40 % !")
    assert 'href="https://shop.example/sale?utm_source=acme&amp;utm_medium=email' in send.html
    assert "utm_campaign=%C3%A9t%C3%A9-2026-40" in send.html
    named = _started(world, name="!!!")
    assert f"utm_campaign=campaign-{named.source_id}" in named.html
