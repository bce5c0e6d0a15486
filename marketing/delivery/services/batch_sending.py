"""Sending a claimed batch: render each recipient's message, sign it, hand it to the relay
one recipient per transaction, and commit each outcome as it comes (claims:
services/ledger.py; the batch's locked read and each message's outcome:
services/attempts.py).

A run is bounded (DELIVERY_TASK_SECONDS): it claims batch after batch until the time is
up or nothing is due, and tells its task what is left so the task can send itself again.
The template is compiled once per process and send (the renderer's cache), the DKIM key
parsed once per process and domain."""

from __future__ import annotations

import functools
import logging
import time
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from django.conf import settings
from django.db import connection

from core.sealing import unseal
from marketing.delivery.dkim import Signer
from marketing.delivery.message import EncodedLines, OutgoingMessage
from marketing.delivery.messages import MESSAGE_UNBUILDABLE, PROFILE_GONE
from marketing.delivery.models import DkimKey, Send, SendKind, SendStatus
from marketing.delivery.plain_text import text_from_html
from marketing.delivery.services.attempts import attempts_open
from marketing.delivery.services.ledger import (
    Claimed,
    deliveries_claim,
    deliveries_release,
    send_finish_if_done,
    send_has_due,
)
from marketing.delivery.services.recipients import recipients_by_id
from marketing.delivery.services.throttle import DeliveryPacer
from marketing.delivery.services.tracked import message_tracking, send_tracking
from marketing.delivery.smtp import BuildError, Outcome, Reply
from marketing.delivery.tokens import (
    PREFERENCES,
    UNSUBSCRIBE,
    WEB_VIEW,
    message_id_token,
    recipient_token,
    verp_token,
)
from marketing.delivery.transport import Transports
from marketing.rendering.services import (
    PREFERENCES_LINK,
    UNSUBSCRIBE_LINK,
    VIEW_IN_BROWSER_LINK,
    CompiledEmail,
    render_context_for_profile,
    render_shared,
    template_compile,
)
from marketing.tracking.services import MessageTracking

logger = logging.getLogger(__name__)


class RunResult(StrEnum):
    MORE = "more"  # rows are due now: send the task again
    WAITING = "waiting"  # rows remain but are due later (the sweeper picks them up)
    FINISHED = "finished"
    STOPPED = "stopped"  # paused or cancelled


@lru_cache(maxsize=256)
def _signer(schema: str, key_id: int, sealed: str, domain: str, selector: str) -> Signer:
    """The key unsealed and loaded once per process per key (the sealed text is part of
    the cache key, so a key stored anew is loaded anew): never per message."""
    return Signer.from_pem(domain, selector, unseal(sealed))


def signers_for(domain: str) -> list[Signer]:
    """The client's active keys for the sender's domain, Ed25519 first (RFC 8463
    recommends sending it beside RSA); none until the domain has a key."""
    keys = DkimKey.objects.filter(domain=domain.lower(), is_active=True).order_by("-algorithm")
    schema = connection.schema_name
    return [_signer(schema, k.pk, k.private_key_sealed, k.domain, k.selector) for k in keys]


def message_id(send: Send, claimed: Claimed) -> str:
    """The same for every attempt of one delivery, so a receiver that got an ambiguous
    attempt can tell the retry is the same message."""
    token = message_id_token(connection.schema_name, claimed.id)
    return f"{send.pk}.{claimed.id}.{token}@{settings.DELIVERY_BOUNCE_DOMAIN}"


def return_path(send: Send, claimed: Claimed) -> str:
    """VERP: the bounce address names the client and the delivery, signed so that a forged
    bounce cannot suppress someone else's address."""
    schema = connection.schema_name
    token = verp_token(schema, claimed.id)
    return f"bounces+{schema}.{claimed.id}.{token}@{settings.DELIVERY_BOUNCE_DOMAIN}"


def _client_origin(schema: str) -> str:
    return _origin(schema, settings.DELIVERY_LINK_SCHEME, settings.DELIVERY_LINK_PORT)


