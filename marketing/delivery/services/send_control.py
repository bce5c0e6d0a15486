"""Starting, pausing and resuming a send for whatever drives delivery (campaigns today,
workflows later), so that callers never touch the ledger's tables.

`send_start` is idempotent: a send is unique per (kind, source, part), so a second start of
the same campaign (or of the same A/B variant, resend or RSS issue of it) finds the first
send and freezes nothing new (the ledger's rows are unique per profile). Its run is sent
once the caller's transaction commits."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.tasks import enqueue_on_commit

# SendKind and SendStatus are what callers name sends and read their status by.
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind, SendStatus  # noqa: F401
from marketing.delivery.services.ledger import send_freeze, send_pause, send_rows_add
from marketing.delivery.services.settled import send_settled_announce
from marketing.delivery.task_declarations import SEND_RUN


def _runs_enqueue(send_id: int) -> None:
    """The send's runs (DELIVERY_RUNS_PER_SEND), on commit: each sends itself again while
    rows are due, so a send keeps that many worker processes busy."""
    for _ in range(max(1, settings.DELIVERY_RUNS_PER_SEND)):
        enqueue_on_commit(SEND_RUN, send_id=send_id)


def _send_find_or_make(*, kind: str, source_id: int, part: str, **content) -> tuple[Send, bool]:
    """The send of (kind, source, part), made with `content` if there is none; True when
    this call made it. A concurrent maker's row wins (the key is unique)."""
    send = Send.objects.filter(kind=kind, source_id=source_id, part=part).first()
    if send is not None:
        return send, False
    try:
        with transaction.atomic():
            return Send.objects.create(kind=kind, source_id=source_id, part=part, **content), True
    except IntegrityError:  # made meanwhile by a concurrent start or run
        return Send.objects.get(kind=kind, source_id=source_id, part=part), False


@dataclass(frozen=True)
class SendStarted:
    send_id: int
    recipients: int  # rows in the ledger (mailable profiles of the audience)
    created: bool  # False: the source had a send already (a repeated start)


def send_start(
    *,
    kind: str,
    source_id: int,
    subject: str,
    html: str,
    text: str,
    from_name: str,
    from_address: str,
    reply_to: str = "",
    list_name: str = "",
    audience_sql: str,
    params: list,
    hold: bool = False,
    part: str = "",
    variant: str = "",
    rss_channel: dict | None = None,
    view_in_browser: bool = False,
) -> SendStarted:
    """Snapshot the content, freeze the audience (mailable profiles only), and send the
    run on commit. A send with no recipients is finished at once and no run is sent.
    With `hold`, the rows are frozen and the run is not sent: the caller sets each row's
    due time (`deliveries_due_set`) and then calls `send_release`. `part` names one of
    several sends of the source (an A/B variant, a resend, an RSS issue); `variant` is
    written on each ledger row (A, B, C, W); `rss_channel` is what RSS tags render from;
    `view_in_browser` gives each message its link to its copy in the browser."""
    with transaction.atomic():
        send, created = _send_find_or_make(
            kind=kind,
            source_id=source_id,
            part=part,
            subject=subject,
            html=html,
            text=text,
            from_name=from_name,
            from_address=from_address,
            reply_to=reply_to,
            list_name=list_name,
            rss_channel=rss_channel,
            view_in_browser=view_in_browser,
        )
        if created:
            send_freeze(send, audience_sql=audience_sql, params=params, variant=variant)
        recipients = Delivery.objects.filter(send=send).count()
        if recipients == 0:
            if Send.objects.filter(pk=send.pk, status=SendStatus.SENDING).update(
                status=SendStatus.FINISHED, finished_at=timezone.now()
            ):
                send_settled_announce(kind, send.pk)
        elif created and not hold:
            _runs_enqueue(send.pk)
    return SendStarted(send.pk, recipients, created)


