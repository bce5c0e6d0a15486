"""The update-preferences page of a message: the default page every client has, its link
in the message (the `updatePreferencesLink` merge tag), the public calls that show and save
a person's groups or unsubscribe them from all, tokens refused on another client's host or
when altered, and the client's settings of the default page."""

import re

import pytest
from django.db import connection

from core.audit.models import AuditLog
from core.errors import ValidationFailed
from marketing.audience.models import Group, Profile, ProfileGroup, Unsubscribe
from marketing.delivery.models import Send, SendKind, UpdatePreferences
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.delivery.services.preferences import (
    preferences_for,
    preferences_save,
    update_preferences_default,
    update_preferences_delete,
)
from marketing.delivery.tokens import PREFERENCES, UNSUBSCRIBE, recipient_token
from marketing.tracking.models import EmailEvent, EventType
from tests.support.http_api import http
from tests.support.tenants import in_schema

API = "/api/external/preferences"


def _topics(tenant) -> tuple[int, int, int]:
    """Newsletter (offered by default), Events (offered here) and an internal group."""
    with in_schema(tenant):
        newsletter = Group.objects.get(default_key="newsletter").pk
        events = Group.objects.create(name="Events").pk
        internal = Group.objects.get(default_key="crmContact").pk
        update_preferences_default().groups.set([newsletter, events])
    return newsletter, events, internal


def _profile(tenant, email="ann@mail.example", groups=()) -> int:
    with in_schema(tenant):
        profile = Profile.objects.create(email=email, first_name="Ann")
        for group_id in groups:
            ProfileGroup.objects.create(profile=profile, group_id=group_id)
        return profile.pk


def _token(tenant, profile_id, send_id=1) -> str:
    return recipient_token(
        PREFERENCES, schema=tenant.client.schema_name, profile_id=profile_id, send_id=send_id
    )


def _groups(tenant, profile_id) -> set[int]:
    with in_schema(tenant):
        return set(
            ProfileGroup.objects.filter(profile_id=profile_id).values_list("group_id", flat=True)
        )


def _save(tenant, token, **body):
    return http(tenant.host).post(API, {"token": token, **body}, content_type="application/json")


def test_every_client_has_a_default_page_that_cannot_be_deleted(alpha, beta):
    for tenant in (alpha, beta):
        with in_schema(tenant):
            page = UpdatePreferences.objects.get(is_default=True)
            assert page.name == "Default Update Preferences"
            assert [g.default_key for g in page.groups.all()] == ["newsletter"]
            with pytest.raises(ValidationFailed) as refused:
                update_preferences_delete(page=page)
            assert refused.value.message == "Default forms cannot be deleted."
            assert UpdatePreferences.objects.filter(pk=page.pk).exists()


def test_the_message_carries_the_preferences_link(alpha, sink):
    profile_id = _profile(alpha)
    html = '<p>Hi</p><a href="<% updatePreferencesLink %>">Preferences</a>'
    html += '<a href="<% unsubscribeLink %>">Unsubscribe</a>'
    with in_schema(alpha):
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN,
            source_id=7,
            subject="News",
            html=html,
            text="Preferences: <% updatePreferencesLink %>",
            from_name="Shop",
            from_address="news@shop.example",
        )
        send_freeze(send, audience_sql="SELECT %s::bigint AS id", params=[profile_id])
        send_batch_run(send.pk)
    [received] = sink.handler.for_recipient("ann@mail.example")
    text = received.message.get_body(("plain",)).get_content()
    [url] = re.findall(r"https://\S+", text)
    assert url.startswith(f"https://{alpha.host}/external/managepreferences?token=")
    token = url.split("token=", 1)[1]
    assert token == _token(alpha, profile_id, send.pk)
    html_part = received.message.get_body(("html",)).get_content()
    assert f'href="{url}"' in html_part
    assert re.search(rf'href="https://{re.escape(alpha.host)}/u/[\w.-]+"', html_part)
    shown = http(alpha.host).get(API, {"token": token})
    assert shown.status_code == 200, shown.content


