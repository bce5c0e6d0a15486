"""Update preferences (spec 2.4 /external/managepreferences, /updatePreferences/:upId, 5.5).

A message's preferences link carries a recipient token of the `preferences` action
(tokens.py): valid on its own client's host only, for one profile. The page shows the
client's default update-preferences page for that profile: its heading and intro, the
groups (topics) it offers with the person's current membership, and "unsubscribe from
all" when the page offers it. Reading changes nothing; saving applies the new choice in
one transaction (the profile's row locked, so two saves cannot both leave it without a
group) with audit rows of the path `recipient`.

The admin side reads and edits the default page's texts and groups; the builders of the
forms issue will add more pages. The default one cannot be deleted (spec 5.5)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.context import audit_context
from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed, invalid_field
from core.messages import DEFAULT_FORM_UNDELETABLE
from marketing.audience.selectors.groups import group_list
from marketing.audience.selectors.mailable import profiles_by_id
from marketing.audience.services.profiles import profiles_group_add, profiles_group_remove
from marketing.audience.sql_surface import profile_table
from marketing.delivery.messages import (
    PREFERENCES_CHOOSE_ONE,
    PREFERENCES_LINK_INVALID,
    PREFERENCES_UNKNOWN_GROUP,
    PREFERENCES_UNSUBSCRIBE_ALL_OFF,
    UPDATE_PREFERENCES_GROUP_REQUIRED,
    UPDATE_PREFERENCES_HEADING_REQUIRED,
    UPDATE_PREFERENCES_NAME_REQUIRED,
    UPDATE_PREFERENCES_NAME_TAKEN,
    UPDATE_PREFERENCES_NOT_FOUND,
    UPDATE_PREFERENCES_UNKNOWN_GROUP,
)
from marketing.delivery.models import UpdatePreferences
from marketing.delivery.services.opt_out import email_masked, unsubscribe_from_send
from marketing.delivery.tokens import PREFERENCES, BadToken, recipient_token_read

PREFERENCES_PAGE_SOURCE = "preferencesPage"


# --- the recipient's page -------------------------------------------------------------


@dataclass(frozen=True)
class TopicChoice:
    group_id: int
    name: str
    member: bool


@dataclass(frozen=True)
class PreferencesView:
    email_hint: str  # "a***@mail.example", as on the opt-out page
    heading: str
    intro: str
    topics: list[TopicChoice]
    offer_unsubscribe_all: bool
    unsubscribed: bool


def update_preferences_default() -> UpdatePreferences:
    """The client's default page (every client has one: migration 0003)."""
    return UpdatePreferences.objects.get(is_default=True)


def _recipient(token: str):
    """(profile, send id) of a good preferences token; the spec-worded 400 otherwise."""
    try:
        profile_id, send_id = recipient_token_read(
            PREFERENCES, token, schema=connection.schema_name
        )
    except BadToken as error:
        raise ValidationFailed(PREFERENCES_LINK_INVALID) from error
    profile = profiles_by_id([profile_id]).get(profile_id)
    if profile is None or profile.deleted_at is not None:
        raise ValidationFailed(PREFERENCES_LINK_INVALID)
    return profile, send_id


def _view(page: UpdatePreferences, profile) -> PreferencesView:
    member_of = set(profile.groups.values_list("id", flat=True))
    return PreferencesView(
        email_hint=email_masked(profile.email),
        heading=page.heading,
        intro=page.intro,
        topics=[
            TopicChoice(group.pk, group.name, group.pk in member_of)
            for group in page.groups.order_by("name", "id")
        ],
        offer_unsubscribe_all=page.offer_unsubscribe_all,
        unsubscribed=profile.unsubscribed_at is not None,
    )


def preferences_for(token: str) -> PreferencesView:
    """What the page shows the token's profile (changes nothing)."""
    profile, _ = _recipient(token)
    return _view(update_preferences_default(), profile)


