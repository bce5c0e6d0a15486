"""Merge tags in what a campaign sends: a quoted fallback goes out without its quotes, and a
`<% ... %>` the renderer cannot read is refused, named, on save, on test and on send."""

import pytest

from core.errors import ValidationFailed
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.campaigns.services.campaigns import campaign_save
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.content.models import Template
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services.batch_sending import send_batch_run
from tests.support.campaign_world import campaign_make

UNREADABLE = (
    'This merge tag cannot be read: <% firstName | "there" %>. '
    "Write it as <% name %> or <% name || fallback %>."
)


def test_a_quoted_fallback_is_sent_without_its_quotes(world, sent_tasks, sink):
    Template.objects.filter(pk=world.template_id).update(
        html='<html><body><p>Hi <% lastName || "there" %>!</p></body></html>',
        text="Hi <% lastName || 'there' %>!",
    )
    campaign = campaign_make(world, subject='News for <% lastName || "you" %>')
    campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert campaign_start(campaign_id=campaign.pk) == "started"
    send_batch_run(Send.objects.get(kind=SendKind.CAMPAIGN, source_id=campaign.pk).pk)
    [to_ann] = sink.handler.for_recipient("ann@mail.example")
    assert to_ann.message["Subject"] == "News for you"
    html = to_ann.message.get_body(("html",)).get_content()
    text = to_ann.message.get_body(("plain",)).get_content()
    assert "Hi there!" in html and '"there"' not in html and "&quot;there" not in html
    assert "Hi there!" in text and "'there'" not in text


def test_an_unreadable_tag_is_refused_on_test_and_send_named(world, sent_tasks):
    Template.objects.filter(pk=world.template_id).update(
        html='<html><body><p>Hi <% firstName | "there" %></p></body></html>'
    )
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed) as on_test:
        campaign_send_test(campaign_id=campaign.pk, emails=["qa@shop.example"])
    assert on_test.value.errors == {"templateId": [UNREADABLE]}
    with pytest.raises(ValidationFailed) as on_send:
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
    assert on_send.value.errors == {"templateId": [UNREADABLE]}
    assert not Send.objects.filter(source_id=campaign.pk).exists()


def test_an_unreadable_tag_in_the_subject_is_refused_on_save(world):
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed) as refused:
        campaign_save(campaign_id=campaign.pk, values={"subject": 'Hi <% firstName | "there" %>'})
    assert refused.value.errors == {"subject": [UNREADABLE]}
