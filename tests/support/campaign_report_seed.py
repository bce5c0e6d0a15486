"""A sent campaign with a ledger and events, made through the real services: a group of
recipients, a template with an image and two links, the campaign sent through the SMTP
sink (one recipient hard-bounced by it), then people opening the pixel and clicking the
links of the messages they received (a mail scanner too), and the tracking queue flushed.
Used by the report's API tests and its browser tests."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.test import override_settings

from core import tasks
from marketing.campaigns.models import Campaign
from marketing.campaigns.services.campaign_launch import (
    campaign_send,
    campaign_start,
    campaign_statuses_follow,
)
from marketing.content.models import Template
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.tracking.services import events_flush
from tests.support.campaign_world import campaign_make, world_make
from tests.support.http_api import http
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema

BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
SCANNER = "Mozilla/5.0 (compatible; Barracuda Sentinel)"
PAGE = (
    '<html><body><img src="https://cdn.example.com/logo.png" alt="Logo">'
    "<p>Hi <% firstName || there %></p>"
    '<p><a href="https://shop.example.com/sale">Shop the sale</a></p>'
    '<p><a href="https://shop.example.com/blog">Read the blog</a></p>'
    "</body></html>"
)
PEOPLE = ("ann", "bob", "cat", "dan")
BOUNCED = "gone"


@dataclass
class SentCampaign:
    campaign_id: int
    profile_ids: dict[str, int]


@contextmanager
def _tasks_held():
    """The services' task messages are not published: the seed runs the work itself."""
    original = tasks.task_send
    tasks.task_send = lambda name, kwargs, _options: None
    try:
        yield
    finally:
        tasks.task_send = original


def _html(received) -> str:
    return next(
        part.get_content()
        for part in received.message.walk()
        if part.get_content_type() == "text/html"
    )


def sent_campaign_seed(tenant, *, name: str = "Spring sale", domain: str = "mail.example"):
    """In `tenant`'s schema (anything with `client` and `host`): the campaign sent to ann,
    bob, cat and dan@`domain` and to gone@`domain`, which the sink refuses; ann and bob
    open (ann twice), ann clicks both links, bob the first; a scanner opens and clicks
    cat's message."""
    emails = [f"{person}@{domain}" for person in (*PEOPLE, BOUNCED)]
    with (
        SmtpSink() as sink,
        _tasks_held(),
        override_settings(
            DELIVERY_SMTP_HOST=sink.host,
            DELIVERY_SMTP_PORT=sink.port,
            TRACKING_CLICK_TOO_SOON_SECONDS=0,
            TRACKING_PUSH_BATCH=1,  # each open and click queued as it is answered
        ),
    ):
        sink.handler.faults.hard_bounce.add(emails[-1])
        with in_schema(tenant):
            world = world_make(emails=emails)
            Template.objects.filter(pk=world.template_id).update(html=PAGE)
            campaign = campaign_make(world, name=name)
            campaign_send(campaign_id=campaign.pk, values={}, when="now")
            assert campaign_start(campaign_id=campaign.pk) == "started"
            send_id = Campaign.objects.get(pk=campaign.pk).send_id
            send_batch_run(send_id)
            profile_ids = dict(zip(emails, world.profile_ids, strict=True))
        browser = http(tenant.host)

        def links(email):
            [received] = sink.handler.for_recipient(email)
            html = _html(received)
            [pixel] = re.findall(r'<img src="([^"]+/t/o/[^"]+)"', html)
            clicks = re.findall(r"""href=["']([^"']+/t/c/[^"']+)""", html)
            return urlsplit(pixel).path, [urlsplit(url).path for url in clicks]

        ann_pixel, ann_clicks = links(emails[0])
        bob_pixel, bob_clicks = links(emails[1])
        cat_pixel, cat_clicks = links(emails[2])
        for path in (ann_pixel, ann_pixel, bob_pixel, ann_clicks[0], ann_clicks[1], bob_clicks[0]):
            browser.get(path, HTTP_USER_AGENT=BROWSER)
        for path in (cat_pixel, cat_clicks[0]):
            browser.get(path, HTTP_USER_AGENT=SCANNER)
        events_flush(seconds=10)
        with in_schema(tenant):
            campaign_statuses_follow()
    return SentCampaign(campaign.pk, profile_ids)


def ab_variants_mark(tenant, campaign_id: int) -> None:
    """Stand-in for the A/B runner (being built beside the reports): the sent campaign
    becomes an A/B test on the subject whose ledger gave ann and cat variant A, bob and
    dan variant B, the refused address the winner W, and whose winner A was picked."""
    from django.utils import timezone

    from marketing.delivery.models import Delivery

    with in_schema(tenant):
        campaign = Campaign.objects.get(pk=campaign_id)
        Campaign.objects.filter(pk=campaign_id).update(
            kind="AB",
            ab_test_on="subject",
            ab_variants=[
                {"name": "A", "subject": "Spring sale"},
                {"name": "B", "subject": "Sale!"},
            ],
            ab_test_percent=50,
            ab_winner_rule="opens",
            ab_winner_after_hours=4,
            ab_winner="A",
            ab_winner_picked_at=timezone.now(),
        )
        variants = {"ann": "A", "cat": "A", "bob": "B", "dan": "B", "gone": "W"}
        for prefix, variant in variants.items():
            Delivery.objects.filter(
                send_id=campaign.send_id, email__startswith=f"{prefix}@"
            ).update(variant=variant)
