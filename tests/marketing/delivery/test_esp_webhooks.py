"""ESP tracking webhooks (anymail's views behind the client's own checks): each report is
recorded once against the delivery its signed reference names; forged, foreign and
unauthenticated calls record nothing."""

import base64
import hashlib
import hmac
import json
import time
import uuid

import pytest
from django.db import connection

from marketing.audience.models import Profile
from marketing.delivery.models import (
    Delivery,
    DeliveryReport,
    DeliveryState,
    Send,
    SendKind,
    Suppression,
    TransportKind,
)
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.transports import transport_set
from marketing.delivery.tokens import verp_token
from marketing.tracking.models import EmailEvent, EventType
from tests.support.http_api import http
from tests.support.tenants import in_schema

SIGNING_KEY = "mailgun-signing-key-alpha"


@pytest.fixture
def setup(alpha):
    """A sent delivery to ann@ in alpha, and alpha's webhook passwords per ESP."""
    with in_schema(alpha):
        secrets = {
            TransportKind.POSTMARK: transport_set(
                kind=TransportKind.POSTMARK, credentials={"serverToken": "t"}
            ).webhook_secret,
            TransportKind.MAILGUN: transport_set(
                kind=TransportKind.MAILGUN,
                sender_domain="mg.shopmail.com",
                credentials={"apiKey": "k", "webhookSigningKey": SIGNING_KEY},
            ).webhook_secret,
            TransportKind.AMAZON_SES: transport_set(
                kind=TransportKind.AMAZON_SES,
                sender_domain="ses.shopmail.com",
                credentials={"accessKeyId": "a", "secretAccessKey": "b"},
            ).webhook_secret,
        }
        profile = Profile.objects.create(email="ann@mail.example")
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=7,
            subject="s",
            html="h",
            text="t",
            from_name="Shop",
            from_address="news@shop.example",
        )
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile.pk])
        delivery = Delivery.objects.get(send=send)
        Delivery.objects.filter(pk=delivery.pk).update(state=DeliveryState.SENT)
    reference = f"alpha.{delivery.pk}.{verp_token('alpha', delivery.pk)}"
    return dict(
        tenant=alpha, secrets=secrets, profile=profile, delivery=delivery, reference=reference
    )


def _basic(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(secret.encode()).decode()}


def _postmark(setup, body: dict, *, secret=None, host=None):
    return http(host or setup["tenant"].host).post(
        "/esp/postmark/tracking/",
        data=json.dumps(body),
        content_type="application/json",
        **_basic(secret or setup["secrets"][TransportKind.POSTMARK]),
    )


def _bounce(reference, *, kind="HardBounce", email="ann@mail.example", record="Bounce"):
    return {
        "RecordType": record,
        "ID": 4242,
        "Type": kind,
        "TypeCode": 1,
        "MessageID": str(uuid.uuid4()),
        "Email": email,
        "BouncedAt": "2026-11-23T10:00:00Z",
        "Details": "smtp;550 5.1.1 The email account that you tried to reach does not exist",
        "Description": "The server was unable to deliver your message",
        "Metadata": {"mailcraft": reference},
        "MessageStream": "broadcast",
    }


def _in(setup, query):
    with in_schema(setup["tenant"]):
        return query()


def test_a_hard_bounce_suppresses_and_fails_the_delivery_once(setup):
    for _ in range(2):  # the ESP retries a webhook it thinks failed: counted once
        assert _postmark(setup, _bounce(setup["reference"])).status_code == 200
    delivery = setup["delivery"]
    with in_schema(setup["tenant"]):
        assert Suppression.objects.get().email == "ann@mail.example"
        assert Delivery.objects.get(pk=delivery.pk).state == DeliveryState.FAILED
        [report] = DeliveryReport.objects.all()
        assert (report.kind, report.status) == ("hardBounce", "5.1.1")
        bounced = EmailEvent.objects.filter(event_type=EventType.BOUNCED, campaign_id=7)
        assert bounced.count() == 1


def test_a_soft_bounce_counts_toward_csb_and_suppresses_nobody(setup):
    body = _bounce(setup["reference"], kind="Transient")
    body["Details"] = "smtp;452 4.2.2 Mailbox full"
    for _ in range(2):
        assert _postmark(setup, body).status_code == 200
    with in_schema(setup["tenant"]):
        assert not Suppression.objects.exists()
        assert Profile.objects.get(pk=setup["profile"].pk).soft_bounce_streak == 1
        assert DeliveryReport.objects.get().kind == "softBounce"


