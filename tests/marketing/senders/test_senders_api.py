"""/senderList's API: create, edit, delete, resend verification, the activation link, the
Senders plan limit, roles and clients."""

from urllib.parse import unquote

from django.core import signing

from marketing.senders import messages
from marketing.senders.models import Sender
from marketing.senders.services.activation import SALT
from tenants.models import AccessRule, Plan
from tests.support.http_api import foreign, http
from tests.support.senders import activation_link_in, domain_make
from tests.support.tenants import in_schema


def _create(api, capture, **body):
    data = {"name": "Shop news", "email": "news@shop.example", **body}
    with capture(execute=True):
        return api.post("/api/mm/senders", data)


def test_create_mails_a_link_that_confirms_only_on_post(
    admin_api, alpha, mail_sink, django_capture_on_commit_callbacks
):
    response = _create(admin_api, django_capture_on_commit_callbacks, replyTo="Help@Shop.example")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["email"] == "news@shop.example" and body["replyTo"] == "help@shop.example"
    assert body["isDefault"] is True  # the first sender
    assert (body["status"], body["problem"]) == ("pendingActivation", messages.SENDER_NOT_VERIFIED)
    [mail] = mail_sink.handler.for_recipient("news@shop.example")
    assert mail.message["Subject"] == "Confirm news@shop.example as a sender"
    token = unquote(activation_link_in(mail_sink, "news@shop.example"))

    page = http(alpha.host)
    shown = page.get("/api/external/senderActivation", {"token": token})
    assert shown.status_code == 200
    assert shown.json() == {
        "name": "Shop news",
        "email": "news@shop.example",
        "clientName": "Alpha",
        "verified": False,
    }
    with in_schema(alpha):
        assert Sender.objects.get().verified_at is None  # GET changed nothing
    confirmed = page.post(
        "/api/external/senderActivation", {"token": token}, content_type="application/json"
    )
    assert confirmed.status_code == 200 and confirmed.json()["verified"] is True
    again = page.post(
        "/api/external/senderActivation", {"token": token}, content_type="application/json"
    )
    assert again.status_code == 400
    assert again.json()["message"] == messages.SENDER_ACTIVATION_INVALID
    listed = admin_api.get("/api/mm/senders").json()["items"][0]
    # Confirmed, but its domain was never added.
    assert (listed["status"], listed["problem"]) == (
        "domainNotWhitelisted",
        messages.DOMAIN_NOT_WHITELISTED,
    )
    with in_schema(alpha):
        domain_make("shop.example")
    assert admin_api.get("/api/mm/senders").json()["items"][0]["status"] == "verified"


def test_links_expire_die_on_resend_and_stay_on_their_client(
    admin_api, beta_api, alpha, beta, mail_sink, settings, django_capture_on_commit_callbacks
):
    sender_id = _create(admin_api, django_capture_on_commit_callbacks).json()["id"]
    first = unquote(activation_link_in(mail_sink, "news@shop.example"))
    with django_capture_on_commit_callbacks(execute=True):
        resent = admin_api.post(f"/api/mm/senders/{sender_id}/activation")
    assert resent.json() == {"message": "Verification email sent to news@shop.example."}
    second = unquote(activation_link_in(mail_sink, "news@shop.example"))
    assert second != first
    page = http(alpha.host)
    old = page.get("/api/external/senderActivation", {"token": first})
    assert old.status_code == 400
    # The same token on another client's host, and a forged one.
    assert (
        http(beta.host).get("/api/external/senderActivation", {"token": second}).status_code == 400
    )
    forged = signing.dumps({"c": "alpha", "s": sender_id, "n": "x" * 32}, salt="other")
    assert page.get("/api/external/senderActivation", {"token": forged}).status_code == 400
    settings.SENDER_ACTIVATION_MAX_AGE = -1  # every link is now too old
    assert page.get("/api/external/senderActivation", {"token": second}).status_code == 400
    settings.SENDER_ACTIVATION_MAX_AGE = 3600
    assert page.get("/api/external/senderActivation", {"token": second}).status_code == 200
    assert signing.loads(second, salt=SALT)["c"] == "alpha"


def test_bad_input_in_the_spec_wording(admin_api, mail_sink, django_capture_on_commit_callbacks):
    cases = [
        ({"name": " "}, "name", messages.SENDER_NAME_REQUIRED),
        ({"name": "x" * 51}, "name", messages.SENDER_NAME_TOO_LONG),
        ({"email": "not-an-address"}, "email", messages.SENDER_EMAIL_INVALID),
        ({"replyTo": "nope@"}, "replyTo", messages.SENDER_EMAIL_INVALID),
    ]
    for body, field, message in cases:
        response = _create(admin_api, django_capture_on_commit_callbacks, **body)
        assert response.status_code == 400, body
        assert response.json()["errors"] == {field: [message]}
    assert _create(admin_api, django_capture_on_commit_callbacks, name="x" * 50).status_code == 201
    duplicate = _create(admin_api, django_capture_on_commit_callbacks, email="NEWS@shop.example")
    assert duplicate.status_code == 400
    assert duplicate.json()["errors"] == {"email": [messages.SENDER_EXISTS]}
    assert admin_api.get("/api/mm/senders", pageSize=7).status_code == 400
    assert admin_api.get("/api/mm/senders", sort="password").status_code == 400