@lru_cache(maxsize=256)
def _origin(schema: str, scheme: str, port: int | None) -> str:
    """The client's links' origin, kept per process under the settings that shape it
    (a test, or a settings change, must not get another's)."""
    host = connection.tenant.get_primary_domain().domain
    return f"{scheme}://{host}{f':{port}' if port else ''}"


def _recipient_url(action: str, send: Send, claimed: Claimed, path: str) -> str:
    """A link of the message's own on the client's host: `path`, then a recipient token of
    `action` naming the profile and the send."""
    schema = connection.schema_name
    token = recipient_token(action, schema=schema, profile_id=claimed.profile_id, send_id=send.pk)
    return f"{_client_origin(schema)}{path}{token}"


def unsubscribe_url(send: Send, claimed: Claimed) -> str:
    """The message's one-click unsubscribe link (RFC 8058)."""
    return _recipient_url(UNSUBSCRIBE, send, claimed, "/u/")


def preferences_url(send: Send, claimed: Claimed) -> str:
    """The message's update-preferences link (the `updatePreferencesLink` merge tag)."""
    return _recipient_url(PREFERENCES, send, claimed, "/external/managepreferences?token=")


def web_view_url(send: Send, claimed: Claimed) -> str:
    """The message's copy in the browser (the `viewInBrowserLink` merge tag)."""
    return _recipient_url(WEB_VIEW, send, claimed, "/v/")


def message_links(send: Send, claimed: Claimed) -> dict[str, str]:
    """The values of the message's own link tags (catalogue UNSUBSCRIBE_LINK,
    PREFERENCES_LINK and, when the send has it, VIEW_IN_BROWSER_LINK) for one recipient."""
    links = {
        UNSUBSCRIBE_LINK: unsubscribe_url(send, claimed),
        PREFERENCES_LINK: preferences_url(send, claimed),
    }
    if send.view_in_browser:
        links[VIEW_IN_BROWSER_LINK] = web_view_url(send, claimed)
    return links


@dataclass
class _Batch:
    send: Send
    compiled: CompiledEmail
    tracker: MessageTracking
    shared: object
    # DKIM signers by From domain: a send's rows may carry their rep's own From.
    signers: dict[str, list[Signer]] = field(default_factory=dict)
    # Quoted-printable lines met in earlier messages of the run (message.py).
    known_lines: EncodedLines = field(default_factory=EncodedLines)

    def signers_for(self, address: str) -> list[Signer]:
        domain = address.rpartition("@")[2].lower()
        if domain not in self.signers:
            self.signers[domain] = signers_for(domain)
        return self.signers[domain]

    def message(self, claimed: Claimed, profile) -> bytes:
        """The recipient's message, rendered, built and signed."""
        send = self.send
        tracking, pixel_add = message_tracking(self.tracker, claimed.profile_id)
        links = message_links(send, claimed)
        rendered = self.compiled.render(
            render_context_for_profile(
                profile,
                shared=self.shared,
                extra=links,
                tracking=tracking,
            )
        )
        rendered = rendered._replace(html=pixel_add(rendered.html))
        feedback = f"{send.kind}{send.source_id or send.pk}:{connection.schema_name}:mailcraft"
        # Rep as Sender: the row's own From and Reply-To when it has one.
        own = bool(claimed.from_address)
        from_address = claimed.from_address if own else send.from_address
        message = OutgoingMessage(
            from_name=claimed.from_name if own else send.from_name,
            from_address=from_address,
            to_address=claimed.email,
            subject=rendered.subject,
            html=rendered.html,
            text=rendered.text,
            message_id=message_id(send, claimed),
            list_unsubscribe_url=links[UNSUBSCRIBE_LINK],  # its token made once
            reply_to=claimed.reply_to if own else send.reply_to,
            list_id=(
                f"{send.list_name} <{send.kind}.{send.pk}.{settings.DELIVERY_BOUNCE_DOMAIN}>"
                if send.list_name
                else ""
            ),
            feedback_id=feedback if send.kind != SendKind.TEST else "",
        )
        headers, body = message.parts(self.known_lines)
        signatures = [signer.sign_parts(headers, body) for signer in self.signers_for(from_address)]
        return b"".join([*signatures, b"\r\n".join(headers), b"\r\n\r\n", body])


