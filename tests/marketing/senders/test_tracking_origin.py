"""Tracking links use the client's verified tracking domain, else its own host."""

from django.core.cache import cache
from django.utils import timezone

from marketing.delivery.services.tracked import tracking_origin
from marketing.senders.models import TrackingDomain
from marketing.senders.selectors import TRACKING_CACHE_KEY


def test_tracking_origin_follows_the_tracking_domain(in_alpha, settings):
    settings.DELIVERY_LINK_SCHEME, settings.DELIVERY_LINK_PORT = "https", ""
    assert tracking_origin() == "https://alpha.localhost"
    pending = TrackingDomain.objects.create(name="click.shop.test", verification_token="t")
    cache.delete(TRACKING_CACHE_KEY)  # the service clears it on commit; this test never commits
    assert tracking_origin() == "https://alpha.localhost"  # not verified: not in use
    pending.verified_at = timezone.now()
    pending.save()
    cache.delete(TRACKING_CACHE_KEY)
    assert tracking_origin() == "https://click.shop.test"
