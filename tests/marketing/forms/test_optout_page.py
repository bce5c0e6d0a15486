"""The unsubscribe link's page as the default opt-out form builds it (spec 2.4
/external/useroptoutform): its reasons, the groups the person may leave instead, its
theme's stylesheet and thank-you text; the choice applied once, the reason recorded;
a token of another client refused."""

from marketing.audience.models import Group, GroupCategory, Profile, ProfileGroup
from marketing.delivery.models import Send, SendKind
from marketing.delivery.tokens import UNSUBSCRIBE, recipient_token
from marketing.forms.models import FormTheme, OptOutForm, OptOutResponse
from tests.support.http_api import http
from tests.support.tenants import in_schema

PAGE = "/api/external/optOutPage"


def _world(tenant) -> tuple[str, int, dict[str, int]]:
    """A profile in Weekly, Offers and Other; the default form offers Weekly, Offers and
    Shoes (which the profile is not in), with the Classic theme."""
    with in_schema(tenant):
        category = GroupCategory.objects.create(name="Newsletters")
        groups = {n: Group.objects.create(name=n, category=category).pk
                  for n in ("Weekly", "Offers", "Shoes")}  # fmt: skip
        groups["Other"] = Group.objects.create(name="Other").pk
        profile = Profile.objects.create(email="ann@mail.example")
        for name in ("Weekly", "Offers", "Other"):
            ProfileGroup.objects.create(profile=profile, group_id=groups[name])
        form = OptOutForm.objects.get(is_default=True)
        form.category = category
        form.thank_you_html = "<p>See you</p>"
        form.theme_id = FormTheme.objects.get(name="Classic").pk
        form.save()
        form.groups.set([groups["Weekly"], groups["Offers"], groups["Shoes"]])
        send = Send.objects.create(
            kind=SendKind.CAMPAIGN, source_id=7, subject="S", html="", text="",
            from_name="Shop", from_address="a@shop.example",
        )  # fmt: skip
        token = recipient_token(
            UNSUBSCRIBE, schema=tenant.client.schema_name, profile_id=profile.pk, send_id=send.pk
        )
        return token, profile.pk, groups


def _post(tenant, body):
    return http(tenant.host).post(PAGE, body, content_type="application/json")


def test_the_page_shows_the_default_form_and_leaves_groups_only(alpha):
    token, profile_id, groups = _world(alpha)
    shown = http(alpha.host).get(PAGE, {"token": token})
    assert shown.status_code == 200, shown.content
    page = shown.json()
    assert page["heading"] == "Unsubscribe" and page["buttonText"] == "Unsubscribe"
    assert page["reasons"][-1] == "Other"
    assert page["groups"] == [{"id": groups["Offers"], "name": "Offers"},
                              {"id": groups["Weekly"], "name": "Weekly"}]  # fmt: skip
    assert ".mc-submit{color:#ffffff;background-color:#1971c2" in page["themeCss"]
    assert page["thankYouHtml"] == "<p>See you</p>"
    for body, field in (
        ({"token": token, "reason": "Because"}, "reason"),
        ({"token": token, "groupIds": [groups["Shoes"]]}, "groupIds"),
        ({"token": token, "groupIds": [groups["Other"]]}, "groupIds"),
    ):
        refused = _post(alpha, body)
        assert (refused.status_code, list(refused.json()["errors"])) == (400, [field]), body
    assert _post(alpha, {"token": token, "groupIds": "x"}).status_code == 400
    left = _post(alpha, {"token": token, "reason": "Other", "groupIds": [groups["Weekly"]]})
    assert left.status_code == 200, left.content
    assert left.json()["unsubscribed"] is False
    assert [g["name"] for g in left.json()["groups"]] == ["Offers"]
    with in_schema(alpha):
        member_of = set(ProfileGroup.objects.filter(profile_id=profile_id)
                        .values_list("group_id", flat=True))  # fmt: skip
        assert member_of == {groups["Offers"], groups["Other"]}
        assert Profile.objects.get(pk=profile_id).unsubscribed_at is None
        response = OptOutResponse.objects.get()
        assert (response.reason, response.left_group_ids, response.unsubscribed) == (
            "Other", [groups["Weekly"]], False,
        )  # fmt: skip


def test_the_button_unsubscribes_once_with_the_reason(alpha, beta):
    token, profile_id, _ = _world(alpha)
    assert http(beta.host).get(PAGE, {"token": token}).status_code == 400
    assert _post(beta, {"token": token}).status_code == 400
    assert http(alpha.host).get(PAGE, {"token": "x"}).status_code == 400
    first = _post(alpha, {"token": token, "reason": "I receive too many emails"})
    assert first.status_code == 200 and first.json()["unsubscribed"] is True
    assert first.json()["groups"] == []
    again = _post(alpha, {"token": token, "reason": "I receive too many emails"})
    assert again.status_code == 200
    with in_schema(alpha):
        profile = Profile.objects.get(pk=profile_id)
        assert (profile.unsubscribed_at is not None, profile.unsubscribe_source) == (
            True, "optOutPage",
        )  # fmt: skip
        [response] = OptOutResponse.objects.all()
        assert (response.reason, response.unsubscribed) == ("I receive too many emails", True)