def test_a_complaint_suppresses_and_unsubscribes(setup):
    body = _bounce(setup["reference"], kind="SpamComplaint", record="SpamComplaint")
    assert _postmark(setup, body).status_code == 200
    with in_schema(setup["tenant"]):
        assert Suppression.objects.get().reason == "complaint"
        assert Profile.objects.get(pk=setup["profile"].pk).unsubscribed_at is not None


def test_an_esp_unsubscribe_unsubscribes_without_suppressing(setup):
    body = {
        "RecordType": "SubscriptionChange",
        "MessageID": str(uuid.uuid4()),
        "Recipient": "ann@mail.example",
        "ChangedAt": "2026-11-23T10:00:00Z",
        "SuppressSending": True,
        "SuppressionReason": "ManualSuppression",
        "Metadata": {"mailcraft": setup["reference"]},
    }
    assert _postmark(setup, body).status_code == 200
    with in_schema(setup["tenant"]):
        profile = Profile.objects.get(pk=setup["profile"].pk)
        assert profile.unsubscribed_at is not None and profile.unsubscribe_source == "esp"
        assert not Suppression.objects.exists()
        assert EmailEvent.objects.filter(event_type=EventType.UNSUBSCRIBED).count() == 1


def test_a_signed_mailgun_event_is_recorded_and_a_badly_signed_one_refused(setup):
    def call(signing_key):
        timestamp, token = str(int(time.time())), uuid.uuid4().hex
        signature = hmac.new(
            signing_key.encode(), (timestamp + token).encode(), hashlib.sha256
        ).hexdigest()
        body = {
            "signature": {"timestamp": timestamp, "token": token, "signature": signature},
            "event-data": {
                "event": "failed",
                "severity": "permanent",
                "id": uuid.uuid4().hex,
                "timestamp": time.time(),
                "recipient": "ann@mail.example",
                "user-variables": {"mailcraft": setup["reference"]},
                "delivery-status": {"code": 550, "message": "5.1.1 No such user"},
                "message": {"headers": {"message-id": "x@mg.shopmail.com"}},
            },
        }
        return http(setup["tenant"].host).post(
            "/esp/mailgun/tracking/",
            data=json.dumps(body),
            content_type="application/json",
            **_basic(setup["secrets"][TransportKind.MAILGUN]),
        )

    assert call("not-the-key").status_code == 400
    assert not _in(setup, lambda: DeliveryReport.objects.exists())
    assert call(SIGNING_KEY).status_code == 200
    assert _in(setup, lambda: DeliveryReport.objects.get().kind) == "hardBounce"


def test_an_amazon_ses_notification_is_recorded(setup):
    ses_event = {
        "notificationType": "Complaint",
        "complaint": {
            "complainedRecipients": [{"emailAddress": "ann@mail.example"}],
            "timestamp": "2026-11-23T10:00:00.000Z",
            "feedbackId": "0100-feedback",
            "complaintFeedbackType": "abuse",
        },
        "mail": {
            "timestamp": "2026-11-23T09:00:00.000Z",
            "messageId": "0100-message",
            "source": "news@ses.shopmail.com",
            "destination": ["ann@mail.example"],
            "headersTruncated": False,
            "headers": [
                {"name": "X-Metadata", "value": json.dumps({"mailcraft": setup["reference"]})}
            ],
        },
    }
    message_id = str(uuid.uuid4())
    sns = {
        "Type": "Notification",
        "MessageId": message_id,
        "TopicArn": "arn:aws:sns:us-east-1:123456789012:ses-events",
        "Message": json.dumps(ses_event),
        "Timestamp": "2026-11-23T10:00:01.000Z",
    }
    browser = http(setup["tenant"].host)
    response = browser.post(
        "/esp/amazonSes/tracking/",
        data=json.dumps(sns),
        content_type="text/plain",
        HTTP_X_AMZ_SNS_MESSAGE_TYPE="Notification",
        HTTP_X_AMZ_SNS_MESSAGE_ID=message_id,
        **_basic(setup["secrets"][TransportKind.AMAZON_SES]),
    )
    assert response.status_code == 200
    assert _in(setup, lambda: Suppression.objects.get().reason) == "complaint"


# --- as an attacker --------------------------------------------------------------------------


def _nothing_recorded(setup):
    with in_schema(setup["tenant"]):
        assert not DeliveryReport.objects.exists()
        assert not Suppression.objects.exists()
        assert Profile.objects.get(pk=setup["profile"].pk).unsubscribed_at is None