def preferences_save(token: str, *, group_ids: list[int], unsubscribe_all: bool) -> PreferencesView:
    """Apply the person's choice: `group_ids` are the offered groups they want to be in
    (the others offered are left); `unsubscribe_all` opts them out of every email instead
    (their groups stay as they were). Groups the page does not offer are never touched."""
    profile, send_id = _recipient(token)
    page = update_preferences_default()
    offered = set(page.groups.values_list("id", flat=True))
    chosen = set(group_ids)
    if not chosen <= offered:
        raise invalid_field("groupIds", PREFERENCES_UNKNOWN_GROUP)
    if unsubscribe_all and not page.offer_unsubscribe_all:
        raise invalid_field("unsubscribeAll", PREFERENCES_UNSUBSCRIBE_ALL_OFF)
    hint = email_masked(profile.email)
    with (
        transaction.atomic(),
        audit_context(path=AuditPath.RECIPIENT, actor_email=hint),
    ):
        with connection.cursor() as cursor:  # one save at a time per profile
            cursor.execute(
                f"SELECT 1 FROM {profile_table()} WHERE id = %s FOR UPDATE", [profile.pk]
            )
        if unsubscribe_all:
            unsubscribe_from_send(profile.pk, send_id, source=PREFERENCES_PAGE_SOURCE)
        else:
            member_of = set(profile.groups.values_list("id", flat=True))
            if not chosen and not (member_of - offered):
                raise ValidationFailed(PREFERENCES_CHOOSE_ONE)
            for group_id in sorted(chosen - member_of):
                profiles_group_add(profile_ids=[profile.pk], group_id=group_id)
            for group_id in sorted((member_of & offered) - chosen):
                profiles_group_remove(profile_ids=[profile.pk], group_id=group_id)
    profile = profiles_by_id([profile.pk])[profile.pk]
    return _view(page, profile)


# --- the client's settings ------------------------------------------------------------


def update_preferences_list():
    return UpdatePreferences.objects.order_by("-is_default", "name", "id")


def update_preferences_get(*, page_id: int) -> UpdatePreferences:
    page = UpdatePreferences.objects.filter(pk=page_id).first()
    if page is None:
        raise NotFound(UPDATE_PREFERENCES_NOT_FOUND)
    return page


def update_preferences_update(
    *,
    page: UpdatePreferences,
    name: str,
    heading: str,
    intro: str,
    group_ids: list[int],
    offer_unsubscribe_all: bool,
) -> UpdatePreferences:
    """Replace the page's texts and groups (spec 5.5: name and group required; 5.4: no
    duplicate names, whatever their case)."""
    name, heading, intro = name.strip(), heading.strip(), intro.strip()
    if not name:
        raise invalid_field("name", UPDATE_PREFERENCES_NAME_REQUIRED)
    if not heading:
        raise invalid_field("heading", UPDATE_PREFERENCES_HEADING_REQUIRED)
    ids = list(dict.fromkeys(group_ids))
    if not ids:
        raise invalid_field("groupIds", UPDATE_PREFERENCES_GROUP_REQUIRED)
    if group_list().filter(pk__in=ids).count() != len(ids):
        raise invalid_field("groupIds", UPDATE_PREFERENCES_UNKNOWN_GROUP)
    page.name, page.heading, page.intro = name, heading, intro
    page.offer_unsubscribe_all = offer_unsubscribe_all
    page.updated_at = timezone.now()
    try:
        with transaction.atomic():
            page.save()
            page.groups.set(ids)
            audit_record(
                AuditEvent.UPDATE_PREFERENCES_UPDATED,
                object_id=page.pk,
                label=page.name,
                extra={"groupIds": ids, "offerUnsubscribeAll": offer_unsubscribe_all},
            )
    except IntegrityError as error:
        raise invalid_field("name", UPDATE_PREFERENCES_NAME_TAKEN) from error
    return page


def update_preferences_delete(*, page: UpdatePreferences) -> None:
    """Delete a page other than the default (spec 5.5: the default must remain)."""
    if page.is_default:
        raise ValidationFailed(DEFAULT_FORM_UNDELETABLE)
    with transaction.atomic():
        audit_record(AuditEvent.UPDATE_PREFERENCES_DELETED, object_id=page.pk, label=page.name)
        page.delete()
