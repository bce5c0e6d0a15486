"""ESP tracking webhooks: `POST /esp/<mailgun|postmark|amazonSes>/tracking/` on the
client's own host (the tenant comes from the host, like every public page).

anymail's views parse each ESP's payload into normalised events; ours add the client's
checks in front of them and record the events (services/esp_events.py):

- the call must prove one of the client's webhook passwords for that ESP (HTTP basic auth,
  `mailcraft:<random>`, handed out when the transport was saved; compared in constant
  time) and, for Mailgun, carry the signature of the client's webhook signing key. A
  client with no such transport has no webhook: every call is refused;
- a call without credentials gets a 401 challenge (Amazon SNS sends them only then);
  wrong credentials or a malformed body a 400, never a 500;
- each event is recorded only if its delivery reference is signed for this client and
  names the event's recipient, so one client's ESP account cannot touch another client's
  deliveries, and a forged reference touches nothing.
"""

from __future__ import annotations

from anymail.exceptions import AnymailError, AnymailWebhookValidationFailure
from anymail.webhooks.amazon_ses import AmazonSESTrackingWebhookView
from anymail.webhooks.mailgun import MailgunTrackingWebhookView
from anymail.webhooks.postmark import PostmarkTrackingWebhookView
from django.db import connection
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.views.decorators.csrf import csrf_exempt
from django_tenants.utils import get_public_schema_name

from marketing.delivery.models import TransportKind
from marketing.delivery.services.esp_events import esp_events_record
from marketing.delivery.services.transports import webhook_credentials

_UNUSABLE = "\x00 no secret \x00"  # never a request's credentials: replaced per client


class _ClientWebhook:
    """In front of an anymail tracking view (first in the MRO)."""

    kind: str = ""

    def __init__(self, **kwargs):
        # anymail reads its secrets from settings once per view; ours are per client and
        # read per request (run_validators). Until then nothing can match.
        kwargs.setdefault("webhook_secret", [_UNUSABLE])
        super().__init__(**kwargs)

    def client_keys(self, credentials: dict) -> None:
        """Set the ESP's own verification keys from the client's credentials."""

    def run_validators(self, request):
        if connection.schema_name == get_public_schema_name():
            raise AnymailWebhookValidationFailure("No client here.")
        for secret, credentials in webhook_credentials(self.kind):
            self.basic_auth = [secret]
            self.client_keys(credentials)
            try:
                super().run_validators(request)
            except AnymailWebhookValidationFailure:
                continue
            return
        raise AnymailWebhookValidationFailure(f"Refused {self.esp_name} webhook call.")

    def post(self, request, *args, **kwargs):
        if not request.META.get("HTTP_AUTHORIZATION"):
            response = HttpResponse(status=401)
            response["WWW-Authenticate"] = 'Basic realm="mailcraft webhooks"'
            return response
        try:
            self.run_validators(request)
        except AnymailWebhookValidationFailure:
            return HttpResponseBadRequest("Refused.")
        except (AnymailError, ValueError, KeyError, TypeError, AttributeError):
            return HttpResponseBadRequest("Unreadable webhook body.")  # (Amazon SNS's check)
        try:
            events = self.parse_events(request)
        except (AnymailError, ValueError, KeyError, TypeError, AttributeError):
            return HttpResponseBadRequest("Unreadable webhook body.")
        esp_events_record(events)
        return HttpResponse()


class MailgunWebhook(_ClientWebhook, MailgunTrackingWebhookView):
    kind = TransportKind.MAILGUN

    def __init__(self, **kwargs):
        kwargs.setdefault("webhook_signing_key", _UNUSABLE)
        super().__init__(**kwargs)

    def client_keys(self, credentials: dict) -> None:
        key = credentials.get("webhookSigningKey") or credentials.get("apiKey") or _UNUSABLE
        self.webhook_signing_key = key.encode("utf-8")


class PostmarkWebhook(_ClientWebhook, PostmarkTrackingWebhookView):
    kind = TransportKind.POSTMARK


class AmazonSesWebhook(_ClientWebhook, AmazonSESTrackingWebhookView):
    kind = TransportKind.AMAZON_SES

    def __init__(self, **kwargs):
        # A subscription is confirmed by the client in the SNS console, not by a call of
        # ours to an address a request named.
        kwargs.setdefault("auto_confirm_sns_subscriptions", False)
        super().__init__(**kwargs)


_VIEWS = {
    TransportKind.MAILGUN: MailgunWebhook.as_view(),
    TransportKind.POSTMARK: PostmarkWebhook.as_view(),
    TransportKind.AMAZON_SES: AmazonSesWebhook.as_view(),
}


@csrf_exempt  # the ESP proves itself with the basic auth and signatures above
def esp_tracking_webhook(request, esp: str):
    view = _VIEWS.get(esp)
    if view is None:
        raise Http404
    return view(request)