def test_default_edit_disable_and_delete(admin_api, mail_sink, django_capture_on_commit_callbacks):
    first = _create(admin_api, django_capture_on_commit_callbacks).json()
    second = _create(
        admin_api, django_capture_on_commit_callbacks, name="Sales", email="sales@shop.example"
    ).json()
    assert second["isDefault"] is False
    refused = admin_api.patch(f"/api/mm/senders/{first['id']}", {"isEnabled": False})
    assert refused.json()["message"] == messages.SENDER_DEFAULT_DISABLED
    assert admin_api.delete(f"/api/mm/senders/{first['id']}").json()["message"] == (
        messages.SENDER_DEFAULT_DELETE
    )
    made = admin_api.patch(f"/api/mm/senders/{second['id']}", {"isDefault": True})
    assert made.json()["isDefault"] is True
    assert admin_api.delete(f"/api/mm/senders/{first['id']}").status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        changed = admin_api.patch(
            f"/api/mm/senders/{second['id']}", {"name": "Sales team", "email": "team@shop.example"}
        )
    assert changed.json()["name"] == "Sales team"
    assert changed.json()["status"] == "pendingActivation"
    assert mail_sink.handler.for_recipient("team@shop.example")
    assert admin_api.delete("/api/mm/senders/999999").status_code == 404


def test_list_search_sort_and_page(admin_api, mail_sink, django_capture_on_commit_callbacks):
    for name in ("Carol", "alice", "Bob"):
        _create(admin_api, django_capture_on_commit_callbacks, name=name, email=f"{name}@x.example")
    names = [s["name"] for s in admin_api.get("/api/mm/senders").json()["items"]]
    assert names == ["alice", "Bob", "Carol"]
    names = [s["name"] for s in admin_api.get("/api/mm/senders", sort="-name").json()["items"]]
    assert names == ["Carol", "Bob", "alice"]
    by_email = admin_api.get("/api/mm/senders", sort="-email").json()["items"]
    assert [s["email"] for s in by_email] == ["carol@x.example", "bob@x.example", "alice@x.example"]
    found = admin_api.get("/api/mm/senders", search="BO").json()
    assert [s["name"] for s in found["items"]] == ["Bob"] and found["total"] == 1


def test_the_senders_plan_limit(admin_api, alpha, mail_sink, django_capture_on_commit_callbacks):
    alpha.client.plan = Plan.objects.create(name="Two senders", limits={"Senders": 2})
    alpha.client.save()
    for n in range(2):
        assert (
            _create(admin_api, django_capture_on_commit_callbacks, email=f"s{n}@x.example")
        ).status_code == 201
    over = _create(admin_api, django_capture_on_commit_callbacks, email="s3@x.example")
    assert (over.status_code, over.json()["message"]) == (403, "Limit Exceeds")
    assert (
        admin_api.get("/api/checkPlanLimit", moduleName="Senders").json()["status"] == "OverLimit"
    )


def test_roles_and_clients(
    admin_api, user_api, nomkm_api, beta_api, alpha, mail_sink, django_capture_on_commit_callbacks
):
    sender_id = _create(admin_api, django_capture_on_commit_callbacks).json()["id"]
    # A user reads senders but changes them only when the access list lets users.
    assert user_api.get("/api/mm/senders").status_code == 200
    assert (
        _create(user_api, django_capture_on_commit_callbacks, email="u@x.example").status_code
        == 403
    )
    assert user_api.patch(f"/api/mm/senders/{sender_id}", {"name": "X"}).status_code == 403
    assert user_api.delete(f"/api/mm/senders/{sender_id}").status_code == 403
    AccessRule.objects.create(
        client=alpha.client, action_type="manageSenders", roles=["ADMIN", "USER"]
    )
    assert (
        _create(user_api, django_capture_on_commit_callbacks, email="u@x.example").status_code
        == 201
    )
    assert nomkm_api.get("/api/mm/senders").status_code == 403
    # Another client's admin sees none of alpha's senders and reaches none by id.
    assert beta_api.get("/api/mm/senders").json()["total"] == 0
    assert beta_api.patch(f"/api/mm/senders/{sender_id}", {"name": "X"}).status_code == 404
    assert foreign(beta_api, alpha).get("/api/mm/senders").status_code == 403
