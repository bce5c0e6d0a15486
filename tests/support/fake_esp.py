"""A fake ESP API on the loopback interface, speaking the wire protocols of the ESPs the
delivery pipeline supports (marketing/delivery/esp.py), so the real django-anymail backends
post to it through their API URL settings:

- Mailgun:    POST /mailgun/v3/<domain>/messages (form data, HTTP basic auth api:<key>)
- Postmark:   POST /postmark/email (JSON, X-Postmark-Server-Token)
- Amazon SES: POST /ses/v2/email/outbound-emails (JSON, SigV4-signed, a raw MIME message)

It keeps every message it accepted and can misbehave as the real ones do, by recipient:
`invalid` (the API refuses the address), `suppressed` (the ESP's own suppression list:
Postmark's "inactive recipient"), `throttled` (429), `broken` (503), `slow` (answers after
`slow_seconds`); and it refuses any other credential than the one it was given (401/403).
"""

from __future__ import annotations

import base64
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote


@dataclass(frozen=True)
class EspMail:
    esp: str
    to: str
    from_: str
    subject: str
    text: str
    html: str
    headers: dict[str, str]
    metadata: dict[str, str]
    fields: dict  # what the API call carried, as the ESP reads it


@dataclass
class Faults:
    invalid: set[str] = field(default_factory=set)
    suppressed: set[str] = field(default_factory=set)
    throttled: set[str] = field(default_factory=set)
    broken: set[str] = field(default_factory=set)
    slow: set[str] = field(default_factory=set)
    slow_seconds: float = 2.0
    unknown_domains: set[str] = field(default_factory=set)  # Mailgun sending domains