def _built(batch: _Batch, claimed: Claimed, profile) -> bytes:
    """The message, any error of its building (a value no encoder takes) as a BuildError:
    a poison message fails alone, once."""
    try:
        return batch.message(claimed, profile)
    except Exception as error:
        raise BuildError from error


def send_batch_run(send_id: int) -> RunResult:
    send = Send.objects.get(pk=send_id)
    deadline = time.monotonic() + settings.DELIVERY_TASK_SECONDS
    # No text part in the template: one made from its HTML (plain_text.py), not an empty one.
    text = send.text if send.text.strip() or not send.html else text_from_html(send.html)
    compiled = template_compile(send.subject, send.html, text)
    batch = _Batch(
        send=send,
        compiled=compiled,
        tracker=send_tracking(send, compiled),  # links recorded once; click URLs and pixel
        # An RSS issue's items render from the feed frozen on the send.
        shared=render_shared(
            values={"campaignId": send.source_id or ""}, rss_channel=send.rss_channel
        ),
    )
    transports = Transports(send)  # the client's SMTP relay or ESP per From domain
    pacer = DeliveryPacer(send)  # rates per sending and receiving domain, warm-up
    with attempts_open(send) as attempts:  # each message's transaction (attempts.py)
        while time.monotonic() < deadline:
            # A pause or cancel made meanwhile (by a person, or a sender problem in another
            # worker) stops the run before its next batch.
            send.refresh_from_db(fields=["status", "status_message"])
            if send.status != SendStatus.SENDING:
                return RunResult.STOPPED
            claimed = deliveries_claim(
                send.pk,
                limit=settings.DELIVERY_BATCH_SIZE,
                lease_seconds=settings.DELIVERY_LEASE_SECONDS,
            )
            if not claimed:
                break
            profiles = recipients_by_id(claimed)  # profiles, and stand-ins for bare addresses
            attempts.lock(claimed)  # their profile rows FOR SHARE until the batch is handed over
            for index, row in enumerate(claimed):
                if send.status != SendStatus.SENDING or time.monotonic() >= deadline:
                    attempts.release()
                    deliveries_release(claimed[index:])
                    break
                if pacer.postponed(row):  # over a rate or the warm-up day: put back, due later
                    continue
                profile = profiles.get(row.profile_id)
                if profile is None:  # erased between the claim and now
                    attempts.outcome(row, Reply(Outcome.FAILED, 0, PROFILE_GONE))
                    continue
                # Mailable still (read under a lock an unsubscribe waits for)? Then hand it
                # over (the relay builds it while its server answers the envelope) and
                # write its outcome.
                if not attempts.begin(row):
                    continue
                try:
                    reply = transports.get(row.from_address).send(
                        return_path(send, row),
                        row.email,
                        functools.partial(_built, batch, row, profile),
                    )
                except BuildError as failed:
                    # Rendering and building are deterministic: another attempt would fail
                    # the same way, and a raise here would take the batch down again and again.
                    error = failed.__cause__
                    problem = MESSAGE_UNBUILDABLE.format(error=f"{type(error).__name__}: {error}")
                    reply = Reply(Outcome.FAILED, 0, problem[:500])
                    # The row says why; the operators' log says it too (a whole send failing
                    # this way, e.g. a key sealed under another SECRET_KEY, is otherwise quiet).
                    logger.warning("delivery: send %s row %s: %s", send.pk, row.id, problem)
                attempts.outcome(row, reply)
            attempts.release()
            pacer.put_back()
    if send.status != SendStatus.SENDING:
        return RunResult.STOPPED
    if send_has_due(send.pk):
        return RunResult.MORE
    return RunResult.FINISHED if send_finish_if_done(send) else RunResult.WAITING
