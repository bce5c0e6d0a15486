"""GET /api/mm/mergeTags (the designer's picker) and the services other apps call: a
profile's context, the preview, and another client's profile."""

import pytest

from core.errors import NotFound
from marketing.audience.models import Profile, ProfileField, Rep
from marketing.rendering.catalogue import FIXED_GROUPS, SAMPLE_VALUES
from marketing.rendering.services import (
    LinkTracking,
    RenderContext,
    render_context_for_profile,
    render_shared,
    template_compile,
    template_preview,
)
from tests.support.http_api import foreign, http
from tests.support.tenants import in_schema

SPEC_GROUPS = [
    "client",
    "custom",
    "standard",
    "subscription",
    "orderProduction",
    "lateNotice",
    "repNotification",
    "productionContact",
    "summaryNotification",
    "productionNotification",
    "rss",
    "automation",
]


def _groups(response) -> dict[str, dict]:
    assert response.status_code == 200, response.content
    return {group["key"]: group for group in response.json()["groups"]}


def test_every_group_of_the_spec_with_the_real_fields(alpha, admin_api):
    with in_schema(alpha):
        ProfileField.objects.create(label="Plan", key="plan", field_type="dropdown", options=["A"])
    groups = _groups(admin_api.get("/api/mm/mergeTags"))
    assert list(groups) == SPEC_GROUPS
    client = {tag["name"]: tag for tag in groups["client"]["tags"]}
    for name in (
        "firstName",
        "lastName",
        "mailId",
        "company",
        "phone",
        "title",
        "city",
        "country",
        "county",
        "state",
        "repName",
        "timeTradeLink",
    ):
        assert name in client, name
    assert client["firstName"] == {
        "name": "firstName",
        "label": "First Name",
        "tag": "<% firstName %>",
    }
    assert client["repName"]["label"] == "Rep Name"
    assert groups["custom"]["tags"] == [{"name": "plan", "label": "Plan", "tag": "<% plan %>"}]
    summary = [tag["name"] for tag in groups["summaryNotification"]["tags"]]
    assert {"contractsToday", "meetingsWeek", "proposalsMonth", "pipelineVisibilityQuarter"} <= set(
        summary
    )
    rss = [tag["name"] for tag in groups["rss"]["tags"]]
    assert rss == [
        "RSS_channelTitle",
        "RSS_title",
        "RSS_description",
        "RSS_pubDate",
        "RSS_link",
        "RSS_guid",
        "RSS_author",
        "RSS_enclosure",
    ]
    assert all(group["tags"] for key, group in groups.items() if key != "custom")


def test_another_clients_custom_fields_are_not_listed(alpha, beta, admin_api, beta_api):
    with in_schema(beta):
        ProfileField.objects.create(label="Beta only", key="betaonly", field_type="text")
    assert _groups(admin_api.get("/api/mm/mergeTags"))["custom"]["tags"] == []
    assert [
        tag["name"] for tag in _groups(beta_api.get("/api/mm/mergeTags"))["custom"]["tags"]
    ] == ["betaonly"]


def test_roles(alpha, user_api, nomkm_api, beta_api):
    assert user_api.get("/api/mm/mergeTags").status_code == 200
    assert nomkm_api.get("/api/mm/mergeTags").status_code == 403
    assert foreign(beta_api, alpha).get("/api/mm/mergeTags").status_code == 403
    assert http(alpha.host).get("/api/mm/mergeTags").status_code == 401


def test_unknown_query_parameters_change_nothing(admin_api):
    assert admin_api.get("/api/mm/mergeTags", group="<script>").status_code == 200


# --- services ----------------------------------------------------------------------------

TEMPLATE = (
    "Hi <% firstName || there %> from <% repName || us %>",
    "<p>Dear <% firstName %> <% lastName %> (<% company %>), plan <% plan || none %>, "
    "id <% customerId %>, rep <% repFirstName %> &lt;<% repEmail %>&gt;</p>"
    '<a href="https://shop.example.com/?c=<% customerId %>">Shop</a>',
    "Plan: <% plan %>; subscription: <% planName || n/a %>",
)


def _profile(**fields) -> Profile:
    ProfileField.objects.get_or_create(
        key="plan", defaults={"label": "Plan", "field_type": "dropdown", "options": ["Gold"]}
    )
    rep = Rep.objects.create(first_name="Jordan", last_name="Lee", email="jordan@rep.example")
    return Profile.objects.create(
        email="ada@example.com",
        first_name="Ada",
        last_name="Byron <ae>",
        company="Smith & Sons",
        rep=rep,
        custom={"plan": "Gold"},
        **fields,
    )


def test_a_profiles_context_renders_standard_custom_and_rep_fields(in_alpha):
    profile = _profile()
    compiled = template_compile(*TEMPLATE)
    context = render_context_for_profile(
        profile_id=profile.pk,
        shared=render_shared(values={"campaignId": 9}),
        extra={"planName": "Premium"},
        tracking=LinkTracking("https://t.example.com/c", "tok"),
    )
    rendered = compiled.render(context)
    assert rendered.subject == "Hi Ada from Jordan Lee"
    assert rendered.html == (
        f"<p>Dear Ada Byron &lt;ae&gt; (Smith &amp; Sons), plan Gold, id {profile.pk}, rep "
        'Jordan &lt;jordan@rep.example&gt;</p><a href="https://t.example.com/c/tok/0">Shop</a>'
    )
    assert rendered.text == "Plan: Gold; subscription: Premium"
    assert compiled.link_url(0, context) == f"https://shop.example.com/?c={profile.pk}"


def test_a_profile_without_rep_shows_the_fallback_not_no_rep(in_alpha):
    profile = Profile.objects.create(email="norep@example.com")
    rendered = template_compile(*TEMPLATE).render(render_context_for_profile(profile_id=profile.pk))
    assert rendered.subject == "Hi there from us"


def test_preview_for_a_profile_and_with_sample_values(in_alpha):
    profile = _profile()
    for_profile = template_preview(*TEMPLATE, profile_id=profile.pk)
    assert for_profile.subject == "Hi Ada from Jordan Lee"
    assert 'href="https://shop.example.com/?c=' in for_profile.html  # previews track nothing
    sample = template_preview(*TEMPLATE)
    assert sample.subject == f"Hi {SAMPLE_VALUES['firstName']} from {SAMPLE_VALUES['repName']}"
    assert "plan none" in sample.html


def test_another_clients_profile_is_not_found(alpha, beta):
    with in_schema(beta):
        other = Profile.objects.create(email="beta-only@example.com").pk
    with in_schema(alpha):
        assert not Profile.objects.filter(pk=other).exists()
        with pytest.raises(NotFound):
            template_preview(*TEMPLATE, profile_id=other)
        with pytest.raises(NotFound):
            render_context_for_profile(profile_id=other)


def test_every_fixed_group_tag_renders_its_fallback_without_data():
    names = [tag.name for group in FIXED_GROUPS for tag in group.tags]
    source = "|".join(f"<% {name} || fb %>" for name in names)
    rendered = template_compile(source, source, source).render(RenderContext({}))
    assert rendered.subject == rendered.html == rendered.text == "|".join(["fb"] * len(names))