def test_the_page_shows_the_offered_topics_and_changes_nothing(alpha):
    newsletter, events, internal = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter, internal])
    mark = _audit_mark(alpha)
    shown = http(alpha.host).get(API, {"token": _token(alpha, profile_id)})
    assert shown.status_code == 200, shown.content
    assert shown.json() == {
        "emailHint": "a***@mail.example",
        "heading": "Manage your email preferences",
        "intro": "Choose the emails you want to receive from us.",
        "topics": [
            {"groupId": events, "name": "Events", "member": False},
            {"groupId": newsletter, "name": "Newsletter", "member": True},
        ],
        "offerUnsubscribeAll": True,
        "unsubscribed": False,
    }
    assert _groups(alpha, profile_id) == {newsletter, internal}
    with in_schema(alpha):
        assert not AuditLog.objects.filter(id__gt=mark).exists()


def _audit_mark(alpha) -> int:
    """The newest audit row's id now: rows a real worker of another test committed in
    this client stay there, so each test reads only the rows after its mark."""
    with in_schema(alpha):
        return AuditLog.objects.order_by("-id").values_list("id", flat=True).first() or 0


def test_saving_changes_the_offered_groups_only_in_one_go(alpha):
    newsletter, events, internal = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter, internal])
    mark = _audit_mark(alpha)
    saved = _save(alpha, _token(alpha, profile_id), groupIds=[events])
    assert saved.status_code == 200, saved.content
    assert {t["name"]: t["member"] for t in saved.json()["topics"]} == {
        "Events": True,
        "Newsletter": False,
    }
    assert _groups(alpha, profile_id) == {events, internal}  # the internal group stays
    with in_schema(alpha):
        rows = AuditLog.objects.filter(id__gt=mark).order_by("id")
        assert [r.event_type for r in rows] == ["profile.addedToGroup", "profile.removedFromGroup"]
        assert {(r.path, r.actor_email) for r in rows} == {("recipient", "a***@mail.example")}
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is None


def test_unsubscribe_from_all(alpha):
    newsletter, _, _ = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter])
    with in_schema(alpha):
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN, source_id=9, subject="s", from_name="S",
            from_address="news@shop.example",
        )  # fmt: skip
    saved = _save(alpha, _token(alpha, profile_id, send.pk), unsubscribeAll=True)
    assert saved.status_code == 200, saved.content
    assert saved.json()["unsubscribed"] is True
    assert _groups(alpha, profile_id) == {newsletter}
    with in_schema(alpha):
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is not None
        assert Unsubscribe.objects.get(profile_id=profile_id).source == "preferencesPage"
        [event] = EmailEvent.objects.filter(event_type=EventType.UNSUBSCRIBED)
        assert (event.profile_id, event.campaign_id) == (profile_id, 9)
        row = AuditLog.objects.filter(event_type="profile.unsubscribed").latest("id")
        assert row.path == "recipient"


def test_bad_choices_are_refused_in_the_spec_words(alpha):
    newsletter, events, internal = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter])
    mark = _audit_mark(alpha)
    token = _token(alpha, profile_id)
    # A group the page does not offer (the person cannot join an internal group).
    refused = _save(alpha, token, groupIds=[internal])
    assert refused.status_code == 400
    assert refused.json()["errors"]["groupIds"] == ["Please choose among the topics shown."]
    # Nothing chosen and no other group: the profile would be left without one.
    refused = _save(alpha, token, groupIds=[])
    assert refused.status_code == 400
    assert refused.json()["message"] == "Choose at least one topic, or unsubscribe from all."
    for body in ({"groupIds": ["x"]}, {"groupIds": [0]}, {"unsubscribeAll": "maybe"}):
        assert _save(alpha, token, **body).status_code == 400, body
    assert http(alpha.host).post(API, "{", content_type="application/json").status_code == 400
    assert http(alpha.host).get(API).status_code == 400
    # Unsubscribe from all, when the page does not offer it.
    with in_schema(alpha):
        UpdatePreferences.objects.filter(is_default=True).update(offer_unsubscribe_all=False)
    refused = _save(alpha, token, unsubscribeAll=True)
    assert refused.status_code == 400
    assert _groups(alpha, profile_id) == {newsletter}
    with in_schema(alpha):
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is None
        assert not AuditLog.objects.filter(id__gt=mark).exists()


