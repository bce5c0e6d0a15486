"""The shopper's side of checkout forms, on the pages host (config/pages.py: a separate,
cookieless origin; paths below come after /<schema>), and Stripe's webhook on the public
host.

- GET  /co/<key>          the form: its plans, the profile fields, the card element of
                          Stripe.js (localstripe's stand-in when no key is set);
- POST /co/<key>/start    JSON {token, data}: the choices checked, the Stripe customer and
                          SetupIntent made; answers the SetupIntent's client secret;
- POST /co/<key>/pay      JSON {token}: the confirmed card charged (services/checkout.py);
- GET  /co/<key>/done     the success page of a paid attempt;
- GET  /-/co/checkout.js  the page's script;
- GET  /co/portal/<token> the shopper's self-service page (the signed link of a receipt):
                          subscriptions, invoices; POST .../cancel/<id> cancels one;
- POST /stripe/webhook    (public host) Stripe's events: the signature checked on the raw
                          body, the client found by the object's metadata, the event kept
                          once by id and handed to a task; answered at once.

Everything a marketer wrote is escaped by the templates. Each page has its own
Content-Security-Policy: scripts from the pages host and Stripe.js's origin only, fetches
to the pages host and Stripe only."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from billing.selectors import stripe_publishable_key
from core.errors import ServiceError
from marketing.audience.selectors.fields import form_field_list
from marketing.commerce import messages, selectors
from marketing.commerce.models import CheckoutAttempt, CheckoutStatus
from marketing.commerce.services.checkout import checkout_pay, checkout_start
from marketing.commerce.services.portal import portal_cancel, portal_customer, portal_invoices
from marketing.commerce.services.webhooks import webhook_accept

SCRIPT = Path(__file__).parent / "static" / "commerce" / "checkout.js"
BODY_LIMIT = 16_384


def _stripe_js() -> str:
    if settings.STRIPE_SECRET_KEY:
        return "https://js.stripe.com/v3/"
    return f"{settings.LOCALSTRIPE_URL}/js.stripe.com/v3/"


def _page(template: str, context: dict, *, status: int = 200) -> HttpResponse:
    nonce = secrets.token_urlsafe(16)
    stripe_js = context.get("stripe_js", "")
    stripe_origin = ""
    if stripe_js:
        parts = urlsplit(stripe_js)
        stripe_origin = f" {parts.scheme}://{parts.netloc}"
        if settings.STRIPE_SECRET_KEY:
            stripe_origin += " https://api.stripe.com"
    frames = stripe_origin or " 'none'"
    body = render_to_string(template, {**context, "nonce": nonce})
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = (
        f"default-src 'none'; script-src 'self'{stripe_origin}; "
        f"style-src 'nonce-{nonce}'; connect-src 'self'{stripe_origin}; "
        f"frame-src{frames}; img-src 'self' https:; "
        "form-action 'self'; base-uri 'none'; frame-ancestors *"
    )
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


def _unavailable() -> HttpResponse:
    return _page(
        "commerce/message.html",
        {"title": messages.PAGE_UNAVAILABLE, "lines": []},
        status=404,
    )


def _form(key: str):
    form = selectors.checkout_form_by_key(key)
    if form is None:
        raise Http404(messages.PAGE_UNAVAILABLE)
    return form


def _plan_label(plan) -> str:
    price = selectors.money(plan.amount, plan.currency)
    cycle = selectors.billing_cycle(plan.interval, plan.interval_count)
    label = f"{plan.product.name}: {plan.name}, {price} {cycle}"
    if plan.trial_days:
        label += f", {plan.trial_days}-day free trial"
    if plan.setup_fee:
        label += f", setup fee {selectors.money(plan.setup_fee, plan.currency)}"
    return label


@require_GET
def checkout_page(request, key: str):
    form = _form(key)
    if form.status != CheckoutStatus.PUBLISHED or not request.tenant.subscriptions_enabled:
        return _unavailable()
    plans = list(form.plans.all())
    labels = {f.key: f.label for f in form_field_list()}
    context = {
        "form": form,
        "title": form.title or form.name,
        "action": f"/{connection.schema_name}/co/{form.key}",
        "token": secrets.token_urlsafe(32),
        "publishable_key": stripe_publishable_key(),
        "stripe_js": _stripe_js(),
        "plans": [{"id": p.pk, "label": _plan_label(p)} for p in plans],
        "max_quantity": max((p.max_quantity for p in plans), default=1),
        "fields": [{"key": k, "label": labels.get(k, k)} for k in form.field_keys],
        "button_label": form.button_label or messages.PAY_BUTTON,
        "needs_script": messages.PAGE_NEEDS_SCRIPT,
    }
    return _page("commerce/checkout.html", context)


def _json(request) -> dict:
    if len(request.body) > BODY_LIMIT:
        raise ServiceError(messages.PAGE_UNAVAILABLE)
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("token"), str):
        raise ServiceError(messages.PAY_CARD_MISSING)
    return body


def _refusal(error: ServiceError) -> JsonResponse:
    return JsonResponse(
        {"message": error.message, "errors": error.errors}, status=error.status_code
    )


def _int(value, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


@csrf_exempt  # no cookie is read: the attempt's random token is the credential
@require_POST
def checkout_start_view(request, key: str):
    form = _form(key)
    try:
        body = _json(request)
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        answer = checkout_start(
            form=form,
            token=body["token"][:64],
            plan_id=_int(data.get("planId")),
            quantity=_int(data.get("quantity"), 1),
            email=str(data.get("email") or ""),
            data=data,
        )
    except ServiceError as error:
        return _refusal(error)
    return JsonResponse(answer)


@csrf_exempt
@require_POST
def checkout_pay_view(request, key: str):
    form = _form(key)
    try:
        attempt = checkout_pay(form=form, token=_json(request)["token"][:64])
    except ServiceError as error:
        return _refusal(error)
    return JsonResponse({"paid": True, "email": attempt.email})


@require_GET
def checkout_done(request, key: str):
    form = _form(key)
    token = request.GET.get("t", "")[:64]
    attempt = CheckoutAttempt.objects.filter(form=form, token=token, paid_at__isnull=False).first()
    if attempt is None:
        return _unavailable()
    lines = [form.success_message] if form.success_message else []
    lines.append(messages.PAY_SUCCESS.format(email=attempt.email))
    return _page("commerce/message.html", {"title": messages.PAY_SUCCESS_TITLE, "lines": lines})


@require_GET
def checkout_script(request):
    response = HttpResponse(SCRIPT.read_bytes(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=300"
    return response


@csrf_exempt  # Stripe's signature on the raw body is the credential
@require_POST
def stripe_webhook(request):
    status = webhook_accept(
        payload=request.body, signature=request.META.get("HTTP_STRIPE_SIGNATURE", "")
    )
    return HttpResponse(status=status)


def _portal_page(request, token: str, *, notice: str = "") -> HttpResponse:
    try:
        customer = portal_customer(token)
        invoices = portal_invoices(customer)
    except ServiceError as error:
        return _page("commerce/message.html", {"title": error.message, "lines": []}, status=404)
    subscriptions = [
        {
            "id": s.pk,
            "plan": f"{s.plan.product.name}: {s.plan.name}",
            "amount": selectors.money(s.plan.amount * s.quantity, s.plan.currency),
            "cycle": selectors.billing_cycle(s.plan.interval, s.plan.interval_count),
            "status": s.status,
            "ends": selectors.end_date_display(s.ended_at),
            "cancellable": s.status not in ("canceled", "incomplete_expired"),
        }
        for s in customer.subscriptions.select_related("plan__product")
    ]
    context = {
        "title": messages.PORTAL_TITLE,
        "email": customer.email,
        "notice": notice,
        "action": f"/{connection.schema_name}/co/portal/{token}",
        "subscriptions": subscriptions,
        "invoices": [
            {
                "date": selectors.date_display(selectors.instant(i.created)),
                "amount": selectors.money(i.amount_paid or i.amount_due, i.currency),
                "status": i.status,
            }
            for i in invoices
        ],
    }
    return _page("commerce/portal.html", context)


@require_GET
def portal_page(request, token: str):
    return _portal_page(request, token)


@csrf_exempt  # the signed link is the credential; no cookie is read
@require_POST
def portal_cancel_view(request, token: str, subscription_id: int):
    try:
        portal_cancel(customer=portal_customer(token), subscription_id=subscription_id)
    except ServiceError as error:
        return _portal_page(request, token, notice=error.message)
    return _portal_page(request, token, notice=messages.PORTAL_CANCELLED)
