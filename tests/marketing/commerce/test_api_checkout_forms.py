"""The checkout form calls: create with plans of the form's kind (spec 5.10: at least
one), groups and profile fields that exist; names unique; the list by kind, status and
search; the lifecycle of spec 3 and 4 (publish, unpublish, replicate = a copy in status
Replicated, delete = status Delete, refused while published); the subscriptionsEnabled
flag (spec 1); members only, another client's forms not found."""

from marketing.commerce.models import CheckoutForm
from tests.support.commerce import URL, form_body
from tests.support.http_api import foreign
from tests.support.tenants import in_schema


def _refused(answer, errors: dict) -> None:
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"] == errors


def test_create_and_read_a_checkout_form(alpha, shop, user_api, settings):
    answer = user_api.post(URL, form_body(shop))
    assert answer.status_code == 201, answer.content
    form = answer.json()
    assert (form["status"], form["kind"], form["layout"]) == ("Draft", "subscription", "singlePage")
    assert form["planIds"] == sorted([shop.monthly.pk, shop.yearly_trial.pk])
    assert form["fieldKeys"] == ["firstName", "lastName"]
    assert form["publicUrl"].endswith(f"/{alpha.client.schema_name}/co/{form['key']}")
    assert settings.PAGES_HOST in form["publicUrl"]
    assert user_api.get(f"{URL}/{form['id']}").json() == form


def test_spec_5_10_at_least_one_plan_and_plans_of_the_forms_kind(alpha, shop, user_api):
    _refused(
        user_api.post(URL, form_body(shop, planIds=[])),
        {"planIds": ["Please select at least one plan."]},
    )
    _refused(
        user_api.post(URL, form_body(shop, planIds=[shop.one_time.pk])),
        {"planIds": ["A checkout form sells recurring plans; one-time plans go on order forms."]},
    )
    _refused(
        user_api.post(URL, form_body(shop, kind="order", planIds=[shop.monthly.pk])),
        {"planIds": ["An order form sells one-time plans."]},
    )
    _refused(
        user_api.post(URL, form_body(shop, planIds=[999_999])),
        {"planIds": ["A plan on this form does not exist."]},
    )
    made = user_api.post(URL, form_body(shop)).json()
    _refused(
        user_api.patch(f"{URL}/{made['id']}", {"planIds": []}),
        {"planIds": ["Please select at least one plan."]},
    )
    assert (
        user_api.post(
            URL, form_body(shop, name="Order", kind="order", planIds=[shop.one_time.pk])
        ).status_code
        == 201
    )


def test_bad_input(alpha, shop, user_api):
    _refused(
        user_api.post(URL, form_body(shop, name=" ")), {"name": ["Please fill Checkout Form Name "]}
    )
    _refused(
        user_api.post(URL, form_body(shop, groupIds=[])),
        {"groupIds": ["Please select a group for the buyers' profiles."]},
    )
    _refused(
        user_api.post(URL, form_body(shop, groupIds=[987_654])),
        {"groupIds": ["A group chosen for the buyers does not exist."]},
    )
    _refused(
        user_api.post(URL, form_body(shop, fieldKeys=["shoeSize"])),
        {"fieldKeys": ["A field of this checkout form is not in the profile field registry."]},
    )
    for bad in ({"layout": "grid"}, {"kind": "gift"}, {"planIds": "1"}):
        assert user_api.post(URL, form_body(shop, **bad)).status_code == 400, bad
    user_api.post(URL, form_body(shop))
    _refused(
        user_api.post(URL, form_body(shop, name="SUBSCRIBE")),
        {"name": ["A checkout form with this name already exists."]},
    )
    for bad in ({"kind": "gift"}, {"status": "Gone"}, {"sort": "size"}, {"pageSize": 11}):
        assert user_api.get(URL, **bad).status_code == 400, bad


def test_lifecycle_publish_unpublish_replicate_delete(alpha, shop, user_api):
    form = user_api.post(URL, form_body(shop)).json()
    one = f"{URL}/{form['id']}"
    assert user_api.post(f"{one}/publish").json()["status"] == "Published"
    assert user_api.post(f"{one}/publish").status_code == 409
    assert (
        user_api.delete(one).json()["message"]
        == "Please unpublish the checkout form before deleting it."
    )
    copy = user_api.post(f"{one}/replicate")
    assert copy.status_code == 201
    copy = copy.json()
    assert (copy["status"], copy["name"], copy["replicatedFromId"]) == (
        "Replicated",
        "Subscribe copy 1",
        form["id"],
    )
    assert copy["planIds"] == form["planIds"] and copy["key"] != form["key"]
    assert user_api.post(f"{one}/unpublish").json()["status"] == "Unpublished"
    assert user_api.post(f"{one}/unpublish").status_code == 409
    assert user_api.delete(one).status_code == 204
    assert user_api.get(one).status_code == 404
    with in_schema(alpha):
        assert CheckoutForm.objects.get(pk=form["id"]).status == "Delete"
    listed = user_api.get(URL).json()
    assert [item["name"] for item in listed["items"]] == ["Subscribe copy 1"]
    # a deleted form's name is free again
    assert user_api.post(URL, form_body(shop)).status_code == 201


def test_list_by_kind_status_and_search(alpha, shop, user_api):
    user_api.post(URL, form_body(shop, name="Alpha plan"))
    made = user_api.post(URL, form_body(shop, name="Beta plan")).json()
    user_api.post(f"{URL}/{made['id']}/publish")
    user_api.post(URL, form_body(shop, name="Issues", kind="order", planIds=[shop.one_time.pk]))
    names = lambda **q: [i["name"] for i in user_api.get(URL, **q).json()["items"]]  # noqa: E731
    assert names(sort="name") == ["Alpha plan", "Beta plan"]
    assert names(kind="order") == ["Issues"]
    assert names(status="Published") == ["Beta plan"]
    assert names(search="ALPHA") == ["Alpha plan"]


def test_subscriptions_flag_off_refuses_every_call(alpha, shop, user_api):
    alpha.client.subscriptions_enabled = False
    alpha.client.save(update_fields=["subscriptions_enabled"])
    answer = user_api.get(URL)
    assert (answer.status_code, answer.json()["message"]) == (
        404,
        "Subscriptions are not enabled for this account.",
    )
    assert user_api.post(URL, form_body(shop)).status_code == 404


def test_roles_and_tenants(alpha, beta, shop, user_api, nomkm_api, beta_api):
    form = user_api.post(URL, form_body(shop)).json()
    assert nomkm_api.get(URL).status_code == 403
    assert foreign(user_api, beta).get(URL).status_code == 403
    beta.client.subscriptions_enabled = True
    beta.client.save(update_fields=["subscriptions_enabled"])
    assert beta_api.get(f"{URL}/{form['id']}").status_code == 404
    assert beta_api.get(URL).json()["items"] == []
