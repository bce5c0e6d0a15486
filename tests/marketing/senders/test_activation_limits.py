"""A sender's activation mail cannot be repeated without limit (issue 22.4): the fourth to
one address in an hour is refused in the catalogue's words, and so is a person's, a
client's or an address's mail past its own hourly limit (core/person_mail.py)."""

from marketing.senders.models import Sender
from tests.support.tenants import in_schema


def _create(api, capture, email):
    with capture(execute=True):
        return api.post("/api/mm/senders", {"name": "Shop news", "email": email})


def test_the_fourth_activation_to_one_address_in_an_hour_is_refused(
    admin_api, mail_sink, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    sender_id = _create(admin_api, capture, "news@shop.example").json()["id"]  # the first
    for _ in range(2):
        with capture(execute=True):
            assert admin_api.post(f"/api/mm/senders/{sender_id}/activation").status_code == 200
    with capture(execute=True):
        refused = admin_api.post(f"/api/mm/senders/{sender_id}/activation")
    assert refused.status_code == 429
    assert refused.json()["message"] == (
        "Too many emails were sent to news@shop.example in the last hour. Please try again later."
    )
    assert 3500 <= int(refused["Retry-After"]) <= 3600
    assert len(mail_sink.handler.for_recipient("news@shop.example")) == 3


def test_a_persons_activations_are_limited_and_a_refused_sender_is_not_added(
    alpha, admin_api, mail_sink, settings, django_capture_on_commit_callbacks
):
    settings.PERSON_MAIL_HOURLY_PER_SENDER = 2
    capture = django_capture_on_commit_callbacks
    for email in ("a@shop.example", "b@shop.example"):
        assert _create(admin_api, capture, email).status_code == 201
    refused = _create(admin_api, capture, "c@shop.example")
    assert refused.status_code == 429
    assert refused.json()["message"] == (
        "Too many emails were requested in the last hour. Please try again later."
    )
    assert not mail_sink.handler.for_recipient("c@shop.example")
    with in_schema(alpha):
        assert not Sender.objects.filter(email="c@shop.example").exists()


def test_a_clients_activations_are_limited_and_another_client_sends_on(
    admin_api, beta_api, mail_sink, settings, django_capture_on_commit_callbacks
):
    settings.PERSON_MAIL_HOURLY_PER_CLIENT = 1
    capture = django_capture_on_commit_callbacks
    assert _create(admin_api, capture, "a@shop.example").status_code == 201
    assert _create(admin_api, capture, "b@shop.example").status_code == 429
    assert _create(beta_api, capture, "b@shop.example").status_code == 201
    assert len(mail_sink.handler.for_recipient("b@shop.example")) == 1