class FakeEsp:
    MAILGUN_KEY = "key-fake-mailgun"
    POSTMARK_TOKEN = "fake-postmark-server-token"
    SES_KEY_ID = "AKIAFAKESES000000001"

    def __init__(self) -> None:
        self.faults = Faults()
        self.received: list[EspMail] = []
        self.calls = 0
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with fake._lock:
                    fake.calls += 1
                status, headers, answer = fake.answer(self.path, self.headers, body)
                data = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.host, self.port = self.server.server_address
        self.url = f"http://{self.host}:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeEsp:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def for_recipient(self, address: str) -> list[EspMail]:
        return [mail for mail in self.received if mail.to.lower() == address.lower()]

    # --- the protocols ----------------------------------------------------------------------

    def answer(self, path: str, headers, body: bytes) -> tuple[int, dict, object]:
        if path.startswith("/mailgun/v3/") and path.endswith("/messages"):
            return self._mailgun(path, headers, body)
        if path == "/postmark/email":
            return self._postmark(headers, body)
        if path == "/ses/v2/email/outbound-emails":
            return self._ses(headers, body)
        return 404, {}, {"message": "Not found"}

    def _fault(self, to: str) -> str | None:
        to = to.lower()
        for name in ("invalid", "suppressed", "throttled", "broken"):
            if to in getattr(self.faults, name):
                return name
        if to in self.faults.slow:
            # A slow ESP is what is simulated: a fixed delay on purpose (no outcome awaited).
            time.sleep(self.faults.slow_seconds)
        return None

    def _keep(self, mail: EspMail) -> None:
        with self._lock:
            self.received.append(mail)

    def _mailgun(self, path, headers, body):
        auth = headers.get("Authorization", "")
        expected = "Basic " + base64.b64encode(f"api:{self.MAILGUN_KEY}".encode()).decode()
        if auth != expected:
            return 401, {"Content-Type": "text/plain"}, b"Forbidden"
        domain = unquote(path.split("/")[-2])
        if domain in self.faults.unknown_domains:
            return 404, {}, {"message": f"Domain not found: {domain}"}
        form = _form(headers.get("Content-Type", ""), body)
        to = form.get("to", [""])[0]
        fault = self._fault(to)
        if fault in ("invalid", "suppressed"):
            return (
                400,
                {},
                {"message": "to parameter is not a valid address. please check documentation"},
            )
        if fault == "throttled":
            return 429, {}, {"message": "Too many requests"}
        if fault == "broken":
            return 503, {}, {"message": "Service Unavailable"}
        one = {name: values[0] for name, values in form.items()}
        self._keep(
            EspMail(
                esp="mailgun",
                to=to,
                from_=one.get("from", ""),
                subject=one.get("subject", ""),
                text=one.get("text", ""),
                html=one.get("html", ""),
                headers={k[2:]: v for k, v in one.items() if k.startswith("h:")},
                metadata={k[2:]: v for k, v in one.items() if k.startswith("v:")},
                fields=one,
            )
        )
        return 200, {}, {"id": f"<{uuid.uuid4().hex}@{domain}>", "message": "Queued. Thank you."}

    def _postmark(self, headers, body):
        if headers.get("X-Postmark-Server-Token") != self.POSTMARK_TOKEN:
            return (
                401,
                {},
                {
                    "ErrorCode": 10,
                    "Message": "The Server Token you provided in the X-Postmark-Server-Token "
                    "request header was invalid. Please verify that you are using a valid token.",
                },
            )
        data = json.loads(body)
        to = data.get("To", "")
        fault = self._fault(to)
        if fault == "invalid":
            return 422, {}, {"ErrorCode": 300, "Message": f"Invalid 'To' address: '{to}'."}
        if fault == "suppressed":
            return (
                422,
                {},
                {
                    "ErrorCode": 406,
                    "Message": "You tried to send to recipient(s) that have been marked as "
                    f"inactive. Found inactive addresses: {to.lower()}. Inactive recipients are "
                    "ones that have generated a hard bounce, a spam complaint, or a manual "
                    "suppression.",
                },
            )
        if fault == "throttled":
            return 429, {}, {"ErrorCode": 429, "Message": "Rate limit exceeded."}
        if fault == "broken":
            return 503, {}, {"ErrorCode": 0, "Message": "Service unavailable"}
        self._keep(
            EspMail(
                esp="postmark",
                to=to,
                from_=data.get("From", ""),
                subject=data.get("Subject", ""),
                text=data.get("TextBody", ""),
                html=data.get("HtmlBody", ""),
                headers={h["Name"]: h["Value"] for h in data.get("Headers", [])},
                metadata=data.get("Metadata", {}),
                fields=data,
            )
        )
        return (
            200,
            {},
            {
                "To": to,
                "SubmittedAt": "2026-11-23T10:00:00Z",
                "MessageID": str(uuid.uuid4()),
                "ErrorCode": 0,
                "Message": "OK",
            },
        )

    def _ses(self, headers, body):
        auth = headers.get("Authorization", "")
        if f"Credential={self.SES_KEY_ID}/" not in auth:
            return _ses_error(
                403,
                "UnrecognizedClientException",
                "The security token included in the request is invalid.",
            )
        data = json.loads(body)
        [to] = data["Destination"]["ToAddresses"]
        fault = self._fault(to)
        if fault in ("invalid", "suppressed"):
            return _ses_error(400, "BadRequestException", f"Illegal address: {to}")
        if fault == "throttled":
            return _ses_error(429, "TooManyRequestsException", "Maximum sending rate exceeded.")
        if fault == "broken":
            return _ses_error(503, "InternalFailure", "Service unavailable")
        raw = base64.b64decode(data["Content"]["Raw"]["Data"])
        message = message_from_bytes(raw, policy=policy.default)
        plain, html = message.get_body(("plain",)), message.get_body(("html",))
        metadata = json.loads(str(message["X-Metadata"])) if message["X-Metadata"] else {}
        self._keep(
            EspMail(
                esp="amazonSes",
                to=to,
                from_=str(message["From"]),
                subject=str(message["Subject"]),
                text=plain.get_content() if plain is not None else "",
                html=html.get_content() if html is not None else "",
                headers={name: str(value) for name, value in message.items()},
                metadata=metadata,
                fields=data,
            )
        )
        return 200, {}, {"MessageId": f"0100{uuid.uuid4().hex}-000000"}


def _ses_error(status: int, code: str, message: str):
    return (
        status,
        {"x-amzn-ErrorType": code, "Content-Type": "application/json"},
        {"message": message},
    )


def _form(content_type: str, body: bytes) -> dict[str, list[str]]:
    """Form fields of a urlencoded or multipart/form-data body."""
    if content_type.startswith("application/x-www-form-urlencoded"):
        return parse_qs(body.decode(), keep_blank_values=True)
    message = message_from_bytes(
        f"Content-Type: {content_type}\r\n\r\n".encode() + body, policy=policy.HTTP
    )
    fields: dict[str, list[str]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        fields.setdefault(unquote(name), []).append(part.get_content())
    return fields
