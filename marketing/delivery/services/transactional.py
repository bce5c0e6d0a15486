"""The transactional lane: test sends and transactional messages go through the same
pipeline as a broadcast (ledger rows, claims, outcomes, the client's transport) but run on
the `transactional` queue (`delivery.send_run_transactional`), whose workers never take a
broadcast's work, so they never wait behind one on `send`.

- `test_send`: a test of a campaign or message to a few typed addresses (spec 5.2: a
  limited number, TEST_SEND_MAX_RECIPIENTS; 'Please enter valid Email ID'). The addresses
  need not be profiles; the suppression list still holds (a hard-bounced address gets
  nothing). Test sends leave no trace in reports, but are metered as any send
  (services/test_send_meter.py: hourly limits, the monthly allowance, the breaker).
- `transactional_send`: one message to given profiles now (a workflow's email to the
  person it is running for, a confirmation), with the same mailability rules as every
  send.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection, transaction

from core.errors import ValidationFailed, invalid_field
from core.messages import INVALID_EMAIL
from core.tasks import enqueue_on_commit
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.delivery.messages import TEST_RECIPIENTS_LIMIT
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind
from marketing.delivery.services.ledger import ADDRESS_ROW_BASE, send_freeze
from marketing.delivery.services.test_send_meter import test_send_meter
from marketing.delivery.services.tracked import ADDRESSES_PART
from marketing.delivery.task_declarations import SEND_RUN, TRANSACTIONAL_RUN

# A person is waiting for a test or a bare-address message: give up within minutes, not hours.
PERSON_WAITING_ATTEMPTS = 4


def sends_in_lane(send_ids: list[int]) -> set[int]:
    """Which of these sends run on the transactional lane (the sweeper's question)."""
    lane = Send.objects.filter(pk__in=send_ids, transactional=True)
    return set(lane.values_list("pk", flat=True))


def run_task_name(send_id: int, lane: set[int]) -> str:
    return TRANSACTIONAL_RUN if send_id in lane else SEND_RUN


def test_addresses(addresses: list[str] | str) -> list[str]:
    """The test's recipients: typed addresses (a list, or one text separated by commas,
    semicolons or spaces), normalised, each once, within the limit."""
    if isinstance(addresses, str):
        addresses = addresses.replace(";", ",").replace(" ", ",").split(",")
    found: list[str] = []
    for text in addresses:
        if not text.strip():
            continue
        try:
            email = email_normalise(text)
        except InvalidEmail:
            raise invalid_field("emails", INVALID_EMAIL) from None
        if email not in found:
            found.append(email)
    if not found:
        raise invalid_field("emails", INVALID_EMAIL)
    limit = settings.TEST_SEND_MAX_RECIPIENTS
    if len(found) > limit:
        message = TEST_RECIPIENTS_LIMIT.format(limit=limit)
        raise ValidationFailed(message, errors={"emails": [message]})
    return found


def _sender_check(from_address: str) -> str:
    try:
        return email_normalise(from_address)
    except InvalidEmail:
        raise invalid_field("fromAddress", INVALID_EMAIL) from None


def _message(
    subject: str, html: str, text: str, from_name: str, from_address: str, reply_to: str, **more
) -> dict:
    """A transactional send's fields: its content and the checked sender, and `more`."""
    return dict(
        subject=subject,
        html=html,
        text=text,
        from_name=from_name,
        from_address=_sender_check(from_address),
        reply_to=reply_to,
        transactional=True,
        **more,
    )


def _address_rows_add(send: Send, emails: list[str]) -> None:
    """A pending row per bare address, due at the database's now (as send_freeze's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Delivery._meta.db_table} (send_id, profile_id, email, variant,"
            " state, attempts, next_attempt_at, last_reply)"
            f" SELECT %s, %s + a.n, a.email, '', {DeliveryState.PENDING}, 0, now(), ''"
            " FROM unnest(%s::text[]) WITH ORDINALITY AS a(email, n)",
            [send.pk, ADDRESS_ROW_BASE, emails],
        )


def test_send(
    *,
    addresses: list[str] | str,
    subject: str,
    html: str,
    text: str,
    from_name: str,
    from_address: str,
    reply_to: str = "",
    list_name: str = "",
    view_in_browser: bool = False,
) -> Send:
    """Send a test of this content to the typed addresses, on the transactional lane
    (`view_in_browser`: each message links to its copy in the browser, as the real send's)."""
    emails = test_addresses(addresses)
    test_send_meter(count=len(emails), field="emails")
    with transaction.atomic():
        send = Send.objects.create(
            kind=SendKind.TEST,
            **_message(
                subject, html, text, from_name, from_address, reply_to,
                list_name=list_name, max_attempts=PERSON_WAITING_ATTEMPTS,
                view_in_browser=view_in_browser,
            ),
        )  # fmt: skip
        _address_rows_add(send, emails)
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send.pk)
    return send


def transactional_send(
    *,
    profile_ids: list[int],
    subject: str,
    html: str,
    text: str,
    from_name: str,
    from_address: str,
    reply_to: str = "",
    kind: str = SendKind.TRANSACTIONAL,
    source_id: int | None = None,
    view_in_browser: bool = False,
) -> Send:
    """Send this message to these profiles now, on the transactional lane; profiles that
    may not be mailed (unsubscribed, suppressed, invalid...) are left out as in any send.
    `kind`/`source_id` name what it belongs to (a workflow step: WORKFLOW_STEP and the
    step's id, a second call for the same step and profile then finds the same send). A
    TEST (a test to a small group) is metered as a test send of that many recipients."""
    if kind == SendKind.TEST:
        test_send_meter(count=len(profile_ids), field="groupId")
    message = _message(
        subject, html, text, from_name, from_address, reply_to, view_in_browser=view_in_browser
    )
    with transaction.atomic():
        if source_id is None:
            send = Send.objects.create(kind=kind, **message)
        else:
            send, _ = Send.objects.get_or_create(kind=kind, source_id=source_id, defaults=message)
        send_freeze(
            send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[list(profile_ids)]
        )
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send.pk)
    return send


def addresses_send(
    *,
    addresses: list[str],
    subject: str,
    html: str,
    text: str,
    from_name: str,
    from_address: str,
    source_id: int | None = None,
    part: str = "",
    reply_to: str = "",
    kind: str = SendKind.TRANSACTIONAL,
) -> Send:
    """Send this message now, on the transactional lane, to addresses that need not be
    profiles (a summary digest's recipients, a profile's rep told by a workflow), the
    suppression list holding as for a test; not metered as a test send. With `source_id`,
    one send per (kind, source_id, part): a second call for the same finds it and adds
    nobody; without, each call is a send of its own. Their opens and clicks record no
    activity (ADDRESSES_PART)."""
    emails = list(dict.fromkeys(email_normalise(a) for a in addresses))
    message = _message(
        subject, html, text, from_name, from_address, reply_to,
        max_attempts=PERSON_WAITING_ATTEMPTS,
    )  # fmt: skip
    with transaction.atomic():
        marked = f"{ADDRESSES_PART}{part}"
        if source_id is None:
            send, created = Send.objects.create(kind=kind, part=marked, **message), True
        else:
            send, created = Send.objects.get_or_create(
                kind=kind, source_id=source_id, part=marked, defaults=message
            )
        if created:
            _address_rows_add(send, emails)
            enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send.pk)
    return send
