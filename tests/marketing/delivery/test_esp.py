"""ESP transports: the real django-anymail backends post to tests/support/fake_esp.py, which
speaks Mailgun's, Postmark's and Amazon SES's APIs; each answer ends in the ledger state an
SMTP receiver's equivalent answer would."""

import json

import pytest

from core.sealing import unseal
from marketing.audience.models import Profile
from marketing.delivery.esp import METADATA_KEY
from marketing.delivery.models import (
    Delivery,
    DeliveryState,
    Send,
    SendingTransport,
    SendKind,
    SendStatus,
    Suppression,
    TransportKind,
)
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.transports import transport_set
from marketing.delivery.tokens import verp_token
from marketing.delivery.transport import SmtpTransport, transport_for
from tests.support.fake_esp import FakeEsp
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema

CREDENTIALS = {
    TransportKind.MAILGUN: {"apiKey": FakeEsp.MAILGUN_KEY},
    TransportKind.POSTMARK: {"serverToken": FakeEsp.POSTMARK_TOKEN},
    TransportKind.AMAZON_SES: {
        "accessKeyId": FakeEsp.SES_KEY_ID,
        "secretAccessKey": "fake-secret",
        "region": "eu-west-1",
    },
}
WRONG = {
    TransportKind.MAILGUN: {"apiKey": "key-wrong"},
    TransportKind.POSTMARK: {"serverToken": "wrong"},
    TransportKind.AMAZON_SES: {"accessKeyId": "AKIAWRONG", "secretAccessKey": "x"},
}
ESPS = list(CREDENTIALS)


@pytest.fixture
def esp(settings):
    with FakeEsp() as fake:
        settings.ANYMAIL = {
            "MAILGUN_API_URL": f"{fake.url}/mailgun/v3",
            "POSTMARK_API_URL": f"{fake.url}/postmark/",
            "REQUESTS_TIMEOUT": (2, 1),
        }
        settings.DELIVERY_SES_ENDPOINT_URL = f"{fake.url}/ses"
        yield fake


@pytest.fixture
def client_schema(alpha):
    with in_schema(alpha):
        yield alpha


def _send(profile_ids, **fields) -> Send:
    values = dict(
        kind=SendKind.CAMPAIGN,
        source_id=42,
        subject="Hello <% firstName || friend %>",
        html='<p>Hi <% firstName || there %></p><a href="https://shop.example/sale">Sale</a>',
        text="Hi <% firstName || there %>",
        from_name="Shop",
        from_address="news@shop.example",
        list_name="Newsletter",
    )
    values.update(fields)
    send = Send.objects.create(**values)
    send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[profile_ids])
    return send


def _profiles(*emails, **fields):
    return [Profile.objects.create(email=email, **fields).pk for email in emails]


def _states(send):
    return {d.email: DeliveryState(d.state) for d in Delivery.objects.filter(send=send)}


@pytest.mark.parametrize("kind", ESPS)
def test_a_send_goes_out_through_the_clients_esp(client_schema, esp, kind):
    transport_set(kind=kind, credentials=CREDENTIALS[kind])
    ids = _profiles("ann@mail.example", first_name="Ann") + _profiles("bob@mail.example")
    send = _send(ids)
    assert send_batch_run(send.pk) == RunResult.FINISHED
    assert set(_states(send).values()) == {DeliveryState.SENT}
    [to_ann] = esp.for_recipient("ann@mail.example")
    assert to_ann.esp == kind
    assert to_ann.subject == "Hello Ann"
    assert "Hi Ann" in to_ann.text and "Hi Ann" in to_ann.html
    assert "Shop" in to_ann.from_ and "news@shop.example" in to_ann.from_
    headers = {name.lower(): value for name, value in to_ann.headers.items()}
    assert headers["list-unsubscribe-post"] == "List-Unsubscribe=One-Click"
    assert "/u/" in headers["list-unsubscribe"]
    assert headers["list-id"].startswith("Newsletter <campaign.")
    assert "dkim-signature" not in headers  # the ESP signs for the client's domain
    # The delivery's signed reference rides along as metadata, for the webhooks.
    row = Delivery.objects.get(send=send, email="ann@mail.example")
    assert to_ann.metadata[METADATA_KEY] == f"alpha.{row.pk}.{verp_token('alpha', row.pk)}"
    assert headers["message-id"].strip("<>").startswith(f"{send.pk}.{row.pk}.")
    assert row.last_reply.startswith("250 Accepted by ")  # the ESP's message id is kept
    assert len(row.last_reply) > len("250 Accepted by Amazon SES: ")
    if kind != TransportKind.AMAZON_SES:  # our own tracking; the ESP's is off
        tracking = ("o:tracking-clicks", "o:tracking-opens") if kind == "mailgun" else ()
        assert all(to_ann.fields[name] == "no" for name in tracking)
    if kind == TransportKind.POSTMARK:
        assert to_ann.fields["MessageStream"] == "broadcast"
        assert to_ann.fields["TrackLinks"] == "None" and to_ann.fields["TrackOpens"] is False


