"""RSS campaigns against the real database and a feed served on 127.0.0.1: each due check
fetches the feed, sends an issue only when it has items newer than the last issue's,
renders the RSS_ tags and the RSS_ITEMS loop from those items, and keeps the campaign
Scheduled for its next period; a check run twice sends once."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.core.cache import cache
from django.utils import timezone

from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.services.campaign_launch import (
    campaign_send,
    campaign_start,
    campaigns_due,
)
from marketing.campaigns.services.rss import items_new, period_next, rss_issue_send
from marketing.content.models import Template
from marketing.delivery.models import Send, SendKind
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.rendering.feeds import _cache_key
from tests.core.http_server import Answer, http_server
from tests.support.campaign_world import campaign_make, world_make

RSS_TEMPLATE = (
    "<html><body><h1><% RSS_channelTitle %></h1><% RSS_ITEMS %><h2><% RSS_title %></h2>"
    '<a href="<% RSS_link %>">Read</a><% /RSS_ITEMS %><p>Hi <% firstName %></p>'
    "</body></html>"
)


def _feed(*items: tuple[str, str]) -> Answer:
    """Items as (guid, pubDate), newest first."""
    entries = "".join(
        f"<item><title>Story {guid}</title><link>https://news.example/{guid}</link>"
        f"<guid>{guid}</guid><pubDate>{date}</pubDate></item>"
        for guid, date in items
    )
    body = (
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Daily News</title>'
        f"<link>https://news.example/</link>{entries}</channel></rss>"
    ).encode()
    return Answer(200, body, {"Content-Type": "application/rss+xml"})


def _issues(campaign) -> list[Send]:
    return list(Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=campaign.pk).order_by("pk"))


def _due_again(campaign, url) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now())
    cache.delete(_cache_key(url))  # the feed's 5-minute cache


def test_an_issue_goes_only_when_the_feed_has_new_items(in_alpha, settings, sent_tasks, sink):
    settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = True
    routes = {"/feed.xml": _feed(
        ("g3", "Wed, 25 Nov 2026 10:00:00 GMT"),
        ("g2", "Tue, 24 Nov 2026 10:00:00 GMT"),
        ("g1", "Mon, 23 Nov 2026 10:00:00 GMT"),
    )}  # fmt: skip
    world = world_make(emails=("reader@rss.example",))
    template = Template.objects.create(
        name="News", template_type="html", subject="s", html=RSS_TEMPLATE, text=""
    )
    with http_server(routes) as (base, seen):
        url = f"{base}/feed.xml"
        campaign = campaign_make(
            world,
            kind="RSS Feed",
            template_id=template.pk,
            subject="<% RSS_title %>",
            rss_url=url,
            rss_frequency="Day",
            rss_article_count=2,
        )
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
        assert campaigns_due() == [campaign.pk]
        before = timezone.now()
        assert campaign_start(campaign_id=campaign.pk) == "started"
        assert campaign_start(campaign_id=campaign.pk) == "notDue"  # moved to tomorrow
        active = Campaign.objects.get(pk=campaign.pk)
        assert active.status == CampaignStatus.SCHEDULED
        assert active.scheduled_at > before + timedelta(hours=23)
        assert active.rss_last_item_guid == "g3"
        [issue] = _issues(campaign)
        assert [i["guid"] for i in issue.rss_channel["item"]] == ["g3", "g2"]
        assert active.send_id == issue.pk and active.recipient_count == 1
        assert send_batch_run(issue.pk) == RunResult.FINISHED
        [mail] = sink.handler.for_recipient("reader@rss.example")
        assert mail.message["Subject"] == "Story g3"
        body = mail.message.get_body(preferencelist=("html",)).get_content()
        assert "Daily News" in body and "Story g3" in body and "Story g2" in body
        assert "Story g1" not in body and "Hi Reader" in body
        assert "https://news.example/g3" in body

        # the next period: the same feed has nothing new, nothing goes
        _due_again(campaign, url)
        assert rss_issue_send(campaign_id=campaign.pk) == "noNewItems"
        assert len(_issues(campaign)) == 1
        assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.SCHEDULED

        # a new story: an issue with only it
        routes["/feed.xml"] = _feed(
            ("g4", "Thu, 26 Nov 2026 10:00:00 GMT"),
            ("g3", "Wed, 25 Nov 2026 10:00:00 GMT"),
            ("g2", "Tue, 24 Nov 2026 10:00:00 GMT"),
        )
        _due_again(campaign, url)
        assert rss_issue_send(campaign_id=campaign.pk) == "started"
        assert rss_issue_send(campaign_id=campaign.pk) == "notDue"
        issues = _issues(campaign)
        assert len(issues) == 2
        assert [i["guid"] for i in issues[1].rss_channel["item"]] == ["g4"]
        assert issues[0].part != issues[1].part and issues[1].part.startswith("rss:")
        assert len(seen) == 3


def test_an_unreadable_feed_keeps_the_campaign_for_its_next_check(in_alpha, settings, sent_tasks):
    settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS = True
    world = world_make(emails=("reader2@rss.example",))
    with http_server({}) as (base, _seen):
        url = f"{base}/missing.xml"
        campaign = campaign_make(
            world, kind="RSS Feed", rss_url=url, rss_frequency="Week", rss_article_count=3
        )
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
        assert rss_issue_send(campaign_id=campaign.pk) == "feedError"
    kept = Campaign.objects.get(pk=campaign.pk)
    assert kept.status == CampaignStatus.SCHEDULED and kept.status_message
    assert kept.scheduled_at > timezone.now() + timedelta(days=6)
    assert _issues(campaign) == []


def test_periods_follow_the_clients_wall_clock():
    zone = "America/New_York"
    at = datetime(2026, 1, 31, 9, 0, tzinfo=ZoneInfo(zone))
    assert period_next(at, "Month", time_zone=zone) == datetime(
        2026, 2, 28, 9, 0, tzinfo=ZoneInfo(zone)
    )
    # across the spring clock change a day is still 9 o'clock
    march = datetime(2026, 3, 7, 9, 0, tzinfo=ZoneInfo(zone))
    assert period_next(march, "Day", time_zone=zone).hour == 9
    assert period_next(march, "Week", time_zone=zone).day == 14


def test_new_items_are_the_ones_before_the_last_sent_one():
    items = [{"guid": "c"}, {"guid": "b"}, {"guid": "a"}]
    assert items_new(items, last_key="b", last_at=None) == [{"guid": "c"}]
    assert items_new(items, last_key="", last_at=None) == items
    dated = [{"guid": "x", "pubDate": "Mon, 23 Nov 2026 10:00:00 GMT"}]
    last = datetime(2026, 11, 24, tzinfo=ZoneInfo("UTC"))
    assert items_new(dated, last_key="gone", last_at=last) == []
