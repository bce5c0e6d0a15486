"""Commerce events start workflows (spec 3's trigger category chargeBrite): a workflow
whose trigger is chargeBrite / subscriptionCancelled enrolls the buyer's profile when staff
cancel the subscription, once; a workflow on another commerce event does not."""

from billing.models import Customer
from marketing.workflows.models import Enrollment
from tests.support.commerce import URL, form_body
from tests.support.commerce_shopper import buy, shopper
from tests.support.tenants import in_schema
from tests.support.workflow_engine import publish

END = [{"id": "e", "type": "end"}]


def test_a_cancellation_starts_the_chargebrite_workflow(alpha, shop, user_api, admin_api):
    with in_schema(alpha):
        cancelled = publish(END, kind="chargeBrite", key="subscriptionCancelled", name="Win back")
        refunded = publish(END, kind="chargeBrite", key="refunded", name="Sorry")
    form = user_api.post(URL, form_body(shop)).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    data = {"email": "dee@shop.example", "firstName": "Dee", "lastName": "Ow", "quantity": "1"}
    buy(shopper(), path, {**data, "planId": str(shop.monthly.pk)})
    (row,) = user_api.get("/api/mm/commerce/subscriptions").json()["items"]
    assert admin_api.post(f"/api/mm/commerce/subscriptions/{row['id']}/cancel").status_code == 200
    with in_schema(alpha):
        enrolled = Enrollment.objects.filter(workflow=cancelled)
        buyer = Customer.objects.get(email="dee@shop.example").profile_id
        assert [e.profile_id for e in enrolled] == [buyer]
        assert not Enrollment.objects.filter(workflow=refunded).exists()