@pytest.mark.parametrize("kind", ESPS)
def test_esp_answers_end_in_the_right_state(client_schema, esp, kind):
    transport_set(kind=kind, credentials=CREDENTIALS[kind])
    esp.faults.invalid.add("nobody@mail.example")
    esp.faults.throttled.add("busy@mail.example")
    esp.faults.broken.add("down@mail.example")
    ids = _profiles("nobody@mail.example", "busy@mail.example", "down@mail.example")
    send = _send(ids)
    assert send_batch_run(send.pk) == RunResult.WAITING
    assert _states(send) == {
        "nobody@mail.example": DeliveryState.FAILED,
        "busy@mail.example": DeliveryState.DEFERRED,
        "down@mail.example": DeliveryState.DEFERRED,
    }
    assert list(Suppression.objects.values_list("email", "reason")) == [
        ("nobody@mail.example", "hardBounce")
    ]
    busy = Delivery.objects.get(send=send, email="busy@mail.example")
    assert busy.last_reply.startswith("429")
    assert esp.received == []


def test_an_esp_suppressed_address_is_suppressed_here(client_schema, esp):
    """Postmark's 'inactive recipient' (its own suppression list) fails and suppresses."""
    transport_set(kind=TransportKind.POSTMARK, credentials=CREDENTIALS[TransportKind.POSTMARK])
    esp.faults.suppressed.add("inactive@mail.example")
    send = _send(_profiles("inactive@mail.example"))
    assert send_batch_run(send.pk) == RunResult.FINISHED
    assert _states(send) == {"inactive@mail.example": DeliveryState.FAILED}
    assert Suppression.objects.filter(email="inactive@mail.example").exists()


@pytest.mark.parametrize("kind", ESPS)
def test_refused_credentials_pause_the_send_and_spare_the_recipients(client_schema, esp, kind):
    transport_set(kind=kind, credentials=WRONG[kind])
    send = _send(_profiles("a@mail.example", "b@mail.example"))
    assert send_batch_run(send.pk) == RunResult.STOPPED
    send.refresh_from_db()
    assert send.status == SendStatus.PAUSED
    assert str(40) in send.status_message  # the ESP's 401/403, in the client's message
    assert not Suppression.objects.exists()
    assert esp.calls == 1  # nothing more was tried after the refusal
    assert DeliveryState.SENT not in _states(send).values()


@pytest.mark.parametrize("kind", [TransportKind.MAILGUN, TransportKind.POSTMARK])
def test_no_answer_in_time_is_unknown_and_retried_later(client_schema, esp, kind):
    transport_set(kind=kind, credentials=CREDENTIALS[kind])
    esp.faults.slow.add("slow@mail.example")  # answers after 2 s; the read timeout is 1 s
    send = _send(_profiles("slow@mail.example"))
    assert send_batch_run(send.pk) == RunResult.WAITING
    assert _states(send) == {"slow@mail.example": DeliveryState.UNKNOWN}


def test_a_sender_domain_of_its_own_wins_over_the_default(client_schema, esp, settings):
    transport_set(kind=TransportKind.MAILGUN, credentials=CREDENTIALS[TransportKind.MAILGUN])
    transport_set(kind=TransportKind.SMTP, sender_domain="Relay.Shopmail.Com")
    with SmtpSink() as sink:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = sink.host, sink.port
        ids = _profiles("a@mail.example")
        relayed = _send(ids, from_address="news@relay.shopmail.com", source_id=1)
        assert isinstance(transport_for(relayed), SmtpTransport)
        assert send_batch_run(relayed.pk) == RunResult.FINISHED
        assert len(sink.handler.for_recipient("a@mail.example")) == 1
        by_esp = _send(ids, source_id=2)
        assert send_batch_run(by_esp.pk) == RunResult.FINISHED
        assert len(esp.for_recipient("a@mail.example")) == 1
        assert len(sink.handler.for_recipient("a@mail.example")) == 1


