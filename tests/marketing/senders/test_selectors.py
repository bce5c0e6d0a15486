"""Who a message comes from (spec 6 Rep as Sender) and whether that sender may send
(spec 8: not verified, not whitelisted, SPF or DKIM not found or invalid)."""

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from marketing.audience.models import Rep
from marketing.delivery.models import DkimKey
from marketing.senders import messages
from marketing.senders.models import TrackingDomain
from marketing.senders.selectors import (
    sender_for_send,
    sender_verified,
    senders_for_reps,
    tracking_domain_verified,
)
from marketing.senders.services.trust import sender_trust
from tests.support.senders import domain_make, sender_make
from tests.support.tenants import in_schema


def test_the_default_sender_when_none_is_named(in_alpha):
    domain_make("shop.example")
    sender_make("other@shop.example", name="Other")
    default = sender_make("news@shop.example", name="Shop news", is_default=True)
    effective = sender_for_send()
    assert (effective.sender_id, effective.name, effective.email) == (
        default.pk,
        "Shop news",
        "news@shop.example",
    )
    assert effective.verified and not effective.from_rep


def test_no_sender_at_all_or_an_unknown_id_is_none(in_alpha):
    assert sender_for_send() is None
    sender_make("news@shop.example", is_default=True)
    assert sender_for_send(987654) is None


def test_problems_in_spec_wording(in_alpha):
    unconfirmed = sender_make("new@shop.example", confirmed=False)
    disabled = sender_make("off@shop.example", is_enabled=False)
    stranger = sender_make("me@elsewhere.example")
    unverified_domain = sender_make("me@pending.example")
    good = sender_make("news@shop.example")
    domain_make("shop.example")
    domain_make("pending.example", verified=False)
    assert sender_for_send(unconfirmed.pk).problem == messages.SENDER_NOT_VERIFIED
    assert sender_for_send(disabled.pk).problem == messages.SENDER_NOT_VERIFIED
    assert sender_for_send(stranger.pk).problem == messages.DOMAIN_NOT_WHITELISTED
    assert sender_for_send(unverified_domain.pk).problem == messages.SPF_DKIM_INVALID
    assert sender_for_send(good.pk).problem == ""
    assert sender_verified(good.pk) is True
    assert sender_verified(email="NEWS@shop.example") is True
    assert sender_verified(stranger.pk) is False
    assert sender_verified(email="nobody@shop.example") is False


def test_rep_as_sender_uses_a_usable_rep(in_alpha):
    domain_make("shop.example")
    default = sender_make("news@shop.example", is_default=True)
    rep = Rep.objects.create(email="ann@shop.example", first_name="Ann", last_name="Lee")
    effective = sender_for_send(rep=rep)
    assert (effective.email, effective.name, effective.from_rep) == (
        "ann@shop.example",
        "Ann Lee",
        True,
    )
    assert effective.sender_id is None and effective.verified
    # A rep who is a confirmed sender goes out under that sender's name.
    own = sender_make("bob@shop.example", name="Bob at Shop")
    bob = Rep.objects.create(email="bob@shop.example", first_name="Bob")
    assert sender_for_send(rep=bob.pk).sender_id == own.pk
    assert sender_for_send(default.pk, rep=bob).name == "Bob at Shop"


def test_rep_as_sender_falls_back_when_disabled_unassigned_or_invalid(in_alpha):
    domain_make("shop.example")
    default = sender_make("news@shop.example", is_default=True)
    chosen = sender_make("sale@shop.example")
    disabled = Rep.objects.create(email="old@shop.example", is_active=False)
    foreign = Rep.objects.create(email="rep@gmail.example")  # domain not verified: invalid
    blocked = Rep.objects.create(email="cut@shop.example")
    sender_make("cut@shop.example", is_enabled=False)
    unconfirmed = Rep.objects.create(email="wait@shop.example")
    sender_make("wait@shop.example", confirmed=False)
    for rep in (disabled, foreign, blocked, unconfirmed):
        assert sender_for_send(rep=rep).sender_id == default.pk, rep.email
        assert sender_for_send(chosen.pk, rep=rep).sender_id == chosen.pk, rep.email
    assert sender_for_send(rep=None, rep_as_sender=True).sender_id == default.pk
    assert sender_for_send(rep=99999).sender_id == default.pk  # a rep that is gone
    many = senders_for_reps([disabled.pk, foreign.pk, 99999], sender_id=chosen.pk)
    assert {key: value.sender_id for key, value in many.items()} == {
        disabled.pk: chosen.pk,
        foreign.pk: chosen.pk,
        99999: chosen.pk,
    }


def test_tracking_domain_per_client(alpha, beta):
    with in_schema(alpha):
        TrackingDomain.objects.create(name="click.shop.example", verified_at=timezone.now())
    assert tracking_domain_verified("alpha") == "click.shop.example"
    assert tracking_domain_verified(alpha.client) == "click.shop.example"
    assert tracking_domain_verified(beta.client) is None


def test_a_trusted_sender_can_send_at_once(in_alpha):

    sender = sender_trust(email="News@Demo.Example", name="Demo news")
    assert sender_for_send().sender_id == sender.pk  # the default: there was none
    assert sender_verified(sender.pk) is True
    assert DkimKey.objects.filter(domain="demo.example").count() == 2
    assert sender_trust(email="news@demo.example", name="Demo news").pk == sender.pk


def test_the_trust_command_needs_debug_or_force(alpha, settings):

    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG or --force"):
        call_command("sender_trust", client="alpha", email="news@demo.example")
    call_command("sender_trust", client="alpha", email="news@demo.example", force=True)
    with in_schema(alpha):
        assert sender_verified(email="news@demo.example") is True
