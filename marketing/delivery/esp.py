"""ESP transports through django-anymail: the message the pipeline built (batch_sending.py) goes
to the client's ESP account over its HTTP API, and the API's answer becomes the same
`smtp.Reply` an SMTP receiver's would:

| the ESP answers | outcome | the ledger does |
| --- | --- | --- |
| accepted (the recipient queued or sent) | SENT | sent; the ESP's message id kept |
| the recipient is invalid, or on the ESP's suppression list | HARD_BOUNCE | failed, suppressed |
| 401/403, or the account cannot send (suspended, unverified) | SENDER_PROBLEM | send paused |
| 429, 5xx, no connection | DEFERRED | retried with backoff |
| no answer after the request went out (read timeout) | UNKNOWN | retried after the lease |
| any other refusal (404 unknown sending domain, a bad From...) | SENDER_PROBLEM | send paused |

The last row pauses rather than fails: a refusal that is not about the recipient is about
the account or the message, the same for every recipient of the send, so failing each row
would throw the whole audience away for a setting the client can fix and resume.

The ESP rebuilds and signs the message itself (its own DKIM for the client's domain), so
what goes over the API is the parts of ours: From, To, Subject, Reply-To, the plain and
HTML bodies and our headers (Message-ID, the one-click List-Unsubscribe pair, List-Id,
Feedback-ID); our DKIM-Signature is dropped. The delivery's signed reference (the VERP
return path's local part, `<schema>.<delivery>.<mac>`) travels as metadata, which the
ESP's webhooks hand back (webhooks.py); the ESP's own open and click tracking is off (we
track, and its link rewriting would change our links).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.utils import getaddresses, parseaddr

import requests
from anymail.exceptions import AnymailError
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMultiAlternatives, get_connection

from core.sealing import Unsealable, unseal
from marketing.delivery.bounces import verp_read
from marketing.delivery.models import SendingTransport, TransportKind
from marketing.delivery.smtp import Outcome, Reply

METADATA_KEY = "mailcraft"  # the delivery's signed reference in the ESP's metadata

# Headers ours that the ESP API builds from its own fields (or must not receive).
_NOT_PASSED = {
    "from",
    "to",
    "cc",
    "bcc",
    "subject",
    "reply-to",
    "date",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "dkim-signature",
    "return-path",
}


@dataclass(frozen=True)
class EspSpec:
    kind: str
    name: str  # anymail's esp_name
    backend: str
    fields: tuple[str, ...]  # credentials a client gives (camelCase, as the API takes them)
    optional: tuple[str, ...] = ()
    tracking_flags: bool = True  # the API takes track_opens / track_clicks
    # Error codes in the answer that mean the account, not the recipient, is the problem.
    sender_codes: frozenset = field(default_factory=frozenset)

    def credentials_check(self, credentials: dict) -> str:
        """The name of the first credential that is missing or malformed ('' if none)."""
        for name in self.fields:
            if not credentials.get(name):
                return name
        region = credentials.get("region")
        if region and not _REGIONS[self.kind].match(region):
            return "region"
        return ""

    def backend_kwargs(self, credentials: dict) -> dict:
        if self.kind == TransportKind.MAILGUN:
            kwargs = {"api_key": credentials["apiKey"]}
            if credentials.get("region") == "eu":  # an account in Mailgun's EU region
                kwargs["api_url"] = settings.DELIVERY_MAILGUN_EU_API_URL
            return kwargs
        if self.kind == TransportKind.POSTMARK:
            return {"server_token": credentials["serverToken"]}
        client_params = {
            "config": {
                "retries": {"total_max_attempts": 1},  # the ledger retries, not boto
                "connect_timeout": 5,
                "read_timeout": 30,
            }
        }
        if settings.DELIVERY_SES_ENDPOINT_URL:
            client_params["endpoint_url"] = settings.DELIVERY_SES_ENDPOINT_URL
        return {
            "session_params": {
                "aws_access_key_id": credentials["accessKeyId"],
                "aws_secret_access_key": credentials["secretAccessKey"],
                "region_name": credentials.get("region") or settings.DELIVERY_SES_REGION,
            },
            "client_params": client_params,
        }


ESPS = {
    TransportKind.MAILGUN: EspSpec(
        TransportKind.MAILGUN,
        "Mailgun",
        "anymail.backends.mailgun.EmailBackend",
        ("apiKey",),
        optional=("webhookSigningKey", "region"),
    ),
    TransportKind.POSTMARK: EspSpec(
        TransportKind.POSTMARK,
        "Postmark",
        "anymail.backends.postmark.EmailBackend",
        ("serverToken",),
        optional=("broadcastStream",),
        # 400/401 sender signature missing or unconfirmed, 405 out of credits, 412/413
        # account pending or inactive (Postmark's API error codes).
        sender_codes=frozenset({400, 401, 405, 412, 413}),
    ),
    TransportKind.AMAZON_SES: EspSpec(
        TransportKind.AMAZON_SES,
        "Amazon SES",
        "anymail.backends.amazon_ses.EmailBackend",
        ("accessKeyId", "secretAccessKey"),
        optional=("region",),
        tracking_flags=False,
        sender_codes=frozenset(
            {
                "AccountSuspendedException",
                "SendingPausedException",
                "MailFromDomainNotVerifiedException",
                "AccessDeniedException",
                "UnrecognizedClientException",
                "InvalidSignatureException",
                "SignatureDoesNotMatch",
                "InvalidClientTokenId",
            }
        ),
    ),
}
_REGIONS = {
    TransportKind.MAILGUN: re.compile(r"^(us|eu)$"),
    TransportKind.POSTMARK: re.compile(r"^$"),
    TransportKind.AMAZON_SES: re.compile(r"^[a-z]{2}(-[a-z]+)+-\d{1,2}$"),  # eu-west-1
}
_THROTTLED = {"TooManyRequestsException", "LimitExceededException", "Throttling"}


@dataclass(frozen=True)
class _Parts:
    from_name: str
    from_address: str
    to: str
    subject: str
    text: str
    html: str
    reply_to: list[str]
    headers: dict[str, str]


def message_parts(data: bytes) -> _Parts:
    """Our built message (message.py's bytes, DKIM signature and all) back in parts."""
    message = message_from_bytes(data, policy=policy.default)
    from_name, from_address = parseaddr(str(message["From"]))
    plain, html = message.get_body(("plain",)), message.get_body(("html",))
    headers = {}
    for name, value in message.items():
        if name.lower() not in _NOT_PASSED:
            headers[name] = " ".join(str(value).split())
    return _Parts(
        from_name=from_name,
        from_address=from_address,
        to=parseaddr(str(message["To"]))[1],
        subject=str(message["Subject"] or ""),
        text=plain.get_content() if plain is not None else "",
        html=html.get_content() if html is not None else "",
        reply_to=[a for _, a in getaddresses([str(message["Reply-To"])]) if a]
        if message["Reply-To"]
        else [],
        headers=headers,
    )


def reference_of(mail_from: str) -> str:
    """The delivery's signed reference from its VERP return path ('' if none)."""
    verp = verp_read(mail_from)
    return f"{verp.schema}.{verp.delivery_id}.{verp.token}" if verp else ""


class EspTransport:
    """One client's ESP account in a worker: an open anymail backend (its HTTP session,
    or boto3 client, reused from message to message)."""

    def __init__(self, spec: EspSpec, credentials: dict | None, problem: str = "") -> None:
        self.spec, self.credentials, self.problem = spec, credentials or {}, problem
        self.backend = None
        if not problem:
            try:
                self.backend = get_connection(
                    spec.backend,
                    fail_silently=False,
                    ignore_recipient_status=True,
                    **spec.backend_kwargs(self.credentials),
                )
                self.backend.open()
            except (ImproperlyConfigured, KeyError, AnymailError) as error:
                self.problem = f"{spec.name} is not set up: {error}"

    @classmethod
    def from_setting(cls, row: SendingTransport) -> EspTransport:
        spec = ESPS[row.kind]
        try:
            credentials = json.loads(unseal(row.credentials) or "{}")
        except (Unsealable, ValueError):
            return cls(spec, None, f"The {spec.name} credentials cannot be read; enter them again.")
        return cls(spec, credentials)

    @staticmethod
    def settings_key() -> tuple:
        """What else a built backend depends on (tests point the API elsewhere)."""
        return (json.dumps(settings.ANYMAIL, sort_keys=True), settings.DELIVERY_SES_ENDPOINT_URL)

    def close(self) -> None:
        if self.backend is not None:
            self.backend.close()

    def send(self, mail_from: str, rcpt_to: str, data: bytes, *, bulk: bool = True) -> Reply:
        if self.problem:
            return Reply(Outcome.SENDER_PROBLEM, 0, self.problem[:500])
        message = self._message(message_parts(data), rcpt_to, reference_of(mail_from), bulk)
        try:
            self.backend.send_messages([message])
        except AnymailError as error:
            return self._refused(error)
        except (ImproperlyConfigured, ValueError) as error:
            return Reply(Outcome.FAILED, 0, f"{self.spec.name}: {error}"[:500])
        status = message.anymail_status
        recipient = status.recipients.get(rcpt_to) or next(iter(status.recipients.values()), None)
        state = recipient.status if recipient is not None else None
        if state in ("rejected", "invalid"):
            return Reply(
                Outcome.HARD_BOUNCE, 0, f"{self.spec.name} refused the recipient ({state})"
            )
        if state in ("queued", "sent", "scheduled", "unknown", None) and status.message_id:
            message_id = recipient.message_id if recipient else status.message_id
            return Reply(Outcome.SENT, 250, f"Accepted by {self.spec.name}: {message_id}")
        return Reply(Outcome.FAILED, 0, f"{self.spec.name} did not accept it ({state})")

    def _message(self, parts: _Parts, rcpt_to: str, reference: str, bulk: bool):
        from_email = (
            f'"{parts.from_name}" <{parts.from_address}>'
            if parts.from_name
            else (parts.from_address)
        )
        message = EmailMultiAlternatives(
            subject=parts.subject,
            body=parts.text,
            from_email=from_email,
            to=[rcpt_to],
            reply_to=parts.reply_to,
            headers=parts.headers,
            connection=self.backend,
        )
        if parts.html:
            message.attach_alternative(parts.html, "text/html")
        if reference:
            message.metadata = {METADATA_KEY: reference}
        if self.spec.tracking_flags:
            message.track_opens = message.track_clicks = False
        if self.spec.kind == TransportKind.POSTMARK and bulk:
            message.esp_extra = {
                "MessageStream": self.credentials.get("broadcastStream") or "broadcast"
            }
        return message

    def _refused(self, error: AnymailError) -> Reply:
        name = self.spec.name
        cause = error.__cause__
        if isinstance(cause, requests.exceptions.ConnectionError | requests.exceptions.Timeout):
            if isinstance(cause, requests.exceptions.ReadTimeout):
                return Reply(Outcome.UNKNOWN, 0, f"No answer from {name}: {cause}"[:500])
            return Reply(Outcome.DEFERRED, 0, f"Could not reach {name}: {cause}"[:500])
        code, error_code, text = _answer(error)
        summary = f"{name}: {text}" if text else f"{name}: {error}"
        if code in (401, 403) or error_code in self.spec.sender_codes:
            return Reply(Outcome.SENDER_PROBLEM, code, summary[:500])
        if code == 429 or code >= 500 or error_code in _THROTTLED:
            return Reply(Outcome.DEFERRED, code, summary[:500])
        if code == 0:  # no HTTP answer at all (boto3's connection errors)
            timed_out = "timeout" in type(cause).__name__.lower()
            return Reply(Outcome.UNKNOWN if timed_out else Outcome.DEFERRED, 0, summary[:500])
        if _about_recipient(self.spec.kind, text):
            return Reply(Outcome.HARD_BOUNCE, code, summary[:500])
        return Reply(Outcome.SENDER_PROBLEM, code, summary[:500])


def _answer(error: AnymailError) -> tuple[int, object, str]:
    """(HTTP status, the ESP's own error code, its message) of a refused call."""
    response = getattr(error, "response", None)
    if isinstance(response, dict):  # boto3's parsed error (Amazon SES)
        detail = response.get("Error") or {}
        code = (response.get("ResponseMetadata") or {}).get("HTTPStatusCode") or 0
        return code, detail.get("Code"), detail.get("Message") or ""
    if response is None:
        return error.status_code or 0, None, ""
    try:
        body = response.json()
    except ValueError:
        return response.status_code, None, response.text[:300]
    if not isinstance(body, dict):
        return response.status_code, None, str(body)[:300]
    text = body.get("message") or body.get("Message") or ""
    return response.status_code, body.get("ErrorCode"), str(text)


def _about_recipient(kind: str, text: str) -> bool:
    """A 4xx whose message blames the To address (Mailgun: "to parameter is not a valid
    address"; Amazon SES: "Illegal address")."""
    text = text.lower()
    if kind == TransportKind.MAILGUN:
        return "'to'" in text or "to parameter" in text
    return "illegal address" in text or "invalid recipient" in text