def test_credentials_are_stored_sealed_and_checked(client_schema):
    saved = transport_set(kind=TransportKind.POSTMARK, credentials={"serverToken": "s3cr3t-token"})
    row = SendingTransport.objects.get()
    assert "s3cr3t-token" not in row.credentials
    assert json.loads(unseal(row.credentials)) == {"serverToken": "s3cr3t-token"}
    assert saved.webhook_secret.startswith("mailcraft:") and len(saved.webhook_secret) > 30
    assert saved.webhook_secret not in row.webhook_secret
    # saving again keeps the webhook password the ESP was given
    again = transport_set(kind=TransportKind.POSTMARK, credentials={"serverToken": "other"})
    assert again.webhook_secret == saved.webhook_secret
    from core.errors import ValidationFailed

    with pytest.raises(ValidationFailed) as refused:
        transport_set(kind=TransportKind.MAILGUN, credentials={})
    assert refused.value.errors == {"apiKey": ["This field is required; check its value."]}
    with pytest.raises(ValidationFailed):
        transport_set(kind="sparkpost", credentials={"apiKey": "x"})
    # a region names one of the ESP's own endpoints, never an address of the client's
    for region in ("evil.example/#", "us-east-1.evil.example"):
        ses = {**CREDENTIALS[TransportKind.AMAZON_SES], "region": region}
        with pytest.raises(ValidationFailed) as bad_region:
            transport_set(kind=TransportKind.AMAZON_SES, credentials=ses)
        assert list(bad_region.value.errors) == ["region"]
    with pytest.raises(ValidationFailed):
        transport_set(kind=TransportKind.SMTP, sender_domain="not a domain")


def test_an_operator_sets_a_transport_from_the_command_line(alpha):
    from io import StringIO

    from django.core.management import CommandError, call_command

    out = StringIO()
    call_command(
        "sending_transport",
        "alpha",
        "--kind",
        "postmark",
        "--credential",
        "serverToken=t1",
        stdout=out,
    )
    assert "alpha: postmark for every domain" in out.getvalue()
    assert "https://mailcraft:" in out.getvalue()
    assert "@alpha.localhost/esp/postmark/tracking/" in out.getvalue()
    with in_schema(alpha):
        assert SendingTransport.objects.get().kind == TransportKind.POSTMARK
    with pytest.raises(CommandError, match="required"):
        call_command("sending_transport", "alpha", "--kind", "mailgun", stdout=out)
    call_command("sending_transport", "alpha", "--delete", stdout=out)
    with in_schema(alpha):
        assert not SendingTransport.objects.exists()


def test_a_refusal_not_about_the_recipient_pauses_rather_than_fails_everyone(client_schema, esp):
    """Mailgun's 404 for a sending domain it does not know: the same for every recipient,
    so the send waits for the client to fix it instead of failing the audience."""
    transport_set(kind=TransportKind.MAILGUN, credentials=CREDENTIALS[TransportKind.MAILGUN])
    esp.faults.unknown_domains.add("shop.example")
    send = _send(_profiles("a@mail.example", "b@mail.example"))
    assert send_batch_run(send.pk) == RunResult.STOPPED
    send.refresh_from_db()
    assert send.status == SendStatus.PAUSED and "Domain not found" in send.status_message
    assert DeliveryState.FAILED not in _states(send).values()
    assert not Suppression.objects.exists()


def test_sealed_credentials_survive_a_key_rotation(settings):
    from core.sealing import Unsealable, seal

    settings.SECRET_KEY = "old-key-" + "x" * 40
    token = seal('{"apiKey": "k"}')
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = "new-key-" + "y" * 40, []
    with pytest.raises(Unsealable):
        unseal(token)
    settings.SECRET_KEY_FALLBACKS = ["old-key-" + "x" * 40]
    assert unseal(token) == '{"apiKey": "k"}'
    with pytest.raises(Unsealable):
        unseal(token[:-4] + "AAAA")  # altered
