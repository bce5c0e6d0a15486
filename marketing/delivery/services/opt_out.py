"""Unsubscribing from a message: the one-click POST of RFC 8058 and the opt-out page.

Both take the recipient token of the message's links (tokens.py), valid only on the host
of the client that sent it. The one-click POST unsubscribes at once; a GET of the same
link only shows the page (link scanners fetch every URL), where the person confirms.
After the unsubscribe commits, the claim-time check of the ledger keeps every further
message from the address."""

from dataclasses import dataclass, replace

from django.db import connection, transaction

from core.audit.context import audit_context
from core.audit.models import AuditPath
from core.errors import ValidationFailed
from marketing.audience.selectors.mailable import profiles_by_id
from marketing.audience.services.profiles import profiles_unsubscribe
from marketing.delivery.messages import OPT_OUT_LINK_INVALID
from marketing.delivery.models import Send, SendKind
from marketing.delivery.tokens import (
    PREFERENCES,
    UNSUBSCRIBE,
    BadToken,
    recipient_token,
    recipient_token_read,
)
from marketing.tracking.services import Event, events_record

ONE_CLICK_SOURCE = "oneClick"
OPT_OUT_PAGE_SOURCE = "optOutPage"


@dataclass(frozen=True)
class OptOutTarget:
    profile_id: int
    send_id: int
    email_hint: str  # "a***@mail.example": enough to recognise, not to harvest
    unsubscribed: bool
    # Whose mail it is (the page carries the client's name) and the same message's
    # update-preferences token: choosing fewer emails is offered beside leaving them all.
    client_name: str
    preferences_token: str


def email_masked(email: str) -> str:
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"


def opt_out_target(token: str) -> OptOutTarget:
    """Whom the token names, for which client, with the message's update-preferences token;
    ValidationFailed (OPT_OUT_LINK_INVALID) for a bad token or a profile that is gone."""
    try:
        profile_id, send_id = recipient_token_read(
            UNSUBSCRIBE, token, schema=connection.schema_name
        )
    except BadToken as error:
        raise ValidationFailed(OPT_OUT_LINK_INVALID) from error
    profile = profiles_by_id([profile_id]).get(profile_id)
    if profile is None or profile.deleted_at is not None:
        raise ValidationFailed(OPT_OUT_LINK_INVALID)
    schema = connection.schema_name
    return OptOutTarget(
        profile_id,
        send_id,
        email_masked(profile.email),
        profile.unsubscribed_at is not None,
        connection.tenant.name,
        recipient_token(PREFERENCES, schema=schema, profile_id=profile_id, send_id=send_id),
    )


def unsubscribe_from_send(profile_id: int, send_id: int, *, source: str) -> bool:
    """Unsubscribe the profile (once) and record the unsubscribe event against the campaign
    or workflow step that sent the message; in the caller's transaction and audit context.
    True when this call unsubscribed them."""
    send = Send.objects.filter(pk=send_id).first()
    result = profiles_unsubscribe(profile_ids=[profile_id], source=source)
    if result.affected and send is not None and send.kind != SendKind.TEST:
        events_record(
            [
                Event(
                    profile_id,
                    "unsubscribed",
                    campaign_id=send.source_id if send.kind == SendKind.CAMPAIGN else None,
                    workflow_step_id=(
                        send.source_id if send.kind == SendKind.WORKFLOW_STEP else None
                    ),
                )
            ]
        )
    return bool(result.affected)


def opt_out(token: str, *, source: str) -> OptOutTarget:
    """Unsubscribe the token's profile (once: a second call changes nothing) and record the
    unsubscribe event against the campaign or workflow step that sent the message."""
    target = opt_out_target(token)
    if target.unsubscribed:
        return target
    with (
        transaction.atomic(),
        audit_context(path=AuditPath.RECIPIENT, actor_email=target.email_hint),
    ):
        unsubscribe_from_send(target.profile_id, target.send_id, source=source)
    return replace(target, unsubscribed=True)