def test_calls_without_the_clients_password_are_refused(setup):
    body = json.dumps(_bounce(setup["reference"]))
    browser = http(setup["tenant"].host)
    no_auth = browser.post("/esp/postmark/tracking/", data=body, content_type="application/json")
    assert no_auth.status_code == 401 and "Basic" in no_auth["WWW-Authenticate"]
    assert (
        _postmark(setup, _bounce(setup["reference"]), secret="mailcraft:guess").status_code == 400
    )
    # another ESP's password of the same client is not this ESP's
    other = setup["secrets"][TransportKind.MAILGUN]
    assert _postmark(setup, _bounce(setup["reference"]), secret=other).status_code == 400
    # the client's right password on another client's host (which has no ESP)
    assert _postmark(setup, _bounce(setup["reference"]), host="beta.localhost").status_code == 400
    assert browser.get("/esp/postmark/tracking/").status_code == 405
    unknown = browser.post("/esp/sparkpost/tracking/", data=body, content_type="application/json")
    assert unknown.status_code == 404
    _nothing_recorded(setup)


def test_forged_foreign_and_mismatched_references_record_nothing(setup, beta):
    delivery = setup["delivery"]
    forged = f"alpha.{delivery.pk}.{'0' * 12}"
    assert _postmark(setup, _bounce(forged)).status_code == 200
    # signed for another client: refused on alpha's host
    beta_signed = f"beta.{delivery.pk}.{verp_token('beta', delivery.pk)}"
    assert _postmark(setup, _bounce(beta_signed)).status_code == 200
    # alpha's genuine reference, sent by beta's own (authenticated) ESP account to beta's host
    with in_schema(beta):
        beta_secret = transport_set(
            kind=TransportKind.POSTMARK, credentials={"serverToken": "b"}
        ).webhook_secret
    connection.set_schema_to_public()
    response = _postmark(
        setup, _bounce(setup["reference"]), secret=beta_secret, host="beta.localhost"
    )
    assert response.status_code == 200
    # the right reference for another recipient
    other = _bounce(setup["reference"], email="victim@mail.example")
    assert _postmark(setup, other).status_code == 200
    # no reference, garbage reference, malformed body
    assert _postmark(setup, _bounce("")).status_code == 200
    assert _postmark(setup, _bounce({"x": 1})).status_code == 200
    bad = http(setup["tenant"].host).post(
        "/esp/postmark/tracking/",
        data="{not json",
        content_type="application/json",
        **_basic(setup["secrets"][TransportKind.POSTMARK]),
    )
    assert bad.status_code == 400
    _nothing_recorded(setup)


@pytest.mark.parametrize(
    ("event", "kind", "status"),
    [
        (dict(event_type="bounced", mta_response="550 5.1.1 user unknown"), "hardBounce", "5.1.1"),
        (dict(event_type="bounced"), "hardBounce", ""),  # the ESP says permanent
        # a permanent bounce for a policy reason (5.7.x) is not the address's fault
        (dict(event_type="bounced", mta_response="550 5.7.1 blocked"), "softBounce", "5.7.1"),
        # Amazon SES's Transient bounce type, Postmark's SoftBounce
        (
            dict(event_type="bounced", esp_event={"bounce": {"bounceType": "Transient"}}),
            "softBounce",
            "",
        ),
        (dict(event_type="bounced", esp_event={"Type": "SoftBounce"}), "softBounce", ""),
        (dict(event_type="deferred", mta_response="452 4.2.2 mailbox full"), "softBounce", "4.2.2"),
        (dict(event_type="complained"), "complaint", ""),
        (dict(event_type="unsubscribed"), "unsubscribed", ""),
        (dict(event_type="rejected", reject_reason="invalid"), "hardBounce", ""),
        (dict(event_type="rejected", reject_reason="spam"), "complaint", ""),
        (dict(event_type="rejected", reject_reason="blocked"), None, ""),
        (dict(event_type="delivered"), "delivered", ""),
        (dict(event_type="opened"), None, ""),
        (dict(event_type="clicked"), None, ""),
    ],
)
def test_each_esp_event_makes_the_right_report(event, kind, status):
    from anymail.signals import AnymailTrackingEvent

    from marketing.delivery.services.esp_events import event_notice

    report = event_notice(AnymailTrackingEvent(recipient="Ann@Mail.Example", **event))
    if kind is None:
        assert report is None
    else:
        assert (report.kind, report.status, report.recipient) == (kind, status, "ann@mail.example")