def send_release(send_id: int) -> None:
    """Send the runs of a send started with `hold` (once the caller's transaction commits)."""
    _runs_enqueue(send_id)


def deliveries_due_set(send_id: int, *, due_sql: str, params: list) -> int:
    """Give each pending row of the send its own due time: `due_sql` selects `profile_id`
    and `due` (a timestamptz) per profile; rows due in the past are due now, rows of
    profiles it does not select keep theirs. Returns how many rows were set. Used to reach
    each recipient at a wall-clock time of their own time zone (one set-based UPDATE)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Delivery._meta.db_table} d SET next_attempt_at = GREATEST(now(), x.due)"
            f" FROM ({due_sql}) x WHERE d.send_id = %s AND d.profile_id = x.profile_id"
            f" AND d.state = {DeliveryState.PENDING}",
            [*params, send_id],
        )
        return cursor.rowcount


def deliveries_from_set(send_id: int, *, from_sql: str, params: list) -> int:
    """Rep as Sender: give pending rows of the send their own From. `from_sql` selects
    `profile_id`, `from_name`, `from_address` and `reply_to` per profile; rows of profiles
    it does not select keep the send's. One set-based UPDATE; returns how many rows."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Delivery._meta.db_table} d SET from_name = x.from_name,"
            " from_address = x.from_address, reply_to = x.reply_to"
            f" FROM ({from_sql}) x WHERE d.send_id = %s AND d.profile_id = x.profile_id"
            f" AND d.state = {DeliveryState.PENDING}",
            [*params, send_id],
        )
        return cursor.rowcount


def send_pause_by_id(send_id: int, *, message: str) -> bool:
    """Stop a sending send (its run stops before its next batch). False if it was not
    sending."""
    send = Send.objects.filter(pk=send_id, status=SendStatus.SENDING).first()
    if send is None:
        return False
    send_pause(send, message=message)
    return True


def send_resume(send_id: int) -> bool:
    """Take a paused send up again: its rows are claimable at once and its run is sent
    on commit. False if it was not paused."""
    resumed = Send.objects.filter(pk=send_id, status=SendStatus.PAUSED).update(
        status=SendStatus.SENDING, status_message=""
    )
    if resumed:
        _runs_enqueue(send_id)
    return bool(resumed)


def send_recipients_add(
    *,
    kind: str,
    source_id: int,
    profile_ids: list[int],
    subject: str,
    html: str,
    text: str,
    from_name: str,
    from_address: str,
    reply_to: str = "",
    list_name: str = "",
    part: str = "",
) -> RecipientsAdded:
    """A send that grows as its recipients arrive (a workflow's email step: one send per
    step, rows added as enrollments reach it): the send of (kind, source, part) is found or
    made with this content (the first call's content is the send's), the mailable and
    unsuppressed profiles among `profile_ids` get a pending row each (a profile it has
    already has no second), a finished send is sending again, and its run is sent on
    commit. In the caller's transaction: the rows commit with what made them. Returns the
    send and the profile ids given a row by this call."""
    with transaction.atomic():
        send, _ = _send_find_or_make(
            kind=kind,
            source_id=source_id,
            part=part,
            subject=subject,
            html=html,
            text=text,
            from_name=from_name,
            from_address=from_address,
            reply_to=reply_to,
            list_name=list_name,
        )
        added = send_rows_add(send, profile_ids=list(dict.fromkeys(profile_ids)))
        if not added:
            return RecipientsAdded(send.pk, [])
        if (
            Send.objects.filter(pk=send.pk, status=SendStatus.FINISHED).update(
                status=SendStatus.SENDING, finished_at=None
            )
            or send.status == SendStatus.SENDING
        ):
            enqueue_on_commit(SEND_RUN, send_id=send.pk)
    return RecipientsAdded(send.pk, sorted(added))


@dataclass(frozen=True)
class RecipientsAdded:
    send_id: int
    profile_ids: list[int]
