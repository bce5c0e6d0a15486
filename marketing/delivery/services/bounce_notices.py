"""Recording bounces and complaints against the delivery they are about (in its client's
schema), each once per delivery and kind:

- hard bounce: the address is suppressed, the row failed, a `bounced` event;
- soft bounce: one more in the profile's run of consecutive soft bounces (five flag it),
  a `bounced` event; unless its reason is a sender problem (blocked, spam detected,
  policy, rate limited: bounce_reading/reasons.py), which is not the recipient's doing:
  the address is neither suppressed nor counted against, and the breaker looks at the
  client's rates (services/breaker.py counts these reports);
- complaint: the address is suppressed, the profile unsubscribed, a `complained` event;
- unsubscribed (an ESP's webhook): the profile unsubscribed, an `unsubscribed` event;
- delivered (an ESP's webhook): kept, nothing else.
"""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction

from core.audit.context import audit_context
from core.audit.models import AuditPath
from core.versions import versions_bump_on_commit
from marketing.audience.services.bounces import soft_bounce_record
from marketing.audience.services.profiles import profiles_unsubscribe
from marketing.delivery.bounces import Notice, NoticeKind, VerpAddress
from marketing.delivery.models import (
    Delivery,
    DeliveryReport,
    DeliveryState,
    SendKind,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.selectors import send_ledger_version_name
from marketing.delivery.services.breaker import breaker_check_soon
from marketing.delivery.tokens import verp_token_holds
from marketing.tracking.services import Event, events_record

COMPLAINT_SOURCE = "complaint"
COUNTED = (NoticeKind.HARD_BOUNCE, NoticeKind.SOFT_BOUNCE, NoticeKind.COMPLAINT)
RECORDED = (*COUNTED, NoticeKind.UNSUBSCRIBED, NoticeKind.DELIVERED)
ESP_UNSUBSCRIBE_SOURCE = "esp"


def verp_valid(verp: VerpAddress) -> bool:
    """The return path's signature holds for this client (call in its schema)."""
    return verp.schema == connection.schema_name and verp_token_holds(
        verp.schema, verp.delivery_id, verp.token
    )


def notice_record(verp: VerpAddress, notice: Notice, *, recipient: str = "") -> bool:
    """Record `notice` for the delivery `verp` names; False when there is nothing to
    record (a forged or unknown address, a notice of no interest, one already counted, or
    a `recipient` given that is not the delivery's)."""
    if notice.kind not in RECORDED or not verp_valid(verp):
        return False
    delivery = Delivery.objects.select_related("send").filter(pk=verp.delivery_id).first()
    if delivery is None or (recipient and recipient.strip().lower() != delivery.email.lower()):
        return False
    try:
        with transaction.atomic():
            DeliveryReport.objects.create(
                delivery=delivery,
                kind=notice.kind,
                reason=notice.reason,
                status=notice.status,
                diagnostic=notice.diagnostic,
            )
            _effects(delivery, notice)
            # A notice changes the send's outcomes (bounced after sent, hard or soft).
            versions_bump_on_commit({send_ledger_version_name(delivery.send_id)})
            if notice.kind in (NoticeKind.HARD_BOUNCE, NoticeKind.COMPLAINT) or (
                notice.sender_problem
            ):
                transaction.on_commit(breaker_check_soon)
    except IntegrityError:  # the same notice again
        return False
    return True


def _effects(delivery: Delivery, notice: Notice) -> None:
    send = delivery.send
    counted = send.kind != SendKind.TEST
    if notice.kind == NoticeKind.DELIVERED:
        return
    names = {NoticeKind.COMPLAINT: "complained", NoticeKind.UNSUBSCRIBED: "unsubscribed"}
    event = Event(
        delivery.profile_id,
        names.get(notice.kind, "bounced"),
        campaign_id=send.source_id if send.kind == SendKind.CAMPAIGN else None,
        workflow_step_id=send.source_id if send.kind == SendKind.WORKFLOW_STEP else None,
    )
    if notice.kind == NoticeKind.HARD_BOUNCE:
        Suppression.objects.get_or_create(
            email=delivery.email,
            defaults={
                "reason": SuppressionReason.HARD_BOUNCE,
                "detail": notice.diagnostic,
                "from_test_send": send.kind == SendKind.TEST,
            },
        )
        Delivery.objects.filter(pk=delivery.pk).update(
            state=DeliveryState.FAILED, last_reply=(notice.diagnostic or notice.status)[:500]
        )
    elif notice.kind == NoticeKind.SOFT_BOUNCE:
        if counted and not notice.sender_problem:
            soft_bounce_record(profile_id=delivery.profile_id)
    elif notice.kind == NoticeKind.UNSUBSCRIBED:
        with audit_context(path=AuditPath.RECIPIENT, actor_email=delivery.email):
            result = profiles_unsubscribe(
                profile_ids=[delivery.profile_id], source=ESP_UNSUBSCRIBE_SOURCE
            )
        counted = counted and bool(result.affected)  # one event, not one per ESP notice
    else:
        Suppression.objects.get_or_create(
            email=delivery.email,
            defaults={
                "reason": SuppressionReason.COMPLAINT,
                "from_test_send": send.kind == SendKind.TEST,
            },
        )
        with audit_context(path=AuditPath.RECIPIENT, actor_email=delivery.email):
            profiles_unsubscribe(profile_ids=[delivery.profile_id], source=COMPLAINT_SOURCE)
    if counted:
        events_record([event])
