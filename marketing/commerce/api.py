"""The commerce API (gates: config/operation_gates.py), on only where the client's
subscriptionsEnabled flag is (spec 1): the catalogue (products and plans), checkout and
order forms (/checkoutForms, /createcf, /checkoutForms-order, /createcf-order) and their
lifecycle, and the staff lists of subscriptions and orders with cancel and refund."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest
from ninja import Query, Router, Status

from billing import selectors as billing
from billing.models import Order, Plan, Subscription
from billing.services.catalogue import plan_create, product_create
from core.pages import pages_url
from core.pagination import PageQuery, paginate
from core.responses import ERRORS, ErrorOut
from marketing.commerce import selectors
from marketing.commerce.models import CheckoutForm
from marketing.commerce.schemas import (
    CheckoutFormIn,
    CheckoutFormOut,
    CheckoutFormPageOut,
    CheckoutFormPatch,
    CheckoutFormQuery,
    OrderOut,
    OrderPageOut,
    PlanIn,
    PlanOut,
    ProductIn,
    ProductListOut,
    ProductOut,
    RefundIn,
    SubscriptionOut,
    SubscriptionPageOut,
)
from marketing.commerce.services.checkout_forms import (
    checkout_form_create,
    checkout_form_delete,
    checkout_form_get,
    checkout_form_publish,
    checkout_form_replicate,
    checkout_form_save,
    checkout_form_unpublish,
    commerce_enabled_check,
)
from marketing.commerce.services.staff import order_refund, subscription_cancel

router = Router(tags=["commerce"])
WITH_STRIPE = {**ERRORS, 409: ErrorOut, 503: ErrorOut}


def _plan(plan: Plan) -> dict:
    return {
        "id": plan.pk,
        "product_id": plan.product_id,
        "product_name": plan.product.name,
        "name": plan.name,
        "amount": plan.amount,
        "currency": plan.currency,
        "amount_display": selectors.money(plan.amount, plan.currency),
        "interval": plan.interval,
        "interval_count": plan.interval_count,
        "billing_cycle": selectors.billing_cycle(plan.interval, plan.interval_count),
        "trial_days": plan.trial_days,
        "setup_fee": plan.setup_fee,
        "max_quantity": plan.max_quantity,
        "recurring": plan.recurring,
    }


def _form(form: CheckoutForm) -> dict:
    computed = ("key", "public_url", "plan_ids")
    out = {n: getattr(form, n) for n in CheckoutFormOut.model_fields if n not in computed}
    out.update(
        key=str(form.key),
        public_url=pages_url(connection.schema_name, f"/co/{form.key}"),
        plan_ids=sorted(plan.pk for plan in form.plans.all()),
    )
    return out


def _subscription(s: Subscription) -> dict:
    return {
        "id": s.pk,
        "email": s.customer.email,
        "plan_name": s.plan.name,
        "product_name": s.plan.product.name,
        "quantity": s.quantity,
        "status": s.status,
        "amount": s.plan.amount * s.quantity,
        "currency": s.plan.currency,
        "amount_display": selectors.money(s.plan.amount * s.quantity, s.plan.currency),
        "billing_cycle": selectors.billing_cycle(s.plan.interval, s.plan.interval_count),
        "start_at": s.start_at,
        "current_period_end": s.current_period_end,
        "trial_end": s.trial_end,
        "end_display": selectors.end_date_display(s.ended_at),
        "canceled_at": s.canceled_at,
        "checkout_form_id": s.checkout_form_id,
        "created_at": s.created_at,
    }


def _order(o: Order) -> dict:
    return {
        "id": o.pk,
        "email": o.customer.email,
        "plan_name": o.plan.name,
        "product_name": o.plan.product.name,
        "quantity": o.quantity,
        "status": o.status,
        "amount": o.amount,
        "amount_refunded": o.amount_refunded,
        "currency": o.currency,
        "amount_display": selectors.money(o.amount, o.currency),
        "checkout_form_id": o.checkout_form_id,
        "created_at": o.created_at,
    }


@router.get("/mm/commerce/products", response={200: ProductListOut, **ERRORS}, by_alias=True)
def commerceProductList(request: HttpRequest):
    """The catalogue: every product with its plans."""
    commerce_enabled_check()
    products = billing.product_list()
    items = [
        {
            "id": p.pk,
            "name": p.name,
            "description": p.description,
            "plans": [_plan(plan) for plan in p.plans.all()],
        }
        for p in products
    ]
    return {"items": items}


@router.post("/mm/commerce/products", response={201: ProductOut, **WITH_STRIPE}, by_alias=True)
def commerceProductCreate(request: HttpRequest, data: ProductIn):
    commerce_enabled_check()
    product = product_create(name=data.name, description=data.description)
    return Status(
        201,
        {"id": product.pk, "name": product.name, "description": product.description, "plans": []},
    )


@router.post("/mm/commerce/plans", response={201: PlanOut, **WITH_STRIPE}, by_alias=True)
def commercePlanCreate(request: HttpRequest, data: PlanIn):
    commerce_enabled_check()
    plan = plan_create(**data.model_dump())
    return Status(201, _plan(plan))


@router.get("/mm/checkoutForms", response={200: CheckoutFormPageOut, **ERRORS}, by_alias=True)
def checkoutFormList(request: HttpRequest, query: Query[CheckoutFormQuery]):
    """/checkoutForms (kind subscription) and /checkoutForms-order (kind order)."""
    commerce_enabled_check()
    forms = selectors.checkout_form_list(
        kind=query.kind, search=query.search, status=query.status, sort=query.sort
    )
    page = paginate(forms, page=query.page, page_size=query.pageSize)
    page["items"] = [_form(form) for form in page["items"]]
    return page


@router.post("/mm/checkoutForms", response={201: CheckoutFormOut, **ERRORS}, by_alias=True)
def checkoutFormCreate(request: HttpRequest, data: CheckoutFormIn):
    commerce_enabled_check()
    values = data.model_dump(exclude_none=True, exclude={"kind", "plan_ids"})
    form = checkout_form_create(
        member=request.auth, kind=data.kind, values=values, plan_ids=data.plan_ids
    )
    return Status(201, _form(form))


@router.get(
    "/mm/checkoutForms/{int:form_id}", response={200: CheckoutFormOut, **ERRORS}, by_alias=True
)
def checkoutFormGet(request: HttpRequest, form_id: int):
    commerce_enabled_check()
    return _form(checkout_form_get(form_id=form_id))


@router.patch(
    "/mm/checkoutForms/{int:form_id}", response={200: CheckoutFormOut, **ERRORS}, by_alias=True
)
def checkoutFormSave(request: HttpRequest, form_id: int, data: CheckoutFormPatch):
    commerce_enabled_check()
    values = data.model_dump(exclude_none=True, exclude={"plan_ids"})
    return _form(checkout_form_save(form_id=form_id, values=values, plan_ids=data.plan_ids))


@router.delete("/mm/checkoutForms/{int:form_id}", response={204: None, 409: ErrorOut, **ERRORS})
def checkoutFormDelete(request: HttpRequest, form_id: int):
    commerce_enabled_check()
    checkout_form_delete(form_id=form_id)
    return Status(204, None)


@router.post(
    "/mm/checkoutForms/{int:form_id}/publish",
    response={200: CheckoutFormOut, 409: ErrorOut, **ERRORS},
    by_alias=True,
)
def checkoutFormPublish(request: HttpRequest, form_id: int):
    commerce_enabled_check()
    return _form(checkout_form_publish(form_id=form_id))


@router.post(
    "/mm/checkoutForms/{int:form_id}/unpublish",
    response={200: CheckoutFormOut, 409: ErrorOut, **ERRORS},
    by_alias=True,
)
def checkoutFormUnpublish(request: HttpRequest, form_id: int):
    commerce_enabled_check()
    return _form(checkout_form_unpublish(form_id=form_id))


@router.post(
    "/mm/checkoutForms/{int:form_id}/replicate",
    response={201: CheckoutFormOut, **ERRORS},
    by_alias=True,
)
def checkoutFormReplicate(request: HttpRequest, form_id: int):
    commerce_enabled_check()
    return Status(201, _form(checkout_form_replicate(member=request.auth, form_id=form_id)))


@router.get(
    "/mm/commerce/subscriptions", response={200: SubscriptionPageOut, **ERRORS}, by_alias=True
)
def commerceSubscriptionList(request: HttpRequest, query: Query[PageQuery]):
    commerce_enabled_check()
    page = paginate(selectors.subscription_page(), page=query.page, page_size=query.pageSize)
    page["items"] = [_subscription(s) for s in page["items"]]
    return page


@router.post(
    "/mm/commerce/subscriptions/{int:subscription_id}/cancel",
    response={200: SubscriptionOut, **WITH_STRIPE},
    by_alias=True,
)
def commerceSubscriptionCancel(request: HttpRequest, subscription_id: int):
    commerce_enabled_check()
    return _subscription(subscription_cancel(subscription_id=subscription_id))


@router.get("/mm/commerce/orders", response={200: OrderPageOut, **ERRORS}, by_alias=True)
def commerceOrderList(request: HttpRequest, query: Query[PageQuery]):
    commerce_enabled_check()
    page = paginate(selectors.order_page(), page=query.page, page_size=query.pageSize)
    page["items"] = [_order(o) for o in page["items"]]
    return page


@router.post(
    "/mm/commerce/orders/{int:order_id}/refund",
    response={200: OrderOut, **WITH_STRIPE},
    by_alias=True,
)
def commerceOrderRefund(request: HttpRequest, order_id: int, data: RefundIn):
    commerce_enabled_check()
    return _order(order_refund(order_id=order_id, amount=data.amount))
