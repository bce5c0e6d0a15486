import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.errors import PermissionDenied, ValidationFailed
from core.pagination import paginate
from marketing.audience.messages import (
    CRM_DELETE,
    CRM_UPDATE,
    EMAIL_EXISTS,
    GROUP_REQUIRED,
    SAME_EMAIL,
)
from marketing.audience.models import (
    Group,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileTag,
    Rep,
    Tag,
    Unsubscribe,
)
from marketing.audience.selectors.profiles import ProfileFilters, profile_list
from marketing.audience.services.profiles import (
    profile_create,
    profile_update,
    profiles_archive,
    profiles_delete,
    profiles_group_add,
    profiles_group_remove,
    profiles_restore,
    profiles_tag_add,
    profiles_tag_remove,
    profiles_unsubscribe,
)
from tenants.messages import ACCESS_DENIED, LIMIT_EXCEEDS, NO_MKM_ACCESS
from tests.support.audience import make_profile, newsletter_id
from tests.support.http_api import bearer, foreign, http, signed_in
from tests.support.tenants import in_schema

PROFILES = "/api/mm/profiles"


def _unlimited(tenant):
    tenant.client.plan = None
    tenant.client.save()


# --- create -----------------------------------------------------------------------------


def test_admin_adds_a_profile_with_email_lower_cased(alpha, admin_api):
    group = newsletter_id(alpha)
    with in_schema(alpha):
        tag = Tag.objects.create(name="VIP")
        rep = Rep.objects.create(email="rep@alpha.example", first_name="Rita")
    response = admin_api.post(
        PROFILES,
        {
            "email": "  Ann.Lee@X.Example ",
            "firstName": "Ann",
            "lastName": "Lee",
            "zipCode": "02139",
            "repId": rep.pk,
            "groupIds": [group],
            "tagIds": [tag.pk],
        },
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["email"] == "ann.lee@x.example"
    assert (body["firstName"], body["lastName"], body["zipCode"]) == ("Ann", "Lee", "02139")
    assert body["repName"] == "Rita" and body["repId"] == rep.pk
    assert body["groups"] == [{"id": group, "name": "Newsletter"}]
    assert body["tags"] == [{"id": tag.pk, "name": "VIP"}]
    assert body["source"] == "addProfile" and body["isCsb"] is False
    with in_schema(alpha):
        assert Profile.objects.get(pk=body["id"]).email == "ann.lee@x.example"


def test_duplicate_email_is_refused_case_insensitively(alpha, admin_api):
    make_profile(alpha, "ann@x.example")
    response = admin_api.post(
        PROFILES, {"email": "ANN@x.example", "groupIds": [newsletter_id(alpha)]}
    )
    assert response.status_code == 400
    assert response.json() == {"message": EMAIL_EXISTS, "errors": {"email": [EMAIL_EXISTS]}}


def test_a_profile_needs_a_group(alpha, admin_api):
    response = admin_api.post(PROFILES, {"email": "a@x.example", "groupIds": []})
    assert response.status_code == 400
    assert response.json()["message"] == GROUP_REQUIRED


@pytest.mark.parametrize(
    "body,field",
    [
        ({"groupIds": [1]}, "email"),
        ({"email": "not-an-email", "groupIds": [1]}, "email"),
        ({"email": "a@x.example", "groupIds": ["x"]}, "groupIds.0"),
        ({"email": "a@x.example", "groupIds": [1], "firstName": "x" * 101}, "firstName"),
        ({"email": "a@x.example", "groupIds": [1], "doNotEmail": "maybe"}, "doNotEmail"),
        ({"email": "a@x.example", "groupIds": [99999]}, "groupIds"),
        ({"email": "a@x.example", "groupIds": [1], "repId": 99999}, "repId"),
        ({"email": "a@x.example", "groupIds": [1], "custom": {"nope": 1}}, "custom.nope"),
        ({"email": "a@x.example", "groupIds": [2**64]}, "groupIds.0"),
    ],
)
def test_bad_profile_input_is_a_400_with_field_errors(alpha, admin_api, body, field):
    response = admin_api.post(PROFILES, body)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_plan_limit_stops_the_third_contact(alpha, admin_api):
    group = newsletter_id(alpha)  # the test plan allows 2 contacts
    for n in range(2):
        assert (
            admin_api.post(PROFILES, {"email": f"p{n}@x.example", "groupIds": [group]}).status_code
            == 201
        )
    response = admin_api.post(PROFILES, {"email": "p3@x.example", "groupIds": [group]})
    assert response.status_code == 403 and response.json()["message"] == LIMIT_EXCEEDS


def test_custom_values_are_typed_and_validated(in_alpha):
    _unlimited(in_alpha)
    ProfileField.objects.create(label="Score", key="score", field_type="number")
    ProfileField.objects.create(label="Born", key="born", field_type="date")
    ProfileField.objects.create(label="Size", key="size", field_type="dropdown", options=["S", "M"])
    ProfileField.objects.create(
        label="Likes", key="likes", field_type="checkbox", options=["a", "b"]
    )
    group = Group.objects.get(default_key="newsletter").pk
    profile = profile_create(
        client=in_alpha.client,
        email="c@x.example",
        group_ids=[group],
        custom={"score": "12.5", "born": "1990-02-03", "size": "M", "likes": ["b", "a"]},
    )
    profile.refresh_from_db()
    assert profile.custom == {"score": 12.5, "born": "1990-02-03", "size": "M", "likes": ["b", "a"]}
    for custom, message in [
        ({"born": "1699-12-31"}, "Year must be between 1700 and 2260."),
        ({"born": "2261-01-01"}, "Year must be between 1700 and 2260."),
        ({"born": "2020-02-30"}, "Please enter a date as YYYY-MM-DD."),
        ({"score": "ten"}, "Please enter a number."),
        ({"score": "1e999999"}, "Please enter a number."),
        ({"size": "XL"}, "Please choose from the list."),
        ({"likes": ["a", "z"]}, "Please choose from the list."),
    ]:
        with pytest.raises(ValidationFailed) as error:
            profile_create(
                client=in_alpha.client, email="d@x.example", group_ids=[group], custom=custom
            )
        assert list(error.value.errors.values()) == [[message]]
    for year in ("1700-01-01", "2260-12-31"):
        profile_update(profile=profile, custom={"born": year})
        assert Profile.objects.get(pk=profile.pk).custom["born"] == year


# --- list and read ----------------------------------------------------------------------


def _seed_list(tenant):
    with in_schema(tenant):
        news = Group.objects.get(default_key="newsletter")
        media = Group.objects.get(default_key="mediaKit")
        tag = Tag.objects.create(name="Hot")
        rows = [
            Profile(email="zed@x.example", first_name="Zed", last_name="Adams"),
            Profile(
                email="amy@x.example",
                first_name="Amy",
                last_name="Young",
                verification_status="Valid",
            ),
            Profile(
                email="bob@y.example", first_name="Bob", last_name="Marley", soft_bounce_streak=5
            ),
            Profile(email="old@x.example", first_name="Old", archived_at="2024-01-01T00:00Z"),
            Profile(email="gone@x.example", first_name="Gone", deleted_at="2024-01-01T00:00Z"),
            Profile(email="quit@x.example", first_name="Quit", unsubscribed_at="2024-01-01T00:00Z"),
        ]
        profiles = Profile.objects.bulk_create(rows)
        ProfileGroup.objects.bulk_create(
            [ProfileGroup(profile=p, group=news) for p in profiles]
            + [ProfileGroup(profile=profiles[1], group=media)]
        )
        ProfileTag.objects.create(profile=profiles[2], tag=tag)
        return {p.email: p.pk for p in profiles}, media.pk, tag.pk


def _emails(response):
    assert response.status_code == 200, response.content
    return [item["email"] for item in response.json()["items"]]


def test_list_sorts_searches_and_filters(alpha, user_api):
    ids, media, tag = _seed_list(alpha)
    assert _emails(user_api.get(PROFILES, sort="email")) == [
        "amy@x.example",
        "bob@y.example",
        "quit@x.example",
        "zed@x.example",
    ]
    assert _emails(user_api.get(PROFILES, sort="-lastName"))[:2] == [
        "amy@x.example",
        "bob@y.example",
    ]
    assert _emails(user_api.get(PROFILES, sort="firstName"))[0] == "amy@x.example"
    assert _emails(user_api.get(PROFILES, search="MARL")) == ["bob@y.example"]
    assert _emails(user_api.get(PROFILES, search="y.exam")) == ["bob@y.example"]
    assert _emails(user_api.get(PROFILES, search="X.EXAM", sort="-email")) == [
        "zed@x.example",
        "quit@x.example",
        "amy@x.example",
    ]
    assert _emails(user_api.get(PROFILES, search="100%_")) == []
    assert _emails(user_api.get(PROFILES, groupId=media)) == ["amy@x.example"]
    assert _emails(user_api.get(PROFILES, tagId=tag)) == ["bob@y.example"]
    assert _emails(user_api.get(PROFILES, verification="Valid")) == ["amy@x.example"]
    assert _emails(user_api.get(PROFILES, status="archived")) == ["old@x.example"]
    assert _emails(user_api.get(PROFILES, status="deleted")) == ["gone@x.example"]
    assert _emails(user_api.get(PROFILES, status="unsubscribed")) == ["quit@x.example"]
    assert _emails(user_api.get(PROFILES, status="csb")) == ["bob@y.example"]


def test_search_words_match_the_email_or_begin_a_name(alpha, user_api):
    with in_schema(alpha):
        Profile.objects.bulk_create(
            [
                Profile(email="john.smith@acme.example", first_name="John", last_name="Smith"),
                Profile(email="jo@other.example", first_name="Johanna", last_name="Smithers"),
                Profile(email="k@acme.example", first_name="Kim", last_name="Goldsmith"),
            ]
        )
    found = lambda term: set(_emails(user_api.get(PROFILES, search=term)))  # noqa: E731
    smiths = {"john.smith@acme.example", "jo@other.example"}
    assert found("smith") == smiths  # a last name's start, or in the email
    assert found("SMITH") == smiths
    assert found("john sm") == {"john.smith@acme.example"}  # every word must match
    assert found("joh  smithers") == {"jo@other.example"}
    assert found("acme.example") == {"john.smith@acme.example", "k@acme.example"}
    assert found("@acme") == {"john.smith@acme.example", "k@acme.example"}
    assert found("oldsmith") == set()  # inside a name, not at its start, and not in the email
    assert found("hanna") == set()
    assert found("kim gold") == {"k@acme.example"}


def test_name_sorts_ignore_case(alpha, user_api):
    with in_schema(alpha):
        Profile.objects.bulk_create(
            [
                Profile(email="a@x.example", first_name="bea", last_name="van Dijk"),
                Profile(email="b@x.example", first_name="Adam", last_name="Vance"),
                Profile(email="c@x.example", first_name="Carl", last_name="Abbot"),
            ]
        )
    assert _emails(user_api.get(PROFILES, sort="firstName")) == [
        "b@x.example",
        "a@x.example",
        "c@x.example",
    ]
    assert _emails(user_api.get(PROFILES, sort="lastName")) == [
        "c@x.example",
        "a@x.example",
        "b@x.example",
    ]


def test_list_pages(alpha, user_api):
    with in_schema(alpha):
        Profile.objects.bulk_create(Profile(email=f"p{n:02}@x.example") for n in range(25))
    body = user_api.get(PROFILES, sort="email", page=2, pageSize=20).json()
    assert (body["total"], body["page"], body["pageSize"]) == (25, 2, 20)
    assert [item["email"] for item in body["items"]] == [
        f"p{n:02}@x.example" for n in range(20, 25)
    ]
    assert user_api.get(PROFILES, page=9).json() == {
        "total": 25,
        "totalIsEstimate": False,
        "page": 9,
        "pageSize": 10,
        "items": [],
    }


def test_long_lists_show_the_planners_estimate_instead_of_counting(in_alpha):
    Profile.objects.bulk_create(Profile(email=f"p{n:02}@x.example") for n in range(25))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE audience_profile")
    profiles = profile_list(filters=ProfileFilters())
    exact = paginate(profiles, page=2, page_size=10, exact_up_to=1000)
    assert (exact["total"], exact["total_is_estimate"]) == (25, False)
    estimated = paginate(profiles, page=2, page_size=10, exact_up_to=5)
    assert estimated["total_is_estimate"] is True and estimated["total"] >= 20


@pytest.mark.parametrize(
    "params,field",
    [
        ({"pageSize": 25}, "pageSize"),
        ({"page": 0}, "page"),
        ({"sort": "password"}, "sort"),
        ({"status": "gone"}, "status"),
        ({"verification": "Maybe"}, "verification"),
        ({"groupId": "x"}, "groupId"),
        ({"search": "a\x00"}, "search"),
    ],
)
def test_bad_list_query_is_a_400(alpha, user_api, params, field):
    response = user_api.get(PROFILES, **params)
    assert response.status_code == 400 and field in response.json()["errors"]


def test_list_loads_groups_and_tags_without_a_query_per_profile(in_alpha):
    group = Group.objects.get(default_key="newsletter")
    tag = Tag.objects.create(name="T")
    profiles = Profile.objects.bulk_create(Profile(email=f"n{n}@x.example") for n in range(20))
    ProfileGroup.objects.bulk_create(ProfileGroup(profile=p, group=group) for p in profiles)
    ProfileTag.objects.bulk_create(ProfileTag(profile=p, tag=tag) for p in profiles)
    with CaptureQueriesContext(connection) as queries:
        rows = list(profile_list(filters=ProfileFilters())[:20])
        assert all(len(p.groups.all()) == 1 and len(p.tags.all()) == 1 for p in rows)
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(selects) == 3  # profiles (with rep), their groups, their tags


def test_get_a_profile_and_404_for_an_unknown_id(alpha, user_api):
    pid = make_profile(alpha, "ann@x.example", first_name="Ann")
    assert user_api.get(f"{PROFILES}/{pid}").json()["firstName"] == "Ann"
    response = user_api.get(f"{PROFILES}/{pid + 1000}")
    assert response.status_code == 404 and response.json()["message"] == "Profile not found."
    assert user_api.get(f"{PROFILES}/{10**30}").status_code == 404


def test_members_without_marketing_access_are_refused(alpha, nomkm_api):
    for response in (
        nomkm_api.get(PROFILES),
        nomkm_api.get(f"{PROFILES}/1"),
        nomkm_api.post(PROFILES, {"email": "a@x.example", "groupIds": [1]}),
        nomkm_api.patch(f"{PROFILES}/1", {"firstName": "x"}),
        nomkm_api.post(f"{PROFILES}/bulk", {"action": "archive", "profileIds": [1]}),
    ):
        assert response.status_code == 403 and response.json()["message"] == NO_MKM_ACCESS


def test_another_clients_token_is_refused(alpha, beta_api):
    on_alpha = foreign(beta_api, alpha)
    assert on_alpha.get(PROFILES).status_code == 403
    assert on_alpha.post(PROFILES, {"email": "a@x.example", "groupIds": [1]}).status_code == 403


def test_another_clients_profile_ids_are_not_found(alpha, beta, admin_api):
    # Ids overlap across schemas: 7001 exists in both, 7002 only in beta.
    make_profile(beta, "b1@beta.example", id=7001)
    make_profile(beta, "b2@beta.example", id=7002)
    make_profile(alpha, "mine@alpha.example", id=7001)
    assert admin_api.get(f"{PROFILES}/7002").status_code == 404
    assert admin_api.patch(f"{PROFILES}/7002", {"firstName": "X"}).status_code == 404
    bulk = admin_api.post(f"{PROFILES}/bulk", {"action": "delete", "profileIds": [7002]})
    assert bulk.json()["affected"] == 0
    assert admin_api.get(f"{PROFILES}/7001").json()["email"] == "mine@alpha.example"
    assert admin_api.patch(f"{PROFILES}/7001", {"firstName": "A"}).status_code == 200
    with in_schema(beta):
        assert set(Profile.objects.values_list("first_name", "deleted_at")) == {("", None)}


# --- update -----------------------------------------------------------------------------


def test_patch_changes_only_the_given_fields(alpha, user_api):
    pid = make_profile(alpha, "ann@x.example", first_name="Ann", phone="123")
    with in_schema(alpha):
        media = Group.objects.get(default_key="mediaKit").pk
    response = user_api.patch(
        f"{PROFILES}/{pid}", {"lastName": "Lee", "groupIds": [media], "email": "New@X.example"}
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["firstName"], body["lastName"], body["phone"]) == ("Ann", "Lee", "123")
    assert body["email"] == "new@x.example"
    assert [g["id"] for g in body["groups"]] == [media]


def test_patch_rules(alpha, user_api):
    pid = make_profile(alpha, "ann@x.example")
    make_profile(alpha, "bob@x.example")
    crm = make_profile(alpha, "crm@x.example", source="crm")
    cases = [
        (pid, {"email": "ANN@x.example"}, 400, SAME_EMAIL),
        (pid, {"email": "bob@x.example"}, 400, EMAIL_EXISTS),
        (pid, {"groupIds": []}, 400, GROUP_REQUIRED),
        (crm, {"firstName": "X"}, 403, CRM_UPDATE),
    ]
    for profile_id, body, status, message in cases:
        response = user_api.patch(f"{PROFILES}/{profile_id}", body)
        assert (response.status_code, response.json()["message"]) == (status, message)
    assert user_api.patch(f"{PROFILES}/{pid}", {"email": "bad"}).status_code == 400


def test_custom_values_merge_on_update(in_alpha):
    ProfileField.objects.create(label="Score", key="score", field_type="number")
    ProfileField.objects.create(label="Note", key="note", field_type="text")
    profile = Profile.objects.create(email="a@x.example", custom={"score": 1, "note": "hi"})
    profile_update(profile=profile, custom={"score": 2})
    assert Profile.objects.get(pk=profile.pk).custom == {"score": 2, "note": "hi"}
    profile.refresh_from_db()
    profile_update(profile=profile, custom={"note": None})
    assert Profile.objects.get(pk=profile.pk).custom == {"score": 2}


def test_crm_profiles_cannot_be_updated(in_alpha):
    profile = Profile.objects.create(email="crm@x.example", source="crm")
    with pytest.raises(PermissionDenied, match=CRM_UPDATE):
        profile_update(profile=profile, first_name="X")


# --- bulk -------------------------------------------------------------------------------


def _bulk(api, action, ids, **extra):
    return api.post(f"{PROFILES}/bulk", {"action": action, "profileIds": ids, **extra})


def test_bulk_group_and_tag_actions_count_what_changed(in_alpha):
    news = Group.objects.get(default_key="newsletter")
    media = Group.objects.get(default_key="mediaKit")
    tag = Tag.objects.create(name="T")
    a, b, c = Profile.objects.bulk_create(Profile(email=f"{x}@x.example") for x in "abc")
    ProfileGroup.objects.bulk_create(
        [ProfileGroup(profile=a, group=news), ProfileGroup(profile=b, group=news)]
    )
    ProfileGroup.objects.create(profile=a, group=media)
    ids = [a.pk, b.pk, c.pk, 9999]
    assert profiles_group_add(profile_ids=ids, group_id=media.pk).affected == 2  # b, c
    assert ProfileGroup.objects.filter(group=media).count() == 3
    removed = profiles_group_remove(profile_ids=[a.pk, b.pk, c.pk], group_id=news.pk)
    assert (removed.affected, removed.skipped) == (2, 1)
    # c is only in Media Kit now: it keeps its only group.
    only = profiles_group_remove(profile_ids=[c.pk], group_id=media.pk)
    assert (only.affected, only.message) == (0, GROUP_REQUIRED)
    assert profiles_tag_add(profile_ids=ids + [a.pk], tag_id=tag.pk).affected == 3
    assert profiles_tag_add(profile_ids=[a.pk], tag_id=tag.pk).affected == 0
    assert profiles_tag_remove(profile_ids=[a.pk, b.pk], tag_id=tag.pk).affected == 2


def test_bulk_archive_delete_skip_crm_profiles(in_alpha):
    a, b, crm = Profile.objects.bulk_create(
        [
            Profile(email="a@x.example"),
            Profile(email="b@x.example"),
            Profile(email="c@x.example", source="crm"),
        ]
    )
    archived = profiles_archive(profile_ids=[a.pk, crm.pk])
    assert (archived.affected, archived.skipped) == (1, 1)
    assert profiles_archive(profile_ids=[crm.pk]).message == CRM_DELETE
    assert profiles_delete(profile_ids=[crm.pk]).message == CRM_DELETE
    deleted = profiles_delete(profile_ids=[a.pk, b.pk, crm.pk])
    assert (deleted.affected, deleted.skipped) == (2, 1)
    assert Profile.objects.filter(deleted_at__isnull=False).count() == 2
    crm.refresh_from_db()
    assert crm.archived_at is None and crm.deleted_at is None


def test_bulk_restore_clears_marks_within_the_plan_limit(in_alpha):
    live = Profile.objects.create(email="live@x.example")
    gone = Profile.objects.create(
        email="gone@x.example", deleted_at="2024-01-01T00:00Z", archived_at="2024-01-01T00:00Z"
    )
    old = Profile.objects.create(email="old@x.example", archived_at="2024-01-01T00:00Z")
    assert profiles_restore(client=in_alpha.client, profile_ids=[gone.pk]).affected == 1
    gone.refresh_from_db()
    assert gone.deleted_at is None and gone.archived_at is None
    with pytest.raises(PermissionDenied, match=LIMIT_EXCEEDS):  # plan allows 2 contacts
        profiles_restore(client=in_alpha.client, profile_ids=[old.pk, live.pk])
    assert Profile.objects.get(pk=old.pk).archived_at is not None


def test_bulk_unsubscribe_logs_each_opt_out_once(in_alpha):
    a, b = Profile.objects.bulk_create([Profile(email="a@x.example"), Profile(email="b@x.example")])
    result = profiles_unsubscribe(profile_ids=[a.pk, b.pk])
    assert (result.affected, result.skipped) == (2, 0)
    assert profiles_unsubscribe(profile_ids=[a.pk]).affected == 0
    a.refresh_from_db()
    assert a.unsubscribed_at is not None and a.unsubscribe_source == "manual"
    assert sorted(Unsubscribe.objects.values_list("email", "profile_id", "source")) == [
        ("a@x.example", a.pk, "manual"),
        ("b@x.example", b.pk, "manual"),
    ]


def test_bulk_api(alpha, admin_api, user_api):
    pid = make_profile(alpha, "a@x.example")
    with in_schema(alpha):
        tag = Tag.objects.create(name="T").pk
    assert _bulk(user_api, "addTag", [pid], tagId=tag).json() == {
        "affected": 1,
        "skipped": 0,
        "message": "Profiles updated successfully.",
    }
    refused = _bulk(user_api, "delete", [pid])
    assert refused.status_code == 403 and refused.json()["message"] == ACCESS_DENIED
    assert _bulk(admin_api, "delete", [pid]).json()["affected"] == 1
    assert _emails(admin_api.get(PROFILES, status="deleted")) == ["a@x.example"]
    # Finding 4: restoring is deleting's other half (deleteProfiles) ...
    assert _bulk(user_api, "restore", [pid]).status_code == 403
    assert _bulk(admin_api, "restore", [pid]).json()["affected"] == 1
    assert _emails(admin_api.get(PROFILES)) == ["a@x.example"]
    # ... and unsubscribing is enableOptOuts, admin-only by default.
    assert _bulk(user_api, "unsubscribe", [pid]).status_code == 403
    assert _bulk(admin_api, "unsubscribe", [pid]).json()["affected"] == 1


def test_user_may_delete_when_the_access_list_says_so(alpha, user_api):
    from tenants.models import AccessRule

    AccessRule.objects.create(
        client=alpha.client, action_type="deleteProfiles", roles=["ADMIN", "USER"]
    )
    pid = make_profile(alpha, "a@x.example")
    assert _bulk(user_api, "delete", [pid]).json()["affected"] == 1


@pytest.mark.parametrize(
    "body,field",
    [
        ({"action": "explode", "profileIds": [1]}, "action"),
        ({"action": "archive", "profileIds": []}, "profileIds"),
        ({"action": "archive", "profileIds": list(range(1, 10_002))}, "profileIds"),
        ({"action": "addToGroup", "profileIds": [1]}, "groupId"),
        ({"action": "addTag", "profileIds": [1]}, "tagId"),
        ({"action": "addToGroup", "profileIds": [1], "groupId": 99999}, "groupId"),
    ],
)
def test_bad_bulk_input_is_a_400(alpha, admin_api, body, field):
    response = admin_api.post(f"{PROFILES}/bulk", body)
    assert response.status_code == 400 and field in response.json()["errors"]


def test_the_connection_fixture_switches_schema(in_alpha):
    assert connection.schema_name == "alpha"


def test_create_without_group_ids_at_all_is_refused_not_crashed(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(alpha.host).post(
        "/api/mm/profiles",
        {"email": "nogroups@x.example"},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 400
    assert response.json()["message"] == "At least one group is needed to save a profile."


def test_null_character_in_a_field_is_refused(alpha, admin_api):
    body = {"email": "a@x.example", "groupIds": [newsletter_id(alpha)], "city": "a\x00b"}
    response = admin_api.post(PROFILES, body)
    assert response.status_code == 400
    with in_schema(alpha):
        assert not Profile.objects.filter(email="a@x.example").exists()