def test_tokens_of_another_client_altered_or_of_another_action_are_refused(alpha, beta):
    newsletter, events, _ = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter])
    token = _token(alpha, profile_id)
    _profile(beta)  # beta has a profile with the same id range
    message = "This preferences link is not valid. Please use the link of a recent email."
    on_beta = http(beta.host)
    assert on_beta.get(API, {"token": token}).json()["message"] == message
    answer = on_beta.post(API, {"token": token, "groupIds": []}, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["message"] == message
    altered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    for forged in (
        altered,
        "x",
        "",
        recipient_token(UNSUBSCRIBE, schema="alpha", profile_id=profile_id, send_id=1),
    ):
        answer = _save(alpha, forged, groupIds=[events])
        assert answer.status_code == 400 and answer.json()["message"] == message, forged
    assert _groups(alpha, profile_id) == {newsletter}


def test_services_read_and_save(alpha):
    newsletter, events, _ = _topics(alpha)
    profile_id = _profile(alpha, groups=[newsletter])
    token = _token(alpha, profile_id)
    connection.set_tenant(alpha.client)
    view = preferences_for(token)
    assert [(t.name, t.member) for t in view.topics] == [("Events", False), ("Newsletter", True)]
    view = preferences_save(token, group_ids=[newsletter, events], unsubscribe_all=False)
    assert all(t.member for t in view.topics)
    again = preferences_save(token, group_ids=[newsletter, events], unsubscribe_all=False)
    assert again == view  # nothing to change: nothing recorded twice
    assert AuditLog.objects.filter(event_type="profile.addedToGroup").count() == 1


def test_the_client_edits_its_default_page(alpha, admin_api, user_api):  # noqa: F811
    newsletter, events, _ = _topics(alpha)
    [page] = admin_api.get("/api/mm/updatePreferences").json()["items"]
    assert page["isDefault"] is True and page["groupIds"] == sorted([newsletter, events])
    assert page["groups"] == [
        {"id": events, "name": "Events"},
        {"id": newsletter, "name": "Newsletter"},
    ]
    path = f"/api/mm/updatePreferences/{page['id']}"
    body = {
        "name": "Reader choices",
        "heading": "Your emails",
        "intro": "Pick what you like.",
        "groupIds": [events],
        "offerUnsubscribeAll": False,
    }
    saved = admin_api._call("put", path, body)
    assert saved.status_code == 200, saved.content
    assert saved.json()["groupIds"] == [events] and saved.json()["heading"] == "Your emails"
    assert admin_api.get(path).json()["offerUnsubscribeAll"] is False
    # Spec 5.5: a group is required; a user needs the opt-out access the admin can grant.
    assert admin_api._call("put", path, {**body, "groupIds": []}).json()["errors"] == {
        "groupIds": ["At least one group is required."]
    }
    assert admin_api._call("put", path, {**body, "name": " "}).status_code == 400
    assert admin_api._call("put", path, {**body, "groupIds": [10**9]}).status_code == 400
    assert admin_api._call("put", path, {**body, "name": "x" * 101}).status_code == 400
    assert user_api._call("put", path, body).status_code == 403
    assert admin_api.get("/api/mm/updatePreferences/999999").status_code == 404
    with in_schema(alpha):
        row = AuditLog.objects.filter(event_type="updatePreferences.updated").latest("id")
        assert row.object_label == "Reader choices"
