"""The opt-out page a message's unsubscribe link opens (spec 2.4 /external/useroptoutform),
as the client's default opt-out form builds it: its heading, reasons, the groups of its
category the person is in (which they may leave instead of every email), its button, its
theme and its thank-you text. The token is the message's recipient token (delivery);
reading changes nothing, the POST applies the choice once and records the reason given."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from core.audit.context import audit_context
from core.audit.models import AuditPath
from core.errors import invalid_field
from marketing.audience.selectors.mailable import profiles_by_id
from marketing.audience.services.profiles import profiles_group_remove
from marketing.delivery.services.opt_out import (
    OPT_OUT_PAGE_SOURCE,
    OptOutTarget,
    opt_out_target,
    unsubscribe_from_send,
)
from marketing.forms import messages
from marketing.forms.definition import styles_css
from marketing.forms.models import OptOutForm, OptOutResponse
from marketing.forms.selectors import optout_form_default


@dataclass(frozen=True)
class GroupChoice:
    id: int
    name: str


@dataclass(frozen=True)
class OptOutPage:
    email_hint: str
    client_name: str
    unsubscribed: bool
    preferences_token: str
    heading: str
    intro: str
    reasons: list[str]
    groups: list[GroupChoice]  # the form's groups the person is in
    button_text: str
    theme_css: str  # the theme's stylesheet (every value validated: definition.py)
    thank_you_html: str  # cleaned on write


def _offered(form: OptOutForm, profile_id: int) -> list[GroupChoice]:
    profile = profiles_by_id([profile_id])[profile_id]
    member_of = set(profile.groups.values_list("id", flat=True))
    return [
        GroupChoice(group.pk, group.name)
        for group in sorted(form.groups.all(), key=lambda g: (g.name, g.pk))
        if group.pk in member_of
    ]


def _page(target: OptOutTarget, form: OptOutForm) -> OptOutPage:
    return OptOutPage(
        email_hint=target.email_hint,
        client_name=target.client_name,
        unsubscribed=target.unsubscribed,
        preferences_token=target.preferences_token,
        heading=form.heading,
        intro=form.intro,
        reasons=list(form.reasons),
        groups=[] if target.unsubscribed else _offered(form, target.profile_id),
        button_text=form.button_text,
        theme_css=styles_css(form.theme.styles) if form.theme else "",
        thank_you_html=form.thank_you_html,
    )


def optout_page(token: str) -> OptOutPage:
    """What the link's page shows (changes nothing); 400 for a bad link."""
    return _page(opt_out_target(token), optout_form_default())


def optout_page_submit(token: str, *, reason: str, group_ids: list[int]) -> OptOutPage:
    """With `group_ids`, the person leaves those of the offered groups only (a profile keeps
    at least one group: audience's rule); without, they leave every email. The reason is
    one of the form's (or none)."""
    target = opt_out_target(token)
    form = optout_form_default()
    if reason and reason not in form.reasons:
        raise invalid_field("reason", messages.OPTOUT_REASON_UNKNOWN)
    chosen = list(dict.fromkeys(group_ids))
    offered = {choice.id for choice in _offered(form, target.profile_id)}
    if not set(chosen) <= offered:
        raise invalid_field("groupIds", messages.OPTOUT_GROUP_UNKNOWN)
    if target.unsubscribed:
        return _page(target, form)
    with (
        transaction.atomic(),
        audit_context(path=AuditPath.RECIPIENT, actor_email=target.email_hint),
    ):
        for group_id in chosen:
            profiles_group_remove(profile_ids=[target.profile_id], group_id=group_id)
        if not chosen:
            unsubscribe_from_send(target.profile_id, target.send_id, source=OPT_OUT_PAGE_SOURCE)
        OptOutResponse.objects.create(
            form=form,
            profile_id=target.profile_id,
            send_id=target.send_id,
            reason=reason,
            left_group_ids=chosen,
            unsubscribed=not chosen,
        )
    return optout_page(token)
